import { describe, expect, it, jest } from '@jest/globals';
import ICAL from 'ical.js';
import { get } from 'node:http';
import { shownDriver } from '../../backend/src/contracts/driver-name.js';
import { ReadCacheInterceptor } from '../../backend/src/infra/read-cache/cached-read.js';
import type { MyCalendarDto } from '../../backend/src/contracts/calendar.js';
import { RaceLineup } from '../../backend/src/modules/events/race-lineup.entity.js';
import { EventAttendance, LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import type { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { newCompetition, newSeason } from '../factories/competitions.js';
import { newTeam } from '../factories/teams.js';
import { newDriver } from '../factories/users.js';
import { eventsSuite, inDays } from '../support/events-suite.js';
import type { CookieJar } from '../support/sign-in.js';

/** A race entry of a feed as a real iCalendar parser reads it. */
interface Entry {
  uid: string;
  sequence: number;
  summary: string;
  status: string;
  location: string;
  description: string;
  url: string;
  /** DTSTART as written (UTC: ends in Z). */
  startText: string;
  start: Date;
  end: Date;
}

/** Parses the feed with ical.js: its calendar name and its entries (with each DTSTART line as the feed wrote it). */
function parseFeed(text: string): { name: string; entries: Entry[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  const written = new Map(
    text
      .split('BEGIN:VEVENT')
      .slice(1)
      .map((block) => {
        const lines = block.split('\r\n');
        return [lines.find((line) => line.startsWith('UID:'))!.slice(4), lines.find((line) => line.startsWith('DTSTART'))!];
      }),
  );
  const entries = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      status: String(vevent.getFirstPropertyValue('status')),
      location: event.location,
      description: event.description,
      url: String(vevent.getFirstPropertyValue('url')),
      startText: written.get(event.uid) ?? '',
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), entries };
}

/** A GET as a calendar app sends it (fetch would mark a revalidation `Cache-Control: no-cache`, which forbids a 304). */
function plainGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) =>
    get(url, { headers }, (response) => {
      response.resume();
      resolve({ status: response.statusCode!, headers: response.headers });
    }).on('error', reject),
  );
}

/** Calls of the read cache's interceptor: a read that went through Nest rather than the fast path. */
const throughNest = jest.spyOn(ReadCacheInterceptor.prototype, 'intercept');

const raceIdsOf = (event: { raceEvents: { races: { id: number }[] }[] }) => event.raceEvents.flatMap((raceEvent) => raceEvent.races.map((race) => race.id));

