import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { type DriverCandidate, matchDrivers, parseResultFile } from './index.js';

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../../../../test/fixtures/results', name));
const line = (name: string, platformId: string | null = null) => ({ driver: { name, platformId } });
const candidate = (profileId: number, driverName: string, steamId: string | null = null, more: Partial<DriverCandidate> = {}): DriverCandidate => ({
  profileId,
  driverName,
  steamId,
  ...more,
});
const pairs = (result: ReturnType<typeof matchDrivers<ReturnType<typeof line>>>) => result.matched.map(({ line: matched, profileId }) => [matched.driver.name, profileId]);

describe('matchDrivers', () => {
  it('matches by Steam id whatever the names, with or without the S of ACC ids', () => {
    const lines = [line('Lando Moreau', '76561198012345671'), line('Jörg Schäfer', '76561198023456782')];
    const result = matchDrivers(lines, [candidate(1, 'LandoM', '76561198012345671'), candidate(2, 'Joerg', 'S76561198023456782')]);
    expect(pairs(result)).toEqual([
      ['Lando Moreau', 1],
      ['Jörg Schäfer', 2],
    ]);
    expect(result.unmatched).toEqual([]);
  });

  it('matches Xbox gamertags and PSN ids, ignoring case', () => {
    const result = matchDrivers(
      [line('Speedy', 'SpeedyGonzales'), line('Ps', 'ps_racer')],
      [candidate(5, 'A', null, { xboxGamertag: 'speedygonzales' }), candidate(6, 'B', null, { psnId: 'PS_Racer' })],
    );
    expect(pairs(result)).toEqual([
      ['Speedy', 5],
      ['Ps', 6],
    ]);
  });

  it('matches by name ignoring case, accents and spacing when the platform id does not decide', () => {
    const lines = [line('José Álvarez'), line('  SÉBASTIEN   marchetti '), line('Wei Zhang', '76561198000000009')];
    const result = matchDrivers(lines, [candidate(1, 'jose alvarez'), candidate(2, 'Sebastien Marchetti'), candidate(3, 'wei zhang')]);
    expect(pairs(result)).toEqual([
      ['José Álvarez', 1],
      ['  SÉBASTIEN   marchetti ', 2],
      ['Wei Zhang', 3],
    ]);
  });

  it('lets the platform id win over a name, and does not give a profile taken by id to a line of its name', () => {
    const lines = [line('Tom Baker', '76561198045678904'), line('T. Baker')];
    const result = matchDrivers(lines, [candidate(1, 'Tom Baker', null), candidate(2, 'T. Baker', '76561198045678904')]);
    expect(pairs(result)).toEqual([['Tom Baker', 2]]);
    expect(result.unmatched).toEqual([lines[1]]);
  });

  it('never matches two lines to one profile: a repeated id or name leaves the others for the organizer', () => {
    const repeatedId = [line('Ana Lima', '76561198055555555'), line('Ana Lima (2)', '76561198055555555')];
    const byId = matchDrivers(repeatedId, [candidate(1, 'Ana Lima', '76561198055555555')]);
    expect(pairs(byId)).toEqual([['Ana Lima', 1]]);
    expect(byId.unmatched).toEqual([repeatedId[1]]);

    const repeatedName = [line('Sam Smith'), line('sam smith')];
    const byName = matchDrivers(repeatedName, [candidate(1, 'Sam Smith')]);
    expect(byName.matched).toEqual([]);
    expect(byName.unmatched).toEqual(repeatedName);
  });

  it('does not guess between two profiles of one name', () => {
    const result = matchDrivers([line('Sam Smith')], [candidate(1, 'Sam Smith'), candidate(2, 'sam  smith')]);
    expect(result.matched).toEqual([]);
    expect(result.unmatched).toHaveLength(1);
  });

  it('does not match by name a profile whose Steam id differs from the file’s: they are two people', () => {
    const result = matchDrivers([line('Alex Brown', '76561198000000001')], [candidate(1, 'Alex Brown', '76561198000000002')]);
    expect(result.matched).toEqual([]);
    const noIdOnProfile = matchDrivers([line('Alex Brown', '76561198000000001')], [candidate(1, 'Alex Brown', null)]);
    expect(pairs(noIdOnProfile)).toEqual([['Alex Brown', 1]]);
  });

  it('takes a parsed classification and keeps the lines’ order in both lists', () => {
    const { lines } = parseResultFile(fixture('rf2-race.xml'), 'Race.xml');
    const result = matchDrivers(lines, [candidate(10, 'Pavel Horak'), candidate(11, 'niklas berg'), candidate(12, 'Ian McAllister')]);
    expect(result.matched.map(({ line: matched, profileId }) => [matched.position, profileId])).toEqual([
      [1, 11],
      [3, 12],
      [6, 10],
    ]);
    expect(result.unmatched.map((unmatched) => unmatched.position)).toEqual([2, 4, 5]);
    expect(result.matched[0].line).toBe(lines[0]);
  });

  it('leaves every line unmatched when there are no candidates', () => {
    const lines = [line('A'), line('B', '76561198000000001')];
    expect(matchDrivers(lines, [])).toEqual({ matched: [], unmatched: lines });
  });
});
