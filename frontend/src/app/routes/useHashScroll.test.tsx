import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { HASH_SCROLL_DELAY_MS, useHashScroll } from './useHashScroll.js';

function Page() {
  useHashScroll();
  return <div id="31">Race 31</div>;
}

describe('useHashScroll', () => {
  const originalScrollIntoView = Element.prototype.scrollIntoView;
  afterEach(() => {
    jest.useRealTimers();
    Element.prototype.scrollIntoView = originalScrollIntoView;
  });

  it('scrolls smoothly to the hash target after 0.5 s, not before', () => {
    jest.useFakeTimers();
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    render(
      <MemoryRouter initialEntries={['/events/competitions/current/2/season/4#31']}>
        <Page />
      </MemoryRouter>,
    );
    act(() => jest.advanceTimersByTime(HASH_SCROLL_DELAY_MS - 1));
    expect(scrollIntoView).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth' });
  });

  it('does nothing without a hash', () => {
    jest.useFakeTimers();
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    render(
      <MemoryRouter initialEntries={['/events']}>
        <Page />
      </MemoryRouter>,
    );
    act(() => jest.advanceTimersByTime(HASH_SCROLL_DELAY_MS * 2));
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
