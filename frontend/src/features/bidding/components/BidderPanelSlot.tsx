import { Suspense } from 'react';
import { lazyPart } from '../../../components/lazyPart.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';

// The panel loads as a chunk of its own, after the page around it.
const BidderPanel = lazyPart(() => import('./BidderPanel.js'));

/** The bidder's panel: `numbers` on Profile (the driver), `teams` on My Teams (the teams the caller captains). */
export function BidderPanelSlot({ as }: { as: 'numbers' | 'teams' }) {
  return (
    <Suspense fallback={<CenteredLoader label="Loading the bidding rounds" />}>
      <BidderPanel as={as} />
    </Suspense>
  );
}

BidderPanelSlot.preload = BidderPanel.preload;
