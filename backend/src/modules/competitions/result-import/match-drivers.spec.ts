import { describe, expect, it } from '@jest/globals';
import { type DriverCandidate, identityKey, identityOf, matchDrivers, parseResultFile } from './index.js';
import { fixture } from './result-files.spec-support.js';

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

  it('matches a remembered game identity first, before platform ids and names, and says how each was matched', () => {
    const lines = [line('Guest Driver', '76561198000000001'), line('Console Kid', 'XboxKid'), line('Nameless Rf2'), line('Tom Baker', '76561198000000004')];
    const remembered = new Map([
      [identityKey({ kind: 'STEAM', identity: '76561198000000001' }), 1],
      [identityKey({ kind: 'PLATFORM', identity: 'xboxkid' }), 2],
      [identityKey({ kind: 'NAME', identity: 'nameless rf2' }), 3],
    ]);
    // Profile 4 holds the first line's Steam id, but the organizer mapped that id to profile 1 before.
    const candidates = [candidate(1, 'One'), candidate(2, 'Two'), candidate(3, 'Three'), candidate(4, 'Four', '76561198000000001'), candidate(5, 'Tom Baker')];
    const result = matchDrivers(lines, candidates, remembered);
    expect(result.matched.map(({ line: matched, profileId, by }) => [matched.driver.name, profileId, by])).toEqual([
      ['Guest Driver', 1, 'REMEMBERED'],
      ['Console Kid', 2, 'REMEMBERED'],
      ['Nameless Rf2', 3, 'REMEMBERED'],
      ['Tom Baker', 5, 'NAME'],
    ]);
  });

  it('ignores a remembered profile that is gone or already given to another driver of the file', () => {
    const lines = [line('A', '76561198000000001'), line('B', '76561198000000002')];
    const remembered = new Map([
      [identityKey({ kind: 'STEAM', identity: '76561198000000001' }), 7],
      [identityKey({ kind: 'STEAM', identity: '76561198000000002' }), 7],
    ]);
    expect(pairs(matchDrivers(lines, [candidate(7, 'Seven')], remembered))).toEqual([['A', 7]]);
    expect(matchDrivers(lines, [candidate(8, 'Eight')], remembered).matched).toEqual([]);
  });

  it('names a driver’s identity by SteamID64 (with or without the S), other platform id, or name when the file has no id', () => {
    expect(identityOf({ name: 'X', platformId: 'S76561198000000001' })).toEqual({ kind: 'STEAM', identity: '76561198000000001' });
    expect(identityOf({ name: 'X', platformId: ' XboxKid ' })).toEqual({ kind: 'PLATFORM', identity: 'xboxkid' });
    expect(identityOf({ name: ' Gérard  Lefèvre ', platformId: null })).toEqual({ kind: 'NAME', identity: 'gerard lefevre' });
    expect(identityOf({ name: '  ', platformId: null })).toBeNull();
  });

  it('leaves every line unmatched when there are no candidates', () => {
    const lines = [line('A'), line('B', '76561198000000001')];
    expect(matchDrivers(lines, [])).toEqual({ matched: [], unmatched: lines });
  });
});
