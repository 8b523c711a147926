import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { AffiliateDto } from '@paddock/contracts/community.js';
import { communityQueries } from '../api.js';
import { BANNER_HEIGHT } from './homeSlots.js';

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
  if (affiliates.isPending) return <Box sx={{ height: BANNER_HEIGHT, my: 3 }} aria-hidden />;
  if (paid.length === 0) return null;
  const shown = paid[index % paid.length];
  return (
    <Box
      component="aside"
      aria-label="Partner"
      sx={{ my: 3 }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Link href={shown.affiliateUrl} target="_blank" rel={affiliateRel(shown)} data-testid="affiliate-banner" sx={{ display: 'block', height: BANNER_HEIGHT }}>
        <Box component="img" src={shown.banner!} alt={`${shown.name} (opens in a new tab)`} sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }} />
      </Link>
    </Box>
  );
}

/** Home's 'Official affiliates': every active affiliate's logo, linking out in a new tab. */
export function OfficialAffiliates() {
  const affiliates = useQuery(communityQueries.activeAffiliates());
  if (affiliates.isPending) return <Box sx={{ minHeight: 120 }} aria-hidden />;
  const list = affiliates.data ?? [];
  if (list.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="affiliates-title" sx={{ my: 3 }}>
      <Typography id="affiliates-title" variant="h5" component="h2" gutterBottom>
        Official affiliates
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {list.map((affiliate) => (
          <li key={affiliate.id}>
            <Link
              href={affiliate.affiliateUrl}
              target="_blank"
              rel={affiliateRel(affiliate)}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, minHeight: 64 }}
              aria-label={`${affiliate.name} (opens in a new tab)`}
            >
              {affiliate.icon ? (
                <Box component="img" src={affiliate.icon} alt="" width={64} height={64} sx={{ objectFit: 'contain' }} />
              ) : (
                <Typography component="span">{affiliate.name}</Typography>
              )}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
