import { lazy, Suspense, useEffect, useState } from 'react';
import { Text } from '../../components/ui/index.js';
import { whenIdle } from '../../app/idle.js';
import './rivalsHome.css';

// Its own chunk, fetched once the first page is idle: Home's first JavaScript does not grow.
const RivalsHomeSection = lazy(() => import('./components/RivalsHomeSection.js'));

/** Home's Rivals (Beta) section (SPEC §2), mounted by Home with one line. It keeps the height the section takes while its chunk and data load (cards, title and a short table; rivalsHome.css), so nothing below it moves. */
export function RivalsHomeSlot() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  return (
    <section aria-labelledby="rivals-home-title" className="pd-rivals-home">
      <Text id="rivals-home-title" variant="h5" as="h2">
        Rivals (Beta)
      </Text>
      {ready && (
        <Suspense fallback={null}>
          <RivalsHomeSection />
        </Suspense>
      )}
    </section>
  );
}
