import { describe, expect, it } from '@jest/globals';
import type { RaceResultDto } from '../../contracts/competitions.js';
import type { PublicProfileDto } from '../../contracts/profiles.js';
import { driverEmbed, leaderEmbed, notice, resultsEmbed } from './bot-embeds.js';

const URL = 'https://league.test';
const line = (position: number, driverName: string, fields: Partial<RaceResultDto> = {}): RaceResultDto => ({
  profileId: position,
  driverName,
  driverNumber: null,
  guest: false,
  teamId: null,
  teamName: null,
  position,
  status: 'FINISHED',
  laps: 20,
  totalTimeMs: 1_800_000 + (position - 1) * 2_500,
  bestLapMs: null,
  pole: false,
  fastestLap: false,
  points: 0,
  coDrivers: [],
  penaltyMs: null,
  reason: null,
  drivingTimeMs: null,
  ...fields,
});
const ROUND = { competitionId: 3, seasonId: 4, eventId: 5, eventName: 'Spa 6h', round: 2, competitionName: 'Endurance', trackName: 'Spa', date: '2026-11-20T19:00:00.000Z' };

describe("the bot's embeds", () => {
  it('results: the winner’s time, gaps, laps down, the unclassified by their status, the fastest lap, the top 10 only', () => {
    const results = [
      line(1, 'Ada', { teamName: 'Red' }),
      line(2, 'Bo', { fastestLap: true }),
      line(3, 'Cy', { laps: 19 }),
      line(4, 'Di', { laps: 17 }),
      line(5, 'Ed', { status: 'DNF', laps: 3 }),
      ...Array.from({ length: 7 }, (_, index) => line(6 + index, `P${6 + index}`)),
    ];
    const embed = resultsEmbed(ROUND, results, URL);
    expect(embed.title).toBe('Results: Endurance round 2 — Spa 6h');
    expect(embed.url).toBe(`${URL}/events/competitions/current/3/season/4#5`);
    expect(embed.description?.split('\n').slice(0, 6)).toEqual([
      'Spa',
      '**1.** Ada (Red) — 30:00.000',
      '**2.** Bo — +2.500 · fastest lap',
      '**3.** Cy — +1 lap',
      '**4.** Di — +3 laps',
      '**–.** Ed — DNF',
    ]);
    expect(embed.description?.split('\n')).toHaveLength(11);
    expect(embed.footer).toEqual({ text: 'Top 10 of 12' });
  });

  it('a new leader names whom they took the lead from, or leads the season first', () => {
    const series = { competitionId: 3, competitionName: 'Endurance', seasonId: 4, seasonName: '2026' };
    expect(leaderEmbed(series, { driverName: 'Ada', points: 43 }, 'Bo', URL).description).toBe('**Ada** takes the lead from Bo, on 43 pts.');
    expect(leaderEmbed(series, { driverName: 'Ada', points: 25 }, null, URL)).toMatchObject({
      title: 'New leader: Endurance — 2026',
      description: '**Ada** leads the season on 25 pts.',
    });
  });

  it('a hidden driver is private, without a record', () => {
    const hidden = { id: 9, hidden: true, driverName: 'Private driver', driverNumber: null, country: null, platforms: [] } as unknown as PublicProfileDto;
    expect(driverEmbed(hidden, null, URL)).toEqual({
      title: 'Private driver',
      url: `${URL}/grid/driver/9`,
      color: expect.any(Number),
      description: 'This driver keeps their profile private.',
    });
  });

  it('a notice is seen by the caller alone and pings no one', () => {
    expect(notice('@everyone look')).toEqual({ content: '@everyone look', flags: 64, allowed_mentions: { parse: [] } });
  });
});
