import { describe, expect, it } from '@jest/globals';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { eventFixture } from '../events/testing/eventFixture.js';
import { bannerVariant, NextRaceBanner } from './NextRaceBanner.js';

const renderBanner = (event: ReturnType<typeof eventFixture>, mine = true) =>
  render(
    <MemoryRouter>
      <NextRaceBanner event={event} mine={mine} />
    </MemoryRouter>,
  );

describe('the next-race banner on Home', () => {
  it('warns about an assessment race with its track, the lobby advice and the event-info link', () => {
    renderBanner(eventFixture({ assessmentEvent: true }));
    const banner = screen.getByRole('region', { name: 'Next race' });
    expect(within(banner).getByRole('heading', { name: 'Assessment race' })).toBeInTheDocument();
    expect(banner).toHaveTextContent('Spa-Francorchamps');
    expect(banner).toHaveTextContent(/needed to race in all our competitions/);
    expect(banner).toHaveTextContent(/30 minutes before the race/);
    expect(within(banner).getByRole('link', { name: 'Event info and lobby host' })).toHaveAttribute('href', '/events/assessment');
  });

  it('names the competition of a season race and links Event info to its series', () => {
    renderBanner(eventFixture({ id: 31, season: { id: 4, competition: { id: 2, name: 'GT Cup' } } }));
    const banner = screen.getByRole('region', { name: 'Next race' });
    expect(within(banner).getByRole('heading', { name: 'GT Cup' })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Event info' })).toHaveAttribute('href', '/events/competitions/current/2/season/4#31');
  });

  it('says a race the driver has not joined is the league’s next one, and invites them to join it', () => {
    renderBanner(eventFixture({ id: 31, season: { id: 4, competition: { id: 2, name: 'GT Cup' } } }), false);
    const banner = screen.getByRole('region', { name: 'Next race' });
    expect(banner).toHaveTextContent('The league’s next series race');
    expect(banner).not.toHaveTextContent(/your next/i);
    expect(banner).toHaveTextContent('You are not in it yet: join it from the event page.');
    cleanup();
    renderBanner(eventFixture({ id: 15, name: 'Friday Night GT3' }), false);
    expect(screen.getByRole('region', { name: 'Next race' })).toHaveTextContent(/^The league’s next race.*You are not in it yet/);
    cleanup();
    renderBanner(eventFixture({ id: 31, season: { id: 4, competition: { id: 2, name: 'GT Cup' } } }));
    expect(screen.getByRole('region', { name: 'Next race' })).toHaveTextContent('Your next series race');
    expect(screen.getByRole('region', { name: 'Next race' })).not.toHaveTextContent('You are not in it yet');
  });

  it('shows any other race with its time (zone named), the lobby note and a link to the event', () => {
    renderBanner(eventFixture({ id: 15, name: 'Friday Night GT3' }));
    const banner = screen.getByRole('region', { name: 'Next race' });
    expect(within(banner).getByRole('link', { name: 'Friday Night GT3' })).toHaveAttribute('href', '/events/15');
    expect(banner.querySelector('time')).toHaveAttribute('datetime', '2026-12-04T19:00:00.000Z');
    expect(banner.querySelector('time')?.textContent).toMatch(/(UTC|GMT|[A-Z]{3,4})$/);
    expect(banner).toHaveTextContent(/Lobbies often open 30 minutes before the race/);
  });

  it('lets an assessment win over a season, as the link rule does', () => {
    expect(bannerVariant({ assessmentEvent: true, season: { id: 1, competition: { id: 1, name: 'x' } } })).toBe('assessment');
    expect(bannerVariant({ assessmentEvent: false, season: null })).toBe('race');
  });
});
