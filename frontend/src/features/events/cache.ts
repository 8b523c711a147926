/**
 * How event data in the cache follows a change: a pushed message (cacheBridge) or this browser's own
 * change (the API's answer). Pushed values are written in place; only what a message cannot carry is
 * refetched, and never what this browser already holds fresh from its own change.
 */
import type { QueryClient } from '@tanstack/react-query';
import { eventsChangedEcho, type EventAttendanceMessage } from '@paddock/contracts/pushes.js';
import { ownChangesOf } from '../../lib/query/ownChanges.js';
import { eventKeys } from './api.js';
import type { AttendeeDto, EventDetailsDto, EventDto, LiveDto, MyAttendanceDto, Page } from './types.js';

/** The echo a change of event `id` will get from the server. */
export { eventsChangedEcho };
export const liveChangedEcho = 'live.changed';

/** A new attendance applied to one event (unchanged when it is another event). */
export function withAttendance<T extends EventDto>(event: T, counts: { eventId: number; attendanceCount: number; seatsLeft: number }): T {
  return counts.eventId === event.id ? { ...event, attendanceCount: counts.attendanceCount, seatsLeft: counts.seatsLeft } : event;
}

function inPages(queryClient: QueryClient, update: (event: EventDto) => EventDto): void {
  queryClient.setQueriesData<Page<EventDto>>({ queryKey: eventKeys.lists }, (page) =>
    page && Array.isArray(page.content) ? { ...page, content: page.content.map(update) } : page,
  );
  queryClient.setQueriesData<{ event: EventDto | null }>({ queryKey: eventKeys.myNext }, (answer) => (answer?.event ? { event: update(answer.event) } : answer));
}

/** `event.attendance.changed`: counts and who is in, written wherever the event is shown (race line-ups, not in it, are refetched). */
export function applyAttendance(queryClient: QueryClient, message: EventAttendanceMessage): void {
  const { eventId, attendees } = message;
  queryClient.setQueryData<EventDetailsDto>(eventKeys.details(eventId), (event) => event && { ...withAttendance(event, message), attendance: attendees });
  queryClient.setQueryData<LiveDto>(eventKeys.live, (live) =>
    live?.event?.id === eventId ? { ...live, event: { ...withAttendance(live.event, message), attendance: attendees } } : live,
  );
  inPages(queryClient, (event) => withAttendance(event, message));
  // Race line-ups follow the entries (and are changed with this message too); it does not carry them.
  void queryClient.invalidateQueries({ queryKey: eventKeys.raceLineups(eventId) });
}

/**
 * This browser joined or left: the answer's counts, and the driver added to or removed from who is
 * in, until the pushed message brings the list as the server keeps it.
 */
export function applyMyAttendance(queryClient: QueryClient, answer: MyAttendanceDto, me: AttendeeDto): void {
  queryClient.setQueryData<EventDetailsDto>(eventKeys.details(answer.eventId), (event) => {
    if (!event) return event;
    const others = event.attendance.filter((attendee) => attendee.profileId !== me.profileId);
    return { ...withAttendance(event, answer), attendance: answer.attending ? [...others, me] : others };
  });
  inPages(queryClient, (event) => withAttendance(event, answer));
}

/**
 * This browser saved or (un)published an event: its page shows the answer, lists are refetched when
 * next shown, and the echo (`events.changed`, sent when the change is public) does not refetch the
 * event this browser already holds.
 */
export function applyOwnEventChange(queryClient: QueryClient, event: EventDto | EventDetailsDto, { echoed }: { echoed: boolean }): void {
  const key = eventKeys.details(event.id);
  queryClient.setQueryData<EventDetailsDto>(key, (current) => ('attendance' in event ? event : current && { ...current, ...event }));
  void queryClient.invalidateQueries({ queryKey: eventKeys.lists, refetchType: 'none' });
  if (echoed) ownChangesOf(queryClient).expect(eventsChangedEcho(event.id), [key]);
}

/** This browser started (`live` given) or ended (null) event `eventId`'s live stream. */
export function applyOwnLive(queryClient: QueryClient, eventId: number, live: LiveDto | null): void {
  queryClient.setQueryData<LiveDto>(eventKeys.live, live ?? { event: null, stream: null });
  queryClient.setQueryData<EventDetailsDto>(eventKeys.details(eventId), (event) => event && { ...event, live: live !== null });
  ownChangesOf(queryClient).expect(liveChangedEcho, [eventKeys.live]);
}
