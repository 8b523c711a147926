import { describe, expect, it, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { CalendarSubscribe, feedAddresses } from './CalendarSubscribe.js';

describe('CalendarSubscribe', () => {
  it('makes the feed’s address absolute, and a webcal:// one for calendar apps', () => {
    expect(feedAddresses('/api/calendar/league.ics', 'https://league.example')).toEqual({
      url: 'https://league.example/api/calendar/league.ics',
      webcal: 'webcal://league.example/api/calendar/league.ics',
    });
    expect(feedAddresses('/api/calendar/events/4.ics', 'http://localhost:3000').webcal).toBe('webcal://localhost:3000/api/calendar/events/4.ics');
  });

  it('links the webcal:// and plain addresses and copies the address', async () => {
    const writeText = jest.fn((_text: string) => Promise.resolve());
    Object.assign(navigator, { clipboard: { writeText } });
    render(<CalendarSubscribe path="/api/calendar/league.ics" what="all league races" />);
    const url = `${window.location.origin}/api/calendar/league.ics`;
    expect(screen.getByRole('link', { name: 'Subscribe to all league races in your calendar' })).toHaveAttribute('href', url.replace(/^https?:/, 'webcal:'));
    expect(screen.getByRole('link', { name: '.ics file of all league races' })).toHaveAttribute('href', url);
    expect(screen.getByRole('status')).toHaveTextContent('Times are in UTC');
    fireEvent.click(screen.getByRole('button', { name: 'Copy address of the calendar of all league races' }));
    expect(await screen.findByText('Address copied: paste it into your calendar app.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(url);
  });

  it('shows the address to copy by hand when the clipboard refuses', async () => {
    Object.assign(navigator, { clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    render(<CalendarSubscribe path="/api/calendar/league.ics" what="all league races" />);
    fireEvent.click(screen.getByRole('button', { name: /Copy address of the calendar/ }));
    expect(await screen.findByText(`Copy this address: ${window.location.origin}/api/calendar/league.ics`)).toBeInTheDocument();
  });
});
