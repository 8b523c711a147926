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

/**
 * Each caller's tickets (the profile's list), one entry per caller: out of date after what dates the
 * stewarding reads, a role change (a steward sees the panel a party does not) and a change of the
 * parties' teams. A season's stewarding settings (whether parties see the panel) record no domain
 * event: a change to them shows within the read cache's lifetime, as on the provisional flags.
 */
export const MY_TICKET_READS = readTag('my-tickets', [...STEWARDING_READS.invalidatedBy, 'UserRolesChanged', 'TeamChanged', 'TeamInviteChanged', 'EventAttendanceChanged']);
