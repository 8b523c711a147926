import { readTag } from '../../infra/read-cache/cached-read.js';

/** Every public read of drivers (Grid, Crew, public profiles): out of date after any of these domain events. */
export const PROFILE_READS = readTag('profiles', [
  'DriverProfileChanged',
  'DriverPromoted',
  'UserRolesChanged',
  'TeamChanged',
  // A profile lists the events the driver entered.
  'EventAttendanceChanged',
  'EventPublicationChanged',
  'EventDetailsChanged',
]);
