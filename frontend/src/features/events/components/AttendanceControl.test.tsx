import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { installFakeApi, testUser } from '../../../testing/fakeApi.js';
import { currentUserAtom } from '../../auth/atoms.js';
import { detailsFixture } from '../testing/eventFixture.js';
import type { AttendanceCountDto, EventDetailsDto } from '../types.js';
import { AttendanceControl } from './AttendanceControl.js';
import { withCounts } from './EventDetailsPage.js';

const BEFORE_START = () => new Date('2026-12-01T00:00:00Z').getTime();

function renderControl(event: EventDetailsDto, user: ReturnType<typeof testUser> | null, onChanged: (counts: AttendanceCountDto) => void = () => undefined, now = BEFORE_START) {
  const store = createStore();
  store.set(currentUserAtom, user);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <AttendanceControl event={event} onChanged={onChanged} now={now} />
      </MemoryRouter>
    </Provider>,
  );
}

describe('Join / Leave', () => {
  it('asks a visitor to sign in', () => {
    renderControl(detailsFixture(), null);
    expect(screen.getByText(/Sign in with Discord to join/)).toBeInTheDocument();
  });

  it('sends a driver with an incomplete profile to Profile', () => {
    renderControl(detailsFixture(), testUser({ profileCompleted: false }));
    expect(screen.getByRole('link', { name: 'Complete your driver profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('joins with PUT /single/attendance and hands back the new counts', async () => {
    const fake = installFakeApi({ 'PUT /api/events/1/single/attendance': { status: 200, body: { eventId: 1, attendanceCount: 3, seatsLeft: 17, attending: true } } });
    const changes: AttendanceCountDto[] = [];
    renderControl(detailsFixture(), testUser(), (counts) => changes.push(counts));
    await userEvent.click(screen.getByRole('button', { name: 'Join event' }));
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(fake.requests[0]?.init?.body).toBe('{"attending":true}');
    expect(changes[0]).toMatchObject({ attendanceCount: 3, seatsLeft: 17 });
  });

  it('offers Leave to a driver who is in (profile 42 in the attendance)', () => {
    const event = detailsFixture();
    renderControl({ ...event, attendance: [...event.attendance, { profileId: 42, driverNumber: 7, driverName: '[ 7 ] - Speedy', team: null }] }, testUser());
    expect(screen.getByRole('button', { name: 'Leave event' })).toBeEnabled();
  });

  it('disables Join when no seat is left', () => {
    renderControl(detailsFixture({ seats: 2, attendanceCount: 2, seatsLeft: 0 }), testUser());
    expect(screen.getByRole('button', { name: 'Event full' })).toBeDisabled();
  });

  it('closes sign-ups once the event has started', () => {
    renderControl(detailsFixture(), testUser(), () => undefined, () => new Date('2026-12-04T19:00:01Z').getTime());
    expect(screen.getByText(/Sign-ups are closed/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('applies pushed counts to the shown event only', () => {
    const event = detailsFixture({ id: 5 });
    expect(withCounts(event, { eventId: 5, attendanceCount: 9, seatsLeft: 11 })).toMatchObject({ attendanceCount: 9, seatsLeft: 11 });
    expect(withCounts(event, { eventId: 6, attendanceCount: 9, seatsLeft: 11 })).toBe(event);
  });
});
