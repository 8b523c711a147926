/**
 * The public competition views' GraphQL documents: each selects every field of the contract DTO it
 * answers. Sent as persisted queries (by hash), so each document's text is its identity: the read
 * benchmark sends these same documents.
 */

import type { PageRequest } from '../../components/paging.js';

/** The most current competitions the Series page shows at once (the API's largest page is 1000). */
export const CURRENT_PAGE: PageRequest = { pageNumber: 0, pageSize: 100 };

const COMPETITION_SUMMARY = 'id name description style icon banner current group { id name } game { id name icon } platforms currentSeason { id name } leaderboardsEnabled';
const COMPETITION = `${COMPETITION_SUMMARY} seasons { id name rounds roundsWithResults }`;
const POINTS_SYSTEM =
  'preset tables { RACE SPRINT QUALIFYING } bonuses { pole fastestLap onlyInsideTop } minimumDistancePercent countBestRounds neverDropLastRounds noShowPenalty dnfScores teamBestDrivers';
const ROUND = 'id name date round published raceEvents { id position trackName races { id position raceEventType laps lengthMinutes hasResults } }';
const SEASON = `id name rules competition { ${COMPETITION_SUMMARY} } pointsSystem { ${POINTS_SYSTEM} } events { ${ROUND} }`;
const RACE_RESULTS =
  'raceId revision results { profileId driverName driverNumber teamId teamName position status laps totalTimeMs bestLapMs pole fastestLap points guest penaltyMs reason drivingTimeMs coDrivers { profileId driverName driverNumber guest laps drivingTimeMs points } }';
const STANDINGS = `seasonId version unpublishedEventIds
  drivers { position profile { id driverName driverNumber country } team { id name colour } points rounds { eventId points dropped } wins podiums penaltyPoints }
  teams { position team { id name colour } points rounds { eventId points } }`;

export const SERIES_DOCUMENT = `query Series($pageNumber: Int!, $pageSize: Int!) {
  competitionGroups { id name description icon banner live position }
  currentCompetitions(pageNumber: $pageNumber, pageSize: $pageSize) { content { ${COMPETITION_SUMMARY} } }
}`;
export const SERIES_DETAILS_DOCUMENT = `query SeriesDetails($competitionId: Int!, $seasonId: Int!) {
  competition(id: $competitionId) { ${COMPETITION} }
  season(id: $seasonId) { ${SEASON} }
}`;
export const LEADERBOARD_DOCUMENT = `query Leaderboard($competitionId: Int!, $withCompetition: Boolean!, $seasonId: Int!, $withSeason: Boolean!) {
  leaderboardCompetitions { ${COMPETITION} }
  competition(id: $competitionId) @include(if: $withCompetition) { ${COMPETITION} }
  season(id: $seasonId) @include(if: $withSeason) { ${SEASON} }
}`;
export const SEASON_EVENT_DOCUMENT = `query SeasonEvent($seasonId: Int!, $eventId: Int!) {
  seasonEvent(seasonId: $seasonId, id: $eventId) { ${ROUND} seasonId competition { id name } results { ${RACE_RESULTS} } }
}`;
export const STANDINGS_DOCUMENT = `query Standings($seasonId: Int!) { standings(seasonId: $seasonId) { ${STANDINGS} } }`;
