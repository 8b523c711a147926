import { afterEach, describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { useMediaQuery } from './useMedia.js';

const original = window.matchMedia;

/** A matchMedia whose answer the test changes, telling the listeners as a browser does. */
function fakeMatchMedia(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return matches;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    set(next: boolean) {
      matches = next;
      listeners.forEach((listener) => listener());
    },
    listeners,
  };
}

function Probe() {
  return <p>{useMediaQuery('(min-width: 1200px)') ? 'wide' : 'narrow'}</p>;
}

describe('useMediaQuery', () => {
  afterEach(() => {
    window.matchMedia = original;
  });

  it('answers on the first render and follows changes', () => {
    const media = fakeMatchMedia(true);
    const { unmount } = render(<Probe />);
    expect(screen.getByText('wide')).toBeInTheDocument();
    act(() => media.set(false));
    expect(screen.getByText('narrow')).toBeInTheDocument();
    unmount();
    expect(media.listeners.size).toBe(0);
  });
});
