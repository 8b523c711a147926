import { Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { lazyThemed } from '../../components/ui/index.js';
import { rivalBeatenAtom } from './atoms.js';

// Downloaded only when a notice arrives, with MUI's theme scope: the header's first JavaScript does not grow.
const RivalBeatenNotice = lazyThemed(() => import('./components/RivalBeatenNotice.js').then((module) => module.default));

/** The header's "a rival beat you" notice (issue #12), mounted by the header with one line. */
export function RivalBeatenSlot() {
  const notices = useAtomValue(rivalBeatenAtom);
  if (notices.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RivalBeatenNotice />
    </Suspense>
  );
}
