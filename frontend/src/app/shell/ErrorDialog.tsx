import { Suspense, useEffect, useState } from 'react';
import { onApiError } from '../../lib/api/client.js';
import type { ApiErrorNotice } from '../../lib/api/errorBody.js';
import { lazyThemed } from '../../components/ui/index.js';

// The dialog itself (MUI, with its theme scope) is downloaded when the first error arrives: most page
// views never show it.
const ErrorDialogView = lazyThemed(() => import('./ErrorDialogView.js').then((module) => module.ErrorDialogView));

/** The global Error dialog of SPEC §8: opens for every api_error, one at a time. */
export function ErrorDialog() {
  const [queue, setQueue] = useState<ApiErrorNotice[]>([]);
  const [needed, setNeeded] = useState(false);

  useEffect(
    () =>
      onApiError((notice) => {
        setNeeded(true);
        setQueue((waiting) => [...waiting, notice]);
      }),
    [],
  );

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialogView notice={queue[0]} onClose={() => setQueue((waiting) => waiting.slice(1))} />
    </Suspense>
  );
}
