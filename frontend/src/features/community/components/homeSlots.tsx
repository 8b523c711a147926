import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';

/** The paid banner's height: reserved while it loads, so nothing below moves. */
export const BANNER_HEIGHT = { xs: 80, sm: 120 };

// Home's affiliates load as a chunk of their own, after the page's first paint.
const load = () => import('./HomeAffiliates.js');
const Banner = lazy(() => load().then((module) => ({ default: module.AffiliateBanner })));
const Logos = lazy(() => load().then((module) => ({ default: module.OfficialAffiliates })));

/** Home's paid-affiliate banner (rotating among the active paid affiliates). */
export function AffiliateBannerSlot() {
  return (
    <Suspense fallback={<Box sx={{ height: BANNER_HEIGHT, my: 3 }} aria-hidden />}>
      <Banner />
    </Suspense>
  );
}

/** Home's 'Official affiliates' logos. */
export function OfficialAffiliatesSlot() {
  return (
    <Suspense fallback={<Box sx={{ minHeight: 120 }} aria-hidden />}>
      <Logos />
    </Suspense>
  );
}
