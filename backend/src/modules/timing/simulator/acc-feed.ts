/** What a simulated ACC game sends, from a race script or from a recorded packet log. */
import { encodeAccBroadcastingMessage } from '../protocols/acc-broadcasting/encode.js';
import type { AccBroadcastingEvent, AccLap, AccServerMessage } from '../protocols/acc-broadcasting/messages.js';
import type { LoggedPacket, LoggedPacketKind } from './packet-log.js';
import { type CarState, eventsBetween, formatLap, type RaceScript, type ScriptEvent, type ScriptLap, speedKmh, standingsAt, worldPosition } from './race-script.js';

export interface AccFeed {
  /** Race time after which nothing more happens. */
  readonly endMs: number;
  /** The answer to REQUEST_ENTRY_LIST: the list, then each car. */
  entryList(connectionId: number): Buffer[];
  /** The answer to REQUEST_TRACK_DATA. */
  trackData(connectionId: number): Buffer;
  /** What the game sends a client for the race time after `fromMs` up to `toMs`: events, then the realtime updates at `toMs`. */
  streamBetween(fromMs: number, toMs: number): Buffer[];
}

const noLap = (carIndex: number): AccLap => ({
  lapTimeMs: null,
  carIndex,
  driverIndex: 0,
  splitsMs: [],
  isInvalid: false,
  isValidForBest: true,
  isOutLap: false,
  isInLap: false,
});

const accLap = (carIndex: number, lap: ScriptLap | null): AccLap =>
  lap === null
    ? noLap(carIndex)
    : { lapTimeMs: lap.timeMs, carIndex, driverIndex: 0, splitsMs: [...lap.splitsMs], isInvalid: false, isValidForBest: true, isOutLap: lap.isOutLap, isInLap: lap.isInLap };

function splitName(name: string): { firstName: string; lastName: string; shortName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  const lastName = rest.join(' ') || firstName;
  return { firstName: rest.length > 0 ? firstName : '', lastName, shortName: lastName.slice(0, 3).toUpperCase() };
}

