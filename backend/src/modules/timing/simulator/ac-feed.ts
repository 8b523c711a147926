/** What a simulated acServer sends its UDP plugin, from a race script or from a recorded packet log. */
import { encodeAcServerPluginMessage } from '../protocols/ac-server-plugin/encode.js';
import type { AcLeaderboardEntry, AcRequest, AcServerMessage, AcSessionFields } from '../protocols/ac-server-plugin/messages.js';
import type { LoggedPacket } from './packet-log.js';
import { type CarState, eventsBetween, type RaceScript, type ScriptEvent, speedKmh, standingsAt, worldPosition } from './race-script.js';

export interface AcFeed {
  readonly endMs: number;
  /**
   * What the server sends for the race time after `fromMs` up to `toMs`: the session and connections at the
   * start, events as they happen, the cars' positions at `toMs` when `withCarUpdates`, the end of session.
   */
  streamBetween(fromMs: number, toMs: number, withCarUpdates: boolean): Buffer[];
  /** The server's answer to a plugin command at a race time (none for commands that change a setting). */
  answer(request: AcRequest, atMs: number): Buffer[];
}

const PROTOCOL_VERSION = 4;

export function scriptAcFeed(script: RaceScript): AcFeed {
  const [track, trackConfig = ''] = script.trackName.replace(/\)$/, '').split(/\s*\(/);
  const session = (atMs: number): AcSessionFields => ({
    protocolVersion: PROTOCOL_VERSION,
    sessionIndex: 0,
    currentSessionIndex: 0,
    sessionCount: 1,
    serverName: 'Paddock timing simulator',
    track,
    trackConfig,
    name: 'Race',
    sessionType: 'race',
    durationMinutes: 0,
    laps: Math.max(0, ...script.cars.map((car) => car.laps.length)),
    waitTimeSeconds: 60,
    ambientTempC: 22,
    roadTempC: 29,
    weatherGraphics: '3_clear',
    elapsedMs: Math.round(atMs),
  });
  const connection = (carId: number) => {
    const car = script.cars[carId];
    return { driverName: car.line.driver.name, driverGuid: car.line.driver.platformId ?? '', carId, carModel: car.line.carModel ?? 'unknown', carSkin: '00_default' };
  };
  const leaderboard = (atMs: number): AcLeaderboardEntry[] =>
    standingsAt(script, atMs).map((state) => ({
      carId: state.carId,
      timeMs: state.lastCrossingMs,
      laps: state.lapsDone,
      hasFinished: script.cars[state.carId].finishes && state.stopped && state.lapsDone > 0,
    }));

  function eventMessages(event: ScriptEvent): AcServerMessage[] {
    switch (event.kind) {
      case 'start':
        return [
          { kind: 'version', protocolVersion: PROTOCOL_VERSION },
          { kind: 'newSession', ...session(0) },
          ...script.cars.flatMap((car): AcServerMessage[] => [
            { kind: 'newConnection', ...connection(car.carId) },
            { kind: 'clientLoaded', carId: car.carId },
          ]),
        ];
      case 'lap':
        return [{ kind: 'lapCompleted', carId: event.carId, lapTimeMs: event.lap.timeMs, cuts: 0, leaderboard: leaderboard(event.atMs), gripLevel: 0.98 }];
      case 'collision': {
        const state = standingsAt(script, event.atMs).find((other) => other.carId === event.carId);
        const place = worldPosition(script, state?.spline ?? 0);
        return [
          {
            kind: 'clientEvent',
            event: 'collisionWithCar',
            carId: event.carId,
            otherCarId: event.otherCarId,
            impactSpeed: 38.5,
            worldPosition: { x: place.x, y: 0, z: place.y },
            relativePosition: { x: 0.4, y: 0.2, z: 1.9 },
          },
        ];
      }
      case 'flag':
        return [];
      case 'end':
        return [{ kind: 'endSession', reportFilename: `results/${script.trackName.replace(/\W+/g, '_')}_RACE.json` }];
    }
  }

  function carUpdate(state: CarState): AcServerMessage {
    const place = worldPosition(script, state.spline);
    const metresPerSecond = speedKmh(script, state) / 3.6;
    return {
      kind: 'carUpdate',
      carId: state.carId,
      position: { x: place.x, y: 0, z: place.y },
      velocity: { x: -Math.sin(place.yaw - Math.PI / 2) * metresPerSecond, y: 0, z: Math.cos(place.yaw - Math.PI / 2) * metresPerSecond },
      gear: state.stopped ? 1 : state.inPit ? 3 : 5,
      engineRpm: state.stopped ? 900 : 7200,
      normalizedSplinePosition: state.spline,
    };
  }

  return {
    endMs: script.endMs,
    streamBetween(fromMs, toMs, withCarUpdates) {
      const events = eventsBetween(script, fromMs, toMs);
      const end = events.filter((event) => event.kind === 'end');
      const updates = withCarUpdates ? standingsAt(script, toMs).map(carUpdate) : [];
      // The end of the session comes last, after the final positions.
      return [...events.filter((event) => event.kind !== 'end').flatMap(eventMessages), ...updates, ...end.flatMap(eventMessages)].map(encodeAcServerPluginMessage);
    },
    answer(request, atMs) {
      switch (request.kind) {
        case 'getSessionInfo':
          return [encodeAcServerPluginMessage({ kind: 'sessionInfo', ...session(atMs) })];
        case 'getCarInfo': {
          const car = script.cars[request.carId];
          if (!car) return [encodeAcServerPluginMessage({ kind: 'error', message: `No car ${request.carId}` })];
          const { driverName, driverGuid, carModel, carSkin } = connection(request.carId);
          return [
            encodeAcServerPluginMessage({
              kind: 'carInfo',
              carId: request.carId,
              isConnected: true,
              carModel,
              carSkin,
              driverName,
              driverTeam: car.line.driver.teamName ?? '',
              driverGuid,
            }),
          ];
        }
        default:
          return [];
      }
    },
  };
}

/** A recorded log plays as it was; commands get no answer (the log holds only what was streamed). */
export function loggedAcFeed(packets: LoggedPacket[]): AcFeed {
  return {
    endMs: Math.max(0, ...packets.map((logged) => logged.atMs)),
    streamBetween: (fromMs, toMs) => packets.filter((logged) => logged.atMs > fromMs && logged.atMs <= toMs).map((logged) => logged.packet),
    answer: () => [],
  };
}
