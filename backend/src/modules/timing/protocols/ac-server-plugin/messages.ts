// Layout from Kunos' acServer UDP plugin example (acRemoteServerUDP_Example Program.cs, ACSProtocol.cs) and acplugins4net's protocol-4 messages (leaderboard "finished" flag).

export type AcSessionType = 'booking' | 'practice' | 'qualifying' | 'race';

export interface AcVector3 {
  x: number;
  y: number;
  z: number;
}

/** ACSP_NEW_SESSION (a session starts) and ACSP_SESSION_INFO (the answer to ACSP_GET_SESSION_INFO) share one layout. */
export interface AcSessionFields {
  protocolVersion: number;
  /** The session this message describes. */
  sessionIndex: number;
  /** The session the server is running now. */
  currentSessionIndex: number;
  sessionCount: number;
  serverName: string;
  track: string;
  trackConfig: string;
  name: string;
  sessionType: AcSessionType;
  /** Session length for timed sessions (0 for a race by laps). */
  durationMinutes: number;
  laps: number;
  waitTimeSeconds: number;
  ambientTempC: number;
  roadTempC: number;
  weatherGraphics: string;
  /** Since the session started; negative while a race waits to start. */
  elapsedMs: number;
}

export type AcNewSession = AcSessionFields & { kind: 'newSession' };
export type AcSessionInfo = AcSessionFields & { kind: 'sessionInfo' };

export interface AcEndSession {
  kind: 'endSession';
  /** Where the server wrote the session's JSON results. */
  reportFilename: string;
}

/** ACSP_NEW_CONNECTION and ACSP_CONNECTION_CLOSED share one layout. */
export interface AcConnectionFields {
  driverName: string;
  driverGuid: string;
  carId: number;
  carModel: string;
  carSkin: string;
}

export type AcNewConnection = AcConnectionFields & { kind: 'newConnection' };
export type AcConnectionClosed = AcConnectionFields & { kind: 'connectionClosed' };

export interface AcCarInfo {
  kind: 'carInfo';
  carId: number;
  isConnected: boolean;
  carModel: string;
  carSkin: string;
  driverName: string;
  driverTeam: string;
  driverGuid: string;
}

export interface AcCarUpdate {
  kind: 'carUpdate';
  carId: number;
  position: AcVector3;
  velocity: AcVector3;
  /** As the server sends it: 0 reverse, 1 neutral, 2 first gear… */
  gear: number;
  engineRpm: number;
  /** 0 to 1 around the lap. */
  normalizedSplinePosition: number;
}

export interface AcLeaderboardEntry {
  carId: number;
  /** The server's ranking time for the car (its best lap outside races). */
  timeMs: number;
  laps: number;
  hasFinished: boolean;
}

export interface AcLapCompleted {
  kind: 'lapCompleted';
  carId: number;
  lapTimeMs: number;
  /** Corner cuts on the lap: any cut makes it invalid. */
  cuts: number;
  leaderboard: AcLeaderboardEntry[];
  gripLevel: number;
}

interface AcCollisionFields {
  kind: 'clientEvent';
  carId: number;
  impactSpeed: number;
  worldPosition: AcVector3;
  /** Point of impact relative to the car. */
  relativePosition: AcVector3;
}

export type AcClientEvent = (AcCollisionFields & { event: 'collisionWithCar'; otherCarId: number }) | (AcCollisionFields & { event: 'collisionWithEnvironment' });

export interface AcChat {
  kind: 'chat';
  carId: number;
  message: string;
}

export interface AcClientLoaded {
  kind: 'clientLoaded';
  carId: number;
}

export interface AcVersion {
  kind: 'version';
  protocolVersion: number;
}

export interface AcError {
  kind: 'error';
  message: string;
}

/** What the server's plugin port sends us. */
export type AcServerMessage =
  | AcNewSession
  | AcSessionInfo
  | AcEndSession
  | AcNewConnection
  | AcConnectionClosed
  | AcCarInfo
  | AcCarUpdate
  | AcLapCompleted
  | AcClientEvent
  | AcChat
  | AcClientLoaded
  | AcVersion
  | AcError;

export interface AcRealtimePositionInterval {
  kind: 'realtimePositionInterval';
  intervalMs: number;
}

export interface AcGetCarInfo {
  kind: 'getCarInfo';
  carId: number;
}

export interface AcGetSessionInfo {
  kind: 'getSessionInfo';
  /** -1 asks for the current session. */
  sessionIndex: number;
}

export interface AcSendChat {
  kind: 'sendChat';
  carId: number;
  message: string;
}

export interface AcBroadcastChat {
  kind: 'broadcastChat';
  message: string;
}

/** What we send the server. */
export type AcRequest = AcRealtimePositionInterval | AcGetCarInfo | AcGetSessionInfo | AcSendChat | AcBroadcastChat;

export type AcUndecodable = { kind: 'malformed'; reason: string } | { kind: 'unknown'; type: number };

export type AcDecoded = AcServerMessage | AcUndecodable;
export type AcRequestDecoded = AcRequest | AcUndecodable;
