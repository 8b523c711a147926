import { Suspense } from 'react';
import { lazyPart } from '../../components/lazyPart.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';

// The settings load as a chunk of their own, after the profile around them.
const NotificationSettings = lazyPart(() => import('./components/NotificationSettings.js'));

/** The profile's notification settings, mounted by the profile page with one line. */
export function NotificationSettingsSlot() {
  return (
    <Suspense fallback={<CenteredLoader label="Loading your notification settings" />}>
      <NotificationSettings />
    </Suspense>
  );
}

NotificationSettingsSlot.preload = NotificationSettings.preload;
