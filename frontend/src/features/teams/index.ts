// The teams feature's public face: what other features use. Screens are loaded lazily by app/areas.
export { teamCommands, teamKeys, teamQueries, useRespondToInvite } from './api.js';
