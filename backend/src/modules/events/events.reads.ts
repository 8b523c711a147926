import { readTag } from '../../infra/read-cache/cached-read.js';

/**
 * Every public read of events, lists to videos: out of date after any of these domain events (a
 * competition's name and game show on the events that are rounds of its seasons).
 */
export const EVENT_READS = readTag('events', [
  'EventAttendanceChanged',
  'EventPublicationChanged',
  'EventDetailsChanged',
  'EventVideoChanged',
  'LiveEventChanged',
  'CompetitionChanged',
]);
