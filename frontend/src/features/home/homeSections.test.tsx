import { describe, expect, it } from '@jest/globals';
import userEvent from '@testing-library/user-event';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { VideoDto } from '@paddock/contracts/events.js';
import { LoginErrorAlert } from './LoginErrorAlert.js';
import { NextUpSection } from './NextUpSection.js';
import { VideosSection } from './VideosSection.js';

const video = (id: number): VideoDto => ({
  eventId: id,
  eventName: `Race ${id}`,
  eventDate: '2026-12-04T19:00:00.000Z',
  youtubeUrl: `https://youtu.be/v${id}`,
  videoId: `v${id}`,
  embedUrl: `https://www.youtube-nocookie.com/embed/v${id}`,
});

describe("Home's sections", () => {
  it('says why sign-in failed under a level-two heading', () => {
    render(<LoginErrorAlert />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2, name: 'Login error' })).toBeInTheDocument();
    expect(within(alert).getAllByRole('listitem')).toHaveLength(3);
  });

  it("holds Next up's place while loading and says when nothing is scheduled", () => {
    const { rerender } = render(
      <MemoryRouter>
        <NextUpSection events={[]} loading />
      </MemoryRouter>,
    );
    const section = screen.getByRole('region', { name: 'Next up' });
    expect(within(section).getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/events');
    expect(within(section).getByRole('status', { name: 'Loading events' })).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <NextUpSection events={[]} loading={false} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Nothing scheduled right now.')).toBeInTheDocument();
  });

  it('shows the three latest videos as cards with their event links and is absent without videos', async () => {
    const { container, rerender } = render(
      <MemoryRouter>
        <VideosSection videos={[video(1), video(2), video(3), video(4)]} />
      </MemoryRouter>,
    );
    const section = screen.getByRole('region', { name: 'Videos' });
    const list = within(section).getByRole('list', { name: 'Latest videos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const card = within(list).getByRole('article', { name: 'Race 2' });
    expect(within(card).getByRole('heading', { level: 3, name: 'Race 2' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Race 2' })).toHaveAttribute('href', '/events/2');
    // The player loads when played, and then starts at once.
    expect(within(card).queryByTitle('Video of Race 2')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Play: Video of Race 2' }));
    expect(within(card).getByTitle('Video of Race 2')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/v2?autoplay=1');
    expect(within(section).getByRole('link', { name: 'All videos' })).toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <VideosSection videos={[]} />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
