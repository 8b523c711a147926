/** The competitions module's public face: competitions, seasons, results and standings, result files, GraphQL types. */
export { CompetitionsModule } from './competitions.module.js';
export { CompetitionsService } from './competitions.service.js';
export { SeasonsService, seasonChanged } from './seasons.service.js';
export { SeasonRoomPolicy } from './season-room.policy.js';
export { StandingsService } from './standings.service.js';
export { DriverRecordService } from './driver-record.service.js';
export { ResultsService, STEWARDS_NOTE } from './results.service.js';
export { LiveDraftsService } from './live-drafts.service.js';
export { ResultsReader, latestRaceCrew } from './results.reader.js';
export { SeasonParam } from './dto/results.dto.js';
export { DriverStandingType, RaceResultType } from './graphql/competition.types.js';
export { MAX_RESULT_FILE_BYTES, ResultFileError, decodeResultFile, normalizePlatformId, parseResultFile } from './result-import/index.js';
export { JsonReader } from './result-import/json-reader.js';
export type { ImportedClassification, ImportedLine } from './result-import/index.js';
export { GAME_NAMES, classify, type ReadLine } from './result-import/classification.js';
export type { RaceProjection } from './standings.service.js';
export type { ScoredLine } from './standings/standings.js';
