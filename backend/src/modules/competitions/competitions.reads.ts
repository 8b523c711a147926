import { readTag } from '../../infra/read-cache/cached-read.js';

/**
 * Every public read of competitions, seasons, results and standings: out of date after any of these
 * domain events (rounds show events' names, dates and races; results and standings drivers' and teams' names).
 */
export const COMPETITION_READS = readTag('competitions', [
  'CompetitionGroupChanged',
  'CompetitionChanged',
  'SeasonChanged',
  'ResultPosted',
  'SeasonStandingsUpdated',
  'EventDetailsChanged',
  'EventPublicationChanged',
  'DriverProfileChanged',
  'TeamChanged',
]);
