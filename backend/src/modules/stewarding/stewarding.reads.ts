import { readTag } from '../../infra/read-cache/cached-read.js';

/** The public safety-car list: out of date after a decision or appeal, or when names, events or current seasons change. */
export const STEWARDING_READS = readTag('stewarding', [
  'TicketDecided',
  'TicketUpdated',
  'CompetitionChanged',
  'SeasonChanged',
  'EventDetailsChanged',
  'DriverProfileChanged',
]);
