// The simulator's races (result files played as a game server would) into the session: the live draft at the
// flag is the file's classification, which is what an organizer compares when importing the server's file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parseResultFile, type ImportedClassification } from '../../competitions/index.js';
import { decodeAcServerPluginPacket } from '../protocols/ac-server-plugin/decode.js';
import { decodeAccBroadcastingPacket } from '../protocols/acc-broadcasting/decode.js';
import { scriptAcFeed } from '../simulator/ac-feed.js';
import { scriptAccFeed } from '../simulator/acc-feed.js';
import { buildRaceScript } from '../simulator/race-script.js';
import { draftClassification } from './draft-classification.js';
import { createTimingSession } from './live-timing-session.js';
import type { TimingSession } from './timing-session.js';

const directory = path.resolve(import.meta.dirname, '../../../../../test/fixtures/results');
const classificationOf = (name: string) => parseResultFile(readFileSync(path.join(directory, name)), name);
const EPOCH = 1_700_000_000_000;
const STEP_MS = 250;

function playAcc(classification: ImportedClassification): TimingSession {
  const feed = scriptAccFeed(buildRaceScript(classification));
  const session = createTimingSession({ raceId: 1, game: 'ACC', resolveDriver: () => null });
  const apply = (packet: Buffer, atMs: number) => {
    const message = decodeAccBroadcastingPacket(packet);
    if (message.kind !== 'malformed' && message.kind !== 'unknown') session.apply({ game: 'ACC', message }, EPOCH + atMs);
  };
  for (const packet of [...feed.entryList(1), feed.trackData(1)]) apply(packet, 0);
  for (let atMs = 0; atMs < feed.endMs + STEP_MS; atMs += STEP_MS) {
    const packets = feed.streamBetween(atMs - STEP_MS, atMs);
    // The game enters "post session" a while after the last car took the flag; the simulator does at that very
    // instant, so in the batch that ends the race the cars' updates come before the session's.
    if (atMs >= feed.endMs)
      packets.push(
        ...packets.splice(
          packets.findIndex((packet) => decodeAccBroadcastingPacket(packet).kind === 'realtimeUpdate'),
          1,
        ),
      );
    for (const packet of packets) apply(packet, atMs);
  }
  return session;
}

function playAc(classification: ImportedClassification): TimingSession {
  const feed = scriptAcFeed(buildRaceScript(classification));
  const session = createTimingSession({ raceId: 1, game: 'AC', resolveDriver: () => null });
  for (let atMs = 0; atMs < feed.endMs + STEP_MS; atMs += STEP_MS) {
    for (const packet of feed.streamBetween(atMs - STEP_MS, atMs, true)) {
      const message = decodeAcServerPluginPacket(packet);
      if (message.kind !== 'malformed' && message.kind !== 'unknown') session.apply({ game: 'AC', message }, EPOCH + atMs);
    }
  }
  return session;
}

const summary = (classification: ImportedClassification) =>
  classification.lines.map((line) => ({ name: line.driver.name, status: line.status, laps: line.laps, bestLapMs: line.bestLapMs, fastestLap: line.fastestLap }));

describe('a simulated race into the session', () => {
  it.each([
    ['acc-race.utf16le.json', playAcc],
    ['acc-guests.json', playAcc],
    ['acc-codrivers.json', playAcc],
    ['ac-race.json', playAc],
    ['ac-retired-before-flag.json', playAc],
  ] as const)('%s: the draft at the flag classifies as the file does', (name, play) => {
    const file = classificationOf(name);
    const session = play(file);
    expect(session.snapshot().session).toMatchObject({ kind: 'RACE', phase: 'FINISHED', flag: 'CHEQUERED' });
    const draft = draftClassification(session)!;
    expect(summary(draft)).toEqual(summary(file));
    for (const [index, line] of draft.lines.entries()) {
      const expected = file.lines[index].totalTimeMs;
      if (expected === null) expect(line.totalTimeMs).toBeNull();
      // The session hears of a lap when the packet comes: AC laps at the next step at most.
      else expect(Math.abs(line.totalTimeMs! - expected)).toBeLessThanOrEqual(STEP_MS);
    }
  });
});
