// Layout and enums from Kunos' ACC broadcasting SDK (ksBroadcastingNetwork/BroadcastingNetworkProtocol.cs and BroadcastingEnums.cs, protocol version 4).

/** Protocol version our registration announces. */
export const ACC_BROADCASTING_PROTOCOL_VERSION = 4;

export type AccSessionType = 'practice' | 'qualifying' | 'superpole' | 'race' | 'hotlap' | 'hotstint' | 'hotlapSuperpole' | 'replay';
export type AccSessionPhase = 'none' | 'starting' | 'preFormation' | 'formationLap' | 'preSession' | 'session' | 'sessionOver' | 'postSession' | 'resultUi';
export type AccCarLocation = 'none' | 'track' | 'pitlane' | 'pitEntry' | 'pitExit';
export type AccCupCategory = 'overall' | 'proAm' | 'am' | 'silver' | 'national';
export type AccDriverCategory = 'bronze' | 'silver' | 'gold' | 'platinum' | 'error';
export type AccBroadcastingEventType = 'none' | 'greenFlag' | 'sessionOver' | 'penalty' | 'accident' | 'lapCompleted' | 'bestSessionLap' | 'bestPersonalLap';

/** A lap as ACC sends it everywhere (best, last and current laps). */
export interface AccLap {
  /** null when the game has no time yet (its int32 max sentinel). */
  lapTimeMs: number | null;
  carIndex: number;
  driverIndex: number;
  /** The sector splits as sent (usually 3, fewer early in a lap); null for a split not run yet. */
  splitsMs: (number | null)[];
  isInvalid: boolean;
  isValidForBest: boolean;
  isOutLap: boolean;
  isInLap: boolean;
}

export interface AccRegistrationResult {
  kind: 'registrationResult';
  connectionId: number;
  success: boolean;
  /** Registered without (or with a wrong) command password: the game accepts no commands from us. */
  readOnly: boolean;
  errorMessage: string;
}

export interface AccRealtimeUpdate {
  kind: 'realtimeUpdate';
  eventIndex: number;
  sessionIndex: number;
  sessionType: AccSessionType;
  phase: AccSessionPhase;
  sessionTimeMs: number;
  sessionEndTimeMs: number;
  focusedCarIndex: number;
  activeCameraSet: string;
  activeCamera: string;
  currentHudPage: string;
  /** Present only while a replay plays. */
  replay: { sessionTimeMs: number; remainingTimeMs: number } | null;
  timeOfDayMs: number;
  ambientTempC: number;
  trackTempC: number;
  /** 0 to 1 in tenths, as are rainLevel and wetness. */
  clouds: number;
  rainLevel: number;
  wetness: number;
  bestSessionLap: AccLap;
}

export interface AccRealtimeCarUpdate {
  kind: 'realtimeCarUpdate';
  carIndex: number;
  driverIndex: number;
  driverCount: number;
  /** -1 reverse, 0 neutral, then the gear. */
  gear: number;
  worldPosX: number;
  worldPosY: number;
  yaw: number;
  location: AccCarLocation;
  speedKmh: number;
  /** Official position, 1-based. */
  position: number;
  cupPosition: number;
  /** Position on track, 1-based. */
  trackPosition: number;
  /** 0 to 1 around the lap. */
  splinePosition: number;
  laps: number;
  /** Realtime delta to the car's best session lap. */
  deltaMs: number;
  bestSessionLap: AccLap;
  lastLap: AccLap;
  currentLap: AccLap;
}

export interface AccEntryList {
  kind: 'entryList';
  connectionId: number;
  carIndexes: number[];
}

export interface AccDriver {
  firstName: string;
  lastName: string;
  shortName: string;
  category: AccDriverCategory;
  /** ACC's nationality code (NationalityEnum). */
  nationality: number;
}

export interface AccEntryListCar {
  kind: 'entryListCar';
  carIndex: number;
  carModelType: number;
  teamName: string;
  raceNumber: number;
  cupCategory: AccCupCategory;
  currentDriverIndex: number;
  nationality: number;
  drivers: AccDriver[];
}

export interface AccTrackData {
  kind: 'trackData';
  connectionId: number;
  trackName: string;
  trackId: number;
  trackMeters: number;
  cameraSets: { name: string; cameras: string[] }[];
  hudPages: string[];
}

export interface AccBroadcastingEvent {
  kind: 'broadcastingEvent';
  eventType: AccBroadcastingEventType;
  message: string;
  timeMs: number;
  carIndex: number;
}

/** What the game sends us. */
export type AccServerMessage = AccRegistrationResult | AccRealtimeUpdate | AccRealtimeCarUpdate | AccEntryList | AccEntryListCar | AccTrackData | AccBroadcastingEvent;

export interface AccRegister {
  kind: 'register';
  displayName: string;
  connectionPassword: string;
  updateIntervalMs: number;
  commandPassword: string;
}

export interface AccUnregister {
  kind: 'unregister';
  connectionId: number;
}

export interface AccRequestEntryList {
  kind: 'requestEntryList';
  connectionId: number;
}

export interface AccRequestTrackData {
  kind: 'requestTrackData';
  connectionId: number;
}

/** What we send the game. */
export type AccRequest = AccRegister | AccUnregister | AccRequestEntryList | AccRequestTrackData;

export type AccUndecodable = { kind: 'malformed'; reason: string } | { kind: 'unknown'; type: number };

export type AccDecoded = AccServerMessage | AccUndecodable;
export type AccRequestDecoded = AccRequest | AccUndecodable;
