import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi, testUser } from '../../../testing/fakeApi.js';
import { currentUserAtom } from '../../auth/index.js';
import { detailsFixture } from '../testing/eventFixture.js';
import { eventKeys } from '../api.js';
import { withAttendance } from '../cache.js';
import type { EventDetailsDto } from '../types.js';
import { AttendanceControl } from './AttendanceControl.js';

const BEFORE_START = () => new Date('2026-12-01T00:00:00Z').getTime();

function renderControl(event: EventDetailsDto, user: ReturnType<typeof testUser> | null, now = BEFORE_START) {
  const store = createStore();
  store.set(currentUserAtom, user);
  const queryClient = createQueryClient();
  queryClient.setQueryData(eventKeys.details(event.id), event);
  render(
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>
        <MemoryRouter>
          <AttendanceControl event={event} now={now} />
        </MemoryRouter>
      </Provider>
    </QueryClientProvider>,
  );
  return queryClient;
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

  it('joins with PUT /single/attendance and writes the answer into the cache, without fetching anything', async () => {
    const fake = installFakeApi({ 'PUT /api/events/1/single/attendance': { status: 200, body: { eventId: 1, attendanceCount: 3, seatsLeft: 17, attending: true } } });
    const queryClient = renderControl(detailsFixture(), testUser());
    await userEvent.click(screen.getByRole('button', { name: 'Join event' }));
    await waitFor(() => expect(queryClient.getQueryData<EventDetailsDto>(eventKeys.details(1))?.attendanceCount).toBe(3));
    expect(fake.requests[0]?.init?.body).toBe('{"attending":true}');
    const cached = queryClient.getQueryData<EventDetailsDto>(eventKeys.details(1))!;
    expect(cached).toMatchObject({ attendanceCount: 3, seatsLeft: 17 });
    // The driver is in at once (the pushed message brings the list as the server keeps it).
    expect(cached.attendance.map((attendee) => attendee.profileId)).toContain(42);
    expect(fake.calls).toEqual(['PUT /api/events/1/single/attendance']);
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

  it('offers no Join on a team event: a captain enters the drivers; one entered may step out until the line-up locks', () => {
    renderControl(detailsFixture({ competitionStyle: 'TEAM' }), testUser());
    expect(screen.getByText('Team event: a team captain enters the drivers who race it.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps a driver in a team event after the line-up lock', () => {
    const event = detailsFixture({ competitionStyle: 'LVL', lineupLockMinutes: 60 * 24 * 4 });
    renderControl(
      { ...event, attendance: [...event.attendance, { profileId: 42, driverNumber: 7, driverName: '[ 7 ] - Speedy', team: { id: 1, name: 'Apex' } }] },
      testUser(),
    );
    expect(screen.getByText(/The line-up is locked/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('closes sign-ups once the event has started', () => {
    renderControl(detailsFixture(), testUser(), () => new Date('2026-12-04T19:00:01Z').getTime());
    expect(screen.getByText(/Sign-ups are closed/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('applies new counts to the shown event only', () => {
    const event = detailsFixture({ id: 5 });
    expect(withAttendance(event, { eventId: 5, attendanceCount: 9, seatsLeft: 11 })).toMatchObject({ attendanceCount: 9, seatsLeft: 11 });
    expect(withAttendance(event, { eventId: 6, attendanceCount: 9, seatsLeft: 11 })).toBe(event);
  });
});
