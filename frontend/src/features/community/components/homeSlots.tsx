import { lazy, Suspense } from 'react';
import './homeAffiliates.css';

// Home's affiliates load as a chunk of their own, after the page's first paint.
const load = () => import('./HomeAffiliates.js');
const Banner = lazy(() => load().then((module) => ({ default: module.AffiliateBanner })));
const Logos = lazy(() => load().then((module) => ({ default: module.OfficialAffiliates })));

/** Home's paid-affiliate banner (rotating among the active paid affiliates). */
export function AffiliateBannerSlot() {
  return (
    <Suspense fallback={<div className="pd-affiliate-banner-space" aria-hidden />}>
      <Banner />
    </Suspense>
  );
}

/** Home's 'Official affiliates' logos. */
export function OfficialAffiliatesSlot() {
  return (
    <Suspense fallback={<div className="pd-affiliates-space" aria-hidden />}>
      <Logos />
    </Suspense>
  );
}
