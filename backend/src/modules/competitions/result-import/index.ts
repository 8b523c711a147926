/** Result files from game servers (ACC, Assetto Corsa, rFactor 2, Le Mans Ultimate) → a classification, and its drivers → profiles. */
export { parseResultFile, decode as decodeResultFile, MAX_RESULT_FILE_BYTES } from './result-file.js';
export {
  identityKey,
  identityOf,
  matchDrivers,
  type DriverCandidate,
  type DriverMatches,
  type GameIdentity,
  type IdentityKind,
  type MatchableLine,
  type MatchedBy,
  type RememberedIdentities,
} from './match-drivers.js';
export {
  GAME_NAMES,
  ResultFileError,
  normalizePlatformId,
  type ImportedClassification,
  type ImportedDriver,
  type ImportedLine,
  type ResultFileFormat,
} from './classification.js';
