// The stewarding feature's public face: what other features and app/ use. Screens are loaded lazily by app/areas;
// the slots below load their own chunks only where they show.
export { NO_QUEUE_FILTERS, stewardingKeys, stewardingQueries, useRaceStewarding } from './api.js';
export { MyTicketsAndLicence, ReportIncident, ResultsStatus, useMyTicketsAnswered } from './slots.js';
export type { ReportIncidentProps } from './slots.js';
