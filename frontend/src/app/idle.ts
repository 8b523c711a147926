/** Runs `task` once the browser has nothing more urgent to do, at the latest after `timeoutMs` (at once where idle callbacks are missing, as in Safari). */
export function whenIdle(task: () => void, timeoutMs = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: timeoutMs });
  else setTimeout(task, 0);
}
