import { readTag } from '../../infra/read-cache/cached-read.js';

/** The public safety-car list and races' provisional flags: out of date after a ticket is filed, decided or appealed, or when names, events or current seasons change. */
export const STEWARDING_READS = readTag('stewarding', [
  'TicketFiled',
  'TicketDecided',
  'TicketUpdated',
  'CompetitionChanged',
  'SeasonChanged',
  'EventDetailsChanged',
  'DriverProfileChanged',
]);