describe('calendar feeds', () => {
  const suite = eventsSuite();

  const feed = async (path: string, as?: CookieJar) => {
    const response = await suite.t.request(`/api/calendar/${path}`, { as });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    return parseFeed(await response.text());
  };
  const host = () => new URL(suite.t.baseUrl).host;
  const myToken = async (as: CookieJar, method: 'GET' | 'POST' = 'POST') => {
    const response = await suite.t.request('/api/calendar/me', { method, as });
    expect(response.status).toBe(200);
    return ((await response.json()) as MyCalendarDto).token;
  };

  it('lists every published race in the league feed as its own entry: UID, track, game, platforms, link, times in UTC', async () => {
    const { published, created } = suite;
    const event = await published({ name: 'Calendar GP' });
    const draft = await created({ name: 'Calendar draft' });
    const { name, entries } = await feed('league.ics');
    expect(name).toBe('Paddock');
    const mine = entries.filter((entry) => entry.url === `${suite.t.baseUrl}/events/${event.id}`);
    expect(mine.map((entry) => entry.uid)).toEqual(raceIdsOf(event).map((id) => `race-${id}@${host()}`));
    const [sprint, feature] = mine;
    expect(sprint.summary).toBe('Calendar GP · Sprint 1');
    expect(feature.summary).toBe('Calendar GP · Feature race 2');
    expect(sprint.status).toBe('CONFIRMED');
    expect(sprint.location).toBe('Brands Hatch — Indy');
    expect(feature.location).toBe('Brands Hatch — GP');
    expect(sprint.description).toContain('Game: ');
    expect(sprint.description).toContain('Platforms: PC');
    expect(sprint.description).toContain(`${suite.t.baseUrl}/events/${event.id}`);
    // Qualifying (10 min) and a break (5 min) come first; the sprint's 12 laps are planned at 2 min each. iCalendar times are to the second.
    const startSecond = Math.floor(new Date(event.date).getTime() / 1000) * 1000;
    expect(sprint.start.getTime()).toBe(startSecond + 15 * 60_000);
    expect(sprint.end.getTime() - sprint.start.getTime()).toBe(24 * 60_000);
    expect(feature.start.getTime()).toBe(sprint.end.getTime() + 5 * 60_000);
    expect(sprint.startText).toMatch(/^DTSTART:\d{8}T\d{6}Z$/);
    expect(entries.some((entry) => entry.url.endsWith(`/events/${draft.id}`))).toBe(false);
  });

  it('writes a race at 23:30 in New York on the next day in UTC', async () => {
    const { published, eventJson } = suite;
    const base = eventJson();
    const [raceEvent] = base.raceEvents as Record<string, unknown>[];
    const event = await published({
      name: 'Late night in New York',
      date: '2026-12-01T23:30:00-05:00',
      raceEvents: [{ ...raceEvent, qualifyEnabled: false, qualify: null, races: [{ raceEventType: 'RACE', track: { id: suite.gpId }, laps: null, length: 60 }] }],
    });
    const { entries } = await feed(`events/${event.id}.ics`);
    expect(entries).toHaveLength(1);
    expect(entries[0].startText).toBe('DTSTART:20261202T043000Z');
    expect(entries[0].start.toISOString()).toBe('2026-12-02T04:30:00.000Z');
    expect(entries[0].end.toISOString()).toBe('2026-12-02T05:30:00.000Z');
  });

  it('keeps the UIDs after an edit and raises their SEQUENCE; an unpublished event becomes CANCELLED', async () => {
    const { t, organizer, published, save, eventJson } = suite;
    const event = await published({ name: 'Moving GP' });
    const before = (await feed(`events/${event.id}.ics`)).entries;
    expect((await save('individual', eventJson({ id: event.id, name: 'Moved GP', date: new Date(Date.now() + 9 * 86_400_000).toISOString() }))).status).toBe(200);
    const edited = (await feed(`events/${event.id}.ics`)).entries;
    expect(edited.map((entry) => entry.uid)).toEqual(before.map((entry) => entry.uid));
    expect(edited[0].summary).toBe('Moved GP · Sprint 1');
    edited.forEach((entry, index) => expect(entry.sequence).toBeGreaterThan(before[index].sequence));

    expect((await t.request(`/api/events/${event.id}/publish?publish=false`, { as: organizer })).status).toBe(200);
    const cancelled = (await feed(`events/${event.id}.ics`)).entries;
    expect(cancelled.map((entry) => entry.uid)).toEqual(before.map((entry) => entry.uid));
    expect(cancelled.map((entry) => entry.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect(cancelled[0].sequence).toBeGreaterThan(edited[0].sequence);
    expect(cancelled[0].summary).toBe('Cancelled: Moved GP · Sprint 1');
    const league = (await feed('league.ics')).entries.filter((entry) => entry.url.endsWith(`/events/${event.id}`));
    expect(league.map((entry) => entry.status)).toEqual(['CANCELLED', 'CANCELLED']);
  });

  it('gives a series and each of its seasons a feed of their rounds', async () => {
    const { t, published } = suite;
    // Rounds a day apart: created at once, the same start would leave their order to the ids the saves got.
    const [first, second, other] = await Promise.all([
      published({ name: 'Round one', date: inDays(7) }),
      published({ name: 'Round two', date: inDays(8) }),
      published({ name: 'Elsewhere' }),
    ]);
    const competition = await newCompetition(t.em(), { name: 'Calendar Cup' });
    const [season1, season2] = [
      await newSeason(t.em(), competition, { name: '2026', events: [await t.em().findOneOrFail(LeagueEvent, first.id)] }),
      await newSeason(t.em(), competition, { name: '2027', events: [await t.em().findOneOrFail(LeagueEvent, second.id)] }),
    ];
    const season = await feed(`seasons/${season1.id}.ics`);
    expect(season.name).toBe('Paddock: Calendar Cup — 2026');
    expect(season.entries.map((entry) => entry.uid)).toEqual(raceIdsOf(first).map((id) => `race-${id}@${host()}`));
    const series = await feed(`series/${competition.id}.ics`);
    expect(series.name).toBe('Paddock: Calendar Cup');
    expect(series.entries.map((entry) => entry.uid)).toEqual([...raceIdsOf(first), ...raceIdsOf(second)].map((id) => `race-${id}@${host()}`));
    expect(series.entries.some((entry) => entry.url.endsWith(`/events/${other.id}`))).toBe(false);
    expect(season2.id).toBeGreaterThan(season1.id);
  });

  it('answers 404 for a feed of an unknown or never published event, season or series, and 400 for a malformed id', async () => {
    const { t, created } = suite;
    const draft = await created();
    for (const path of [`events/${draft.id}.ics`, 'events/999999.ics', 'seasons/999999.ics', 'series/999999.ics', 'drivers/unknown-token-0123456789.ics']) {
      expect({ path, status: (await t.request(`/api/calendar/${path}`)).status }).toEqual({ path, status: 404 });
    }
    expect((await t.request('/api/calendar/events/abc.ics')).status).toBe(400);
    expect((await t.request('/api/calendar/drivers/bad%20token!.ics')).status).toBe(400);
  });

  it('serves feeds as cached reads, from the fast path once cached, and 304 to a calendar that has the feed', async () => {
    const { t, published } = suite;
    const event = await published();
    // The worker's invalidations for the new event come first, or one could drop the entry read next.
    await t.settled();
    const url = `${t.baseUrl}/api/calendar/events/${event.id}.ics`;
    await feed(`events/${event.id}.ics`);
    throughNest.mockClear();
    const cached = await plainGet(url);
    expect(cached).toMatchObject({ status: 200, headers: { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'no-cache' } });
    const revalidated = await plainGet(url, { 'if-none-match': String(cached.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(throughNest).not.toHaveBeenCalled();
  });

  it('refuses the token calls to a visitor (401)', async () => {
    const { t } = suite;
    expect((await t.request('/api/calendar/me')).status).toBe(401);
    expect((await t.request('/api/calendar/me', { method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest' } })).status).toBe(401);
  });

  it('gives a driver a private feed of the races they entered, with their team line-up, until they leave', async () => {
    const { driver, published, join } = suite;
    expect(await myToken(driver, 'GET')).toBeNull();
    const token = await myToken(driver);
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(await myToken(driver, 'GET')).toBe(token);
    const [entered, notEntered] = await Promise.all([published({ name: 'Entered GP' }), published({ name: 'Not entered GP' })]);
    expect((await join(entered.id, driver)).status).toBe(200);
    const mine = await feed(`drivers/${token}.ics`);
    expect(mine.name).toBe('Paddock: my races');
    expect(mine.entries.map((entry) => entry.uid)).toEqual(raceIdsOf(entered).map((id) => `race-${id}@${host()}`));
    expect(mine.entries.some((entry) => entry.url.endsWith(`/events/${notEntered.id}`))).toBe(false);

    expect((await join(entered.id, driver, false)).status).toBe(200);
    expect((await feed(`drivers/${token}.ics`)).entries).toEqual([]);
  });

  it('shows the team a driver races with and its line-up for each race', async () => {
    const { t, driver, published, profileOf } = suite;
    const em = t.em();
    const event = await published({ name: 'Team night', competitionStyle: 'TEAM' });
    const lead = await profileOf('driver');
    const [mate, reserve] = await Promise.all([newDriver(em, { profile: { name: 'Team Mate' } }), newDriver(em, { profile: { name: 'Reserve Driver' } })]);
    const team = await newTeam(em, { name: 'Calendar Racing' });
    const joinedFrom = Date.now() - 60_000;
    [lead, mate.profile, reserve.profile].forEach((profile, index) =>
      em.create(EventAttendance, { event: event.id, profile: profile.id, team, joinedAt: new Date(joinedFrom + index * 1000) }),
    );
    const [sprintId, featureId] = raceIdsOf(event);
    for (const profile of [lead, reserve.profile]) em.create(RaceLineup, { race: featureId, profile: profile.id, team });
    await em.flush();
    const token = await myToken(driver);
    const { entries } = await feed(`drivers/${token}.ics`);
    const byUid = new Map(entries.map((entry) => [entry.uid, entry]));
    // Drivers in the order they entered, named as the event page names them.
    const named = (profiles: DriverProfile[]) => profiles.map((profile) => shownDriver(profile, false).driverName);
    expect(byUid.get(`race-${sprintId}@${host()}`)!.description).toContain(`Team: Calendar Racing (${named([lead, mate.profile, reserve.profile]).join(', ')})`);
    expect(byUid.get(`race-${featureId}@${host()}`)!.description).toContain(`Team: Calendar Racing (${named([lead, reserve.profile]).join(', ')})`);
  });

  it("raises the SEQUENCE of a driver's races when their team's line-up changes", async () => {
    const { t, driver, organizer, published, profileOf } = suite;
    const em = t.em();
    const event = await published({ name: 'Line-up night', competitionStyle: 'TEAM' });
    const lead = await profileOf('driver');
    const mate = await newDriver(em, { profile: { name: 'Line-up Mate' } });
    const team = await newTeam(em, { name: 'Sequence Racing' });
    for (const profile of [lead, mate.profile]) em.create(EventAttendance, { event: event.id, profile: profile.id, team });
    await em.flush();
    const token = await myToken(driver);
    const uid = `race-${raceIdsOf(event)[1]}@${host()}`;
    const entry = async () => (await feed(`drivers/${token}.ics`)).entries.find((candidate) => candidate.uid === uid)!;
    const before = await entry();
    expect(before.description).toContain(`Team: Sequence Racing (${[lead, mate.profile].map((profile) => shownDriver(profile, false).driverName).join(', ')})`);

    const set = await t.request(`/api/events/${event.id}/races/${raceIdsOf(event)[1]}/lineups/${team.id}`, { method: 'PUT', as: organizer, json: { profileIds: [lead.id] } });
    expect(set.status).toBe(200);
    await t.settled();
    const after = await entry();
    expect(after.description).toContain(`Team: Sequence Racing (${shownDriver(lead, false).driverName})`);
    expect(after.sequence).toBeGreaterThan(before.sequence);
  });

  it('answers 404 at the old address once the driver replaces the token, and the feed at the new one', async () => {
    const { t, driver } = suite;
    const old = await myToken(driver);
    await feed(`drivers/${old}.ics`);
    await feed(`drivers/${old}.ics`);
    const replaced = await myToken(driver);
    expect(replaced).not.toBe(old);
    expect((await t.request(`/api/calendar/drivers/${old}.ics`)).status).toBe(404);
    await feed(`drivers/${replaced}.ics`);
    expect(await myToken(driver, 'GET')).toBe(replaced);
  });
});
