import { afterEach, describe, expect, it } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import { communityKeys, communityQueries } from '../../features/community/index.js';
import {
  applyMyAttendance,
  applyOwnEventChange,
  applyOwnLive,
  eventKeys,
  eventQueries,
  NEXT_PLANNED_PAGE,
  type AttendeeDto,
  type EventDetailsDto,
  type EventDto,
  type LiveDto,
  type Page,
} from '../../features/events/index.js';
import { detailsFixture, eventFixture } from '../../features/events/testing/eventFixture.js';
import { siteKeys, siteQueries } from '../../features/site/index.js';
import { installFakeApi, type FakeApi } from '../../testing/fakeApi.js';
import { bridgedCache, flush, show, stopLiveCaches } from '../../testing/liveCache.js';

const ok = (body: unknown) => ({ status: 200, body });

const SPEEDY: AttendeeDto = { profileId: 42, driverNumber: 7, driverName: '[ 7 ] - Speedy', team: null };
const SLOW: AttendeeDto = { profileId: 43, driverNumber: 8, driverName: '[ 8 ] - Slow', team: null };

afterEach(stopLiveCaches);

/** A cache bridged to a fake socket, and a fake API that serves what the league has now. */
function setUp(): ReturnType<typeof bridgedCache> {
  return bridgedCache({
    'GET /api/events/planned': () => ok({ content: [eventFixture({ id: 5 })], totalElements: 1 }),
    'GET /api/events/5': () => ok(detailsFixture({ id: 5 })),
    'GET /api/events/6': () => ok(detailsFixture({ id: 6 })),
    'GET /api/live': () => ok({ event: null, stream: null }),
    'GET /api/headlines': () => ok([{ id: 1, text: 'Season 5 on Monday', createdAt: '', updatedAt: '' }]),
    'GET /api/maintenance': () => ok({ enabled: false }),
  });
}

const GETS = (fake: FakeApi) => fake.calls.filter((call) => call.startsWith('GET'));

describe('the bridge from pushed messages to the cache', () => {
  it('writes a message that carries the new value in place, without fetching', async () => {
    const { queryClient, socket, fake } = setUp();
    await show(queryClient, communityQueries.headlines());
    await show(queryClient, siteQueries.maintenance());
    fake.calls.length = 0;
    socket.push('headlines.changed', { headlines: [{ id: 2, text: 'Rivals are live', createdAt: '', updatedAt: '' }] });
    socket.push('maintenance.changed', { enabled: true });
    await flush();
    expect(queryClient.getQueryData<{ text: string }[]>(communityKeys.headlines)?.map((headline) => headline.text)).toEqual(['Rivals are live']);
    expect(queryClient.getQueryData(siteKeys.maintenance)).toEqual({ enabled: true });
    expect(fake.calls).toEqual([]);
  });

  it('writes pushed attendance (counts and who is in) wherever the event is shown, without fetching /drivers', async () => {
    const { queryClient, socket, fake } = setUp();
    await show(queryClient, eventQueries.details(5));
    await show(queryClient, eventQueries.planned(NEXT_PLANNED_PAGE));
    fake.calls.length = 0;
    socket.push('event.attendance.changed', { eventId: 5, attendanceCount: 2, seatsLeft: 18, attendees: [SPEEDY, SLOW] });
    await flush();
    expect(queryClient.getQueryData<EventDetailsDto>(eventKeys.details(5))).toMatchObject({ attendanceCount: 2, seatsLeft: 18, attendance: [SPEEDY, SLOW] });
    const page = queryClient.getQueryData<Page<EventDto>>(eventQueries.planned(NEXT_PLANNED_PAGE).queryKey);
    expect(page?.content[0]).toMatchObject({ id: 5, attendanceCount: 2, seatsLeft: 18 });
    expect(fake.calls).toEqual([]);
  });

  it('refetches the shown event queries when events change, and only marks the others stale', async () => {
    const { queryClient, socket, fake } = setUp();
    await show(queryClient, eventQueries.planned(NEXT_PLANNED_PAGE));
    await show(queryClient, communityQueries.headlines());
    await queryClient.prefetchQuery(eventQueries.details(6)); // cached, not shown
    fake.calls.length = 0;
    socket.push('events.changed', { eventId: 5, published: true });
    await flush();
    expect(GETS(fake)).toEqual(['GET /api/events/planned?pageNumber=0&pageSize=1']);
    expect(queryClient.getQueryState(eventKeys.details(6))?.isInvalidated).toBe(true);
  });

  it('turns the live event off in place, and refetches it when one starts (the stream is not in the message)', async () => {
    const { queryClient, socket, fake } = setUp();
    await show(queryClient, eventQueries.live());
    queryClient.setQueryData<LiveDto>(eventKeys.live, { event: detailsFixture({ id: 5, live: true }), stream: null });
    fake.calls.length = 0;
    socket.push('live.changed', { live: false, eventId: null });
    await flush();
    expect(queryClient.getQueryData(eventKeys.live)).toEqual({ event: null, stream: null });
    expect(fake.calls).toEqual([]);
    socket.push('live.changed', { live: true, eventId: 5 });
    await flush();
    expect(fake.calls).toEqual(['GET /api/live']);
  });

  it('refetches every shown query after a resync and after the connection comes back', async () => {
    const { queryClient, socket, fake } = setUp();
    await show(queryClient, eventQueries.planned(NEXT_PLANNED_PAGE));
    await show(queryClient, eventQueries.details(5));
    await show(queryClient, communityQueries.headlines());
    await show(queryClient, siteQueries.maintenance());
    const shown = [...fake.calls].sort();
    expect(shown).toHaveLength(4);

    fake.calls.length = 0;
    socket.push('resync', {});
    // One fetch a task (see refetchMissed), each query once.
    await waitFor(() => expect([...fake.calls].sort()).toEqual(shown));

    fake.calls.length = 0;
    socket.drop();
    socket.serverAccepts();
    await waitFor(() => expect([...fake.calls].sort()).toEqual(shown));
  });
  it('sends the refetches of a resync one task each, so no long task holds up a tap meanwhile', async () => {
    const { queryClient, socket, fake } = setUp();
    await show(queryClient, eventQueries.planned(NEXT_PLANNED_PAGE));
    await show(queryClient, eventQueries.details(5));
    await show(queryClient, communityQueries.headlines());
    fake.calls.length = 0;

    socket.push('resync', {});
    expect(GETS(fake)).toEqual([]);
    await flush();
    expect(GETS(fake)).toHaveLength(1);
    await waitFor(() => expect(GETS(fake)).toHaveLength(3));
  });

  it('sends again a fetch still under way when the connection opens: it may have read the league before a change it could not hear about', async () => {
    const { queryClient, socket } = setUp();
    let answerStale: () => void = () => undefined;
    let liveNow = false;
    const fake = installFakeApi({
      'GET /api/live': () =>
        liveNow
          ? ok({ event: detailsFixture({ id: 5, live: true }), stream: null })
          : new Promise((resolve) => (answerStale = () => resolve(ok({ event: null, stream: null })))),
    });
    socket.drop();
    await show(queryClient, eventQueries.live());

    liveNow = true; // went live before this socket was in a room to hear it
    socket.serverAccepts();
    answerStale();
    await flush();
    await flush();
    expect(fake.calls).toEqual(['GET /api/live', 'GET /api/live']);
    expect(queryClient.getQueryData<LiveDto>(eventKeys.live)?.event?.id).toBe(5);
  });
});

