import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AffiliateDto } from '@paddock/contracts/community.js';
import { Text, TextAnchor } from '../../../components/ui/index.js';
import { communityQueries } from '../api.js';
import './homeAffiliates.css';

/** How long each paid banner shows before the next. */
const ROTATE_MS = 8000;

/** Outbound links open in a new tab; paid ones say they are sponsored. */
export const affiliateRel = (affiliate: Pick<AffiliateDto, 'monetized'>) => (affiliate.monetized ? 'noopener sponsored' : 'noopener');

/** Home's paid-affiliate banner: the active paid affiliates' banners in turn (paused while pointed at or focused). */
export function AffiliateBanner() {
  const affiliates = useQuery(communityQueries.activeAffiliates());
  const paid = (affiliates.data ?? []).filter((affiliate) => affiliate.monetized && affiliate.banner);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paid.length < 2 || paused) return;
    const timer = setInterval(() => setIndex((current) => current + 1), ROTATE_MS);
    return () => clearInterval(timer);
  }, [paid.length, paused]);
  if (affiliates.isPending) return <div className="pd-affiliate-banner-space" aria-hidden />;
  if (paid.length === 0) return null;
  const shown = paid[index % paid.length];
  return (
    <aside
      aria-label="Partner"
      className="pd-affiliate-banner"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <TextAnchor href={shown.affiliateUrl} target="_blank" rel={affiliateRel(shown)} data-testid="affiliate-banner" className="pd-affiliate-banner-link">
        <img src={shown.banner!} alt={`${shown.name} (opens in a new tab)`} />
      </TextAnchor>
    </aside>
  );
}

/** Home's 'Official affiliates': every active affiliate's logo, linking out in a new tab. */
export function OfficialAffiliates() {
  const affiliates = useQuery(communityQueries.activeAffiliates());
  if (affiliates.isPending) return <div className="pd-affiliates-space" aria-hidden />;
  const list = affiliates.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="affiliates-title" className="pd-affiliates">
      <Text id="affiliates-title" variant="h5" as="h2" gutterBottom>
        Official affiliates
      </Text>
      <ul className="pd-affiliates-list">
        {list.map((affiliate) => (
          <li key={affiliate.id}>
            <TextAnchor
              href={affiliate.affiliateUrl}
              target="_blank"
              rel={affiliateRel(affiliate)}
              className="pd-affiliates-link"
              aria-label={`${affiliate.name} (opens in a new tab)`}
            >
              {affiliate.icon ? <img src={affiliate.icon} alt="" width={64} height={64} /> : <span>{affiliate.name}</span>}
            </TextAnchor>
          </li>
        ))}
      </ul>
    </section>
  );
}
