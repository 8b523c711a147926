import { lazy, Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { rivalBeatenAtom } from './atoms.js';

// Downloaded only when a notice arrives: the header's first JavaScript does not grow.
const RivalBeatenNotice = lazy(() => import('./components/RivalBeatenNotice.js'));

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