describe('the browser that made the change', () => {
  it('does not refetch the event it saved or published when the echo arrives, but refreshes the lists it touched', async () => {
    const { queryClient, socket, fake } = setUp();
    await show(queryClient, eventQueries.details(5));
    await show(queryClient, eventQueries.planned(NEXT_PLANNED_PAGE));
    fake.calls.length = 0;

    // The API's answer to the save is the event as saved.
    applyOwnEventChange(queryClient, detailsFixture({ id: 5, name: 'Renamed' }), { echoed: true });
    await flush();
    expect(queryClient.getQueryData<EventDetailsDto>(eventKeys.details(5))?.name).toBe('Renamed');
    expect(fake.calls).toEqual([]);

    socket.push('events.changed', { eventId: 5, published: true });
    await flush();
    expect(GETS(fake)).toEqual(['GET /api/events/planned?pageNumber=0&pageSize=1']);

    // A later change (another browser's) refetches the event again.
    fake.calls.length = 0;
    socket.push('events.changed', { eventId: 5, published: true });
    await flush();
    expect([...GETS(fake)].sort()).toEqual(['GET /api/events/5', 'GET /api/events/planned?pageNumber=0&pageSize=1']);
  });

  it('does not refetch the live event it started when live.changed echoes', async () => {
    const { queryClient, socket, fake } = setUp();
    await show(queryClient, eventQueries.live());
    fake.calls.length = 0;
    applyOwnLive(queryClient, 5, { event: detailsFixture({ id: 5, live: true }), stream: { provider: 'TWITCH', id: 'paddock', url: 'https://www.twitch.tv/paddock' } });
    socket.push('live.changed', { live: true, eventId: 5 });
    await flush();
    expect(fake.calls).toEqual([]);
    expect(queryClient.getQueryData<LiveDto>(eventKeys.live)?.stream?.id).toBe('paddock');
  });

  it('fetches nothing when it joins: the answer and then the pushed attendees go straight into the cache', async () => {
    const { queryClient, socket, fake } = setUp();
    await show(queryClient, eventQueries.details(5));
    fake.calls.length = 0;
    applyMyAttendance(queryClient, { eventId: 5, attendanceCount: 3, seatsLeft: 17, attending: true }, SPEEDY);
    expect(queryClient.getQueryData<EventDetailsDto>(eventKeys.details(5))?.attendance).toContainEqual(SPEEDY);
    socket.push('event.attendance.changed', { eventId: 5, attendanceCount: 3, seatsLeft: 17, attendees: [SLOW, SPEEDY] });
    await flush();
    expect(queryClient.getQueryData<EventDetailsDto>(eventKeys.details(5))?.attendance).toEqual([SLOW, SPEEDY]);
    expect(fake.calls).toEqual([]);
  });
});
