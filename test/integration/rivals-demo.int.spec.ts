import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MyRivalDto, RivalBoardDto, RivalScheduleEntryDto, RivalTopForTrackDto } from '../../backend/src/contracts/rivals.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The rivals part of the demo league `npm start` seeds: servers on their current tracks with full boards, and `driver`'s rivals. */
describe('the demo league seed: rivals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seedDemo: true });
  });
  afterAll(() => t.close());

  it('has three servers (PC, Xbox, console crossplay) with a current and next track', async () => {
    const live = (await (await t.request('/api/rivals/schedule/live')).json()) as RivalScheduleEntryDto[];
    expect(live.map((entry) => [entry.serverName, entry.platforms, entry.crossplay])).toEqual([
      ['Paddock Rivals Consoles', ['XBOX', 'PLAYSTATION'], 'Consoles'],
      ['Paddock Rivals PC', ['PC'], null],
      ['Paddock Rivals Xbox', ['XBOX'], null],
    ]);
    for (const entry of live) {
      expect(entry.currentTrack).not.toBeNull();
      expect(entry.nextTrack).not.toBeNull();
      expect(Date.parse(entry.rotationTime)).toBeGreaterThan(Date.now());
    }
  });

  it('fills each current track with verified and provisional times of 20+ drivers', async () => {
    const live = (await (await t.request('/api/rivals/schedule/live')).json()) as RivalScheduleEntryDto[];
    let provisional = 0;
    for (const entry of live) {
      for (const platform of entry.platforms) {
        const board = (await (await t.request(`/api/rivals/track/${entry.currentTrack!.id}?platform=${platform}&pageSize=100`)).json()) as RivalBoardDto;
        expect(board.totalElements).toBeGreaterThanOrEqual(20);
        provisional += board.content.filter((row) => row.provisional).length;
      }
      const top = (await (await t.request(`/api/rivals/top/${entry.currentTrack!.id}`)).json()) as RivalTopForTrackDto;
      for (const platform of entry.platforms) expect(top.results[platform]).toHaveLength(3);
    }
    expect(provisional).toBeGreaterThan(0);
  });

  it("has rivals picked by the demo account 'driver'", async () => {
    const driver = await t.signIn('driver');
    const games = (await (await t.request('/api/games')).json()) as { id: number; name: string }[];
    const acc = games.find((game) => game.name === 'Assetto Corsa Competizione')!;
    const rivals = (await (await t.request(`/api/rivals/my/game/${acc.id}?platform=PC`, { as: driver })).json()) as MyRivalDto[];
    expect(rivals.length).toBeGreaterThanOrEqual(3);
  });
});
