import { useEffect, useState } from 'react';

/**
 * For a dialog its owner mounts to open and unmounts to close: when it goes, focus goes back to what had it when
 * the dialog was first drawn (the button that opened it), as closing the browser's dialog would do.
 */
export function useReturnFocus(): void {
  // Read while rendering, before the dialog opens and moves focus into itself.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  useEffect(
    () => () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    },
    [opener],
  );
}
