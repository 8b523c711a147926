import { lazy, Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { whenIdle } from '../../app/idle.js';

// Its own chunk, fetched once the first page is idle: Home's first JavaScript does not grow.
const RivalsHomeSection = lazy(() => import('./components/RivalsHomeSection.js'));

/** The height the section takes while its chunk and data load (cards, title and a short table), so nothing below it moves. */
const RESERVED_HEIGHT = { xs: 1000, md: 520 };

/** Home's Rivals (Beta) section (SPEC §2), mounted by Home with one line. */
export function RivalsHomeSlot() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  return (
    <Box component="section" aria-labelledby="rivals-home-title" sx={{ mt: 4, minHeight: RESERVED_HEIGHT }}>
      <Typography id="rivals-home-title" variant="h5" component="h2">
        Rivals (Beta)
      </Typography>
      {ready && (
        <Suspense fallback={null}>
          <RivalsHomeSection />
        </Suspense>
      )}
    </Box>
  );
}