export function scriptAccFeed(script: RaceScript): AccFeed {
  const nameOf = (carId: number) => script.cars[carId]?.line.driver.name ?? `car ${carId}`;
  const numberOf = (carId: number) => script.cars[carId]?.raceNumber ?? carId;
  const event = (eventType: AccBroadcastingEvent['eventType'], message: string, timeMs: number, carIndex: number): AccServerMessage => ({
    kind: 'broadcastingEvent',
    eventType,
    message,
    timeMs,
    carIndex,
  });

  function eventMessages(scriptEvent: ScriptEvent): AccServerMessage[] {
    switch (scriptEvent.kind) {
      case 'start':
        return [event('greenFlag', 'Green flag', 0, 0)];
      case 'lap': {
        const lapTime = formatLap(scriptEvent.lap.timeMs);
        return [
          event('lapCompleted', lapTime, scriptEvent.atMs, scriptEvent.carId),
          ...(scriptEvent.sessionBest ? [event('bestSessionLap', lapTime, scriptEvent.atMs, scriptEvent.carId)] : []),
          ...(scriptEvent.personalBest && !scriptEvent.sessionBest ? [event('bestPersonalLap', lapTime, scriptEvent.atMs, scriptEvent.carId)] : []),
        ];
      }
      case 'collision': {
        // The game reports an accident once per car involved.
        const message = `Accident: #${numberOf(scriptEvent.carId)} ${nameOf(scriptEvent.carId)} and #${numberOf(scriptEvent.otherCarId)} ${nameOf(scriptEvent.otherCarId)}`;
        return [event('accident', message, scriptEvent.atMs, scriptEvent.carId), event('accident', message, scriptEvent.atMs, scriptEvent.otherCarId)];
      }
      case 'flag':
        return [event('sessionOver', 'Session over', scriptEvent.atMs, scriptEvent.carId)];
      case 'end':
        return [];
    }
  }

  function carUpdate(state: CarState, position: number, trackPosition: number): AccServerMessage {
    const car = script.cars[state.carId];
    const place = worldPosition(script, state.spline);
    const elapsed = Math.round(state.lapElapsedMs);
    const currentSplits = car.laps[state.lapsDone]?.splitsMs ?? [];
    let splitEnd = 0;
    const doneSplits = currentSplits.filter((split) => (splitEnd += split) <= elapsed);
    return {
      kind: 'realtimeCarUpdate',
      carIndex: state.carId,
      driverIndex: 0,
      driverCount: car.line.drivers.length,
      gear: state.stopped ? 0 : state.inPit ? 2 : 4,
      worldPosX: place.x,
      worldPosY: place.y,
      yaw: place.yaw,
      location: state.inPit ? 'pitlane' : 'track',
      speedKmh: speedKmh(script, state),
      position,
      cupPosition: position,
      trackPosition,
      splinePosition: state.spline,
      laps: state.lapsDone,
      deltaMs: 0,
      bestSessionLap: accLap(state.carId, state.bestLap),
      lastLap: accLap(state.carId, state.lastLap),
      currentLap: { ...noLap(state.carId), lapTimeMs: elapsed, splitsMs: doneSplits, isOutLap: state.lastLap?.isInLap ?? false },
    };
  }

  function realtime(atMs: number): AccServerMessage[] {
    const standings = standingsAt(script, atMs);
    const distance = (state: CarState) => (script.cars[state.carId].stopsAtMs === null ? -1 : state.lapsDone + state.spline);
    const onTrack = [...standings].sort((a, b) => distance(b) - distance(a));
    const best = standings.reduce<{ carId: number; lap: ScriptLap } | null>(
      (fastest, state) => (state.bestLap && (fastest === null || state.bestLap.timeMs < fastest.lap.timeMs) ? { carId: state.carId, lap: state.bestLap } : fastest),
      null,
    );
    const phase = atMs < script.flagMs ? 'session' : atMs < script.endMs ? 'sessionOver' : 'postSession';
    return [
      {
        kind: 'realtimeUpdate',
        eventIndex: 0,
        sessionIndex: 0,
        sessionType: 'race',
        phase,
        sessionTimeMs: atMs,
        sessionEndTimeMs: Math.max(0, script.flagMs - atMs),
        focusedCarIndex: standings[0]?.carId ?? 0,
        activeCameraSet: 'Drivable',
        activeCamera: 'Chase',
        currentHudPage: 'Basic HUD',
        replay: null,
        timeOfDayMs: 14 * 3_600_000 + atMs,
        ambientTempC: 22,
        trackTempC: 29,
        clouds: 0.2,
        rainLevel: 0,
        wetness: 0,
        bestSessionLap: best === null ? noLap(0) : accLap(best.carId, best.lap),
      },
      ...standings.map((state, index) => carUpdate(state, index + 1, onTrack.indexOf(state) + 1)),
    ];
  }

  return {
    endMs: script.endMs,
    entryList: (connectionId) =>
      [
        { kind: 'entryList', connectionId, carIndexes: script.cars.map((car) => car.carId) } satisfies AccServerMessage,
        ...script.cars.map((car): AccServerMessage => ({
          kind: 'entryListCar',
          carIndex: car.carId,
          carModelType: 0,
          teamName: car.line.driver.teamName ?? '',
          raceNumber: car.raceNumber,
          cupCategory: 'overall',
          currentDriverIndex: 0,
          nationality: 0,
          drivers: car.line.drivers.map((driver) => ({ ...splitName(driver.name), category: 'silver', nationality: 0 })),
        })),
      ].map(encodeAccBroadcastingMessage),
    trackData: (connectionId) =>
      encodeAccBroadcastingMessage({
        kind: 'trackData',
        connectionId,
        trackName: script.trackName,
        trackId: 0,
        trackMeters: script.trackMeters,
        cameraSets: [{ name: 'Drivable', cameras: ['Chase', 'Cockpit'] }],
        hudPages: ['Basic HUD'],
      }),
    streamBetween: (fromMs, toMs) => [...eventsBetween(script, fromMs, toMs).flatMap(eventMessages), ...realtime(toMs)].map(encodeAccBroadcastingMessage),
  };
}

/** An answer recorded for another connection, addressed to this one (its connection id follows the message type byte). */
function readdressed(packet: Buffer, connectionId: number): Buffer {
  const copy = Buffer.from(packet);
  copy.writeInt32LE(connectionId, 1);
  return copy;
}

export function loggedAccFeed(packets: LoggedPacket[]): AccFeed {
  const ofKind = (kind: LoggedPacketKind) => packets.filter((logged) => logged.kind === kind);
  const stream = ofKind('stream');
  const [entryList, ...entryListCars] = ofKind('entryList');
  const [trackData] = ofKind('trackData');
  return {
    endMs: Math.max(0, ...packets.map((logged) => logged.atMs)),
    entryList: (connectionId) => (entryList ? [readdressed(entryList.packet, connectionId), ...entryListCars.map((logged) => logged.packet)] : []),
    trackData: (connectionId) => (trackData ? readdressed(trackData.packet, connectionId) : Buffer.alloc(0)),
    streamBetween: (fromMs, toMs) => stream.filter((logged) => logged.atMs > fromMs && logged.atMs <= toMs).map((logged) => logged.packet),
  };
}
