import { driverDisplayName } from '../../backend/src/contracts/driver-name.js';
import { AuditLogEntry } from '../../backend/src/modules/audit/audit.entities.js';
import { describe, expect, it } from '@jest/globals';
import { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { Team, TeamMember } from '../../backend/src/modules/teams/team.entity.js';
import { LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import { newGameWithTrack } from '../factories/catalogue.js';
import { newAttendance } from '../factories/events.js';
import { joinTeam, newTeam } from '../factories/teams.js';
import type { CookieJar } from '../support/sign-in.js';
import { nextMessage, subscribe } from '../support/sockets.js';
import { eventsSuite } from '../support/events-suite.js';

/** Captains enter their team's drivers for TEAM and LVL events, within the team sizes and until the line-up lock. */
describe('events: team entries', () => {
  const suite = eventsSuite();

  describe('team entries', () => {
    /** The captain's team with the driver in it too (the first test may have put them in already). */
    const teamOfTwo = async () => {
      const em = suite.t.em();
      const team = await em.findOneOrFail(Team, suite.captainsTeam.id);
      const driverUser = (await suite.profileOf('driver')).user;
      if (!(await em.count(TeamMember, { team: team.id, user: driverUser.id }))) await joinTeam(em, team, driverUser);
      return team;
    };
    const enterTeam = (eventId: number, teamId: number, profileIds: number[], as: CookieJar | undefined = suite.captain, method: 'POST' | 'PUT' = 'POST') =>
      suite.t.request(`/api/events/${eventId}/attendance/team`, { method, as, json: { teamId, profileIds } });

    it('lets a captain enter exactly the team drivers for a team event', async () => {
      const { t, driver, captain, captainsTeam, published, profileOf } = suite;
      const em = t.em();
      const team = await em.findOneOrFail(Team, captainsTeam.id);
      await joinTeam(em, team, (await em.findOneOrFail(DriverProfile, { user: { username: 'driver' } })).user);
      const captainProfile = await profileOf('captain');
      const driverProfile = await profileOf('driver');
      const stewardProfile = await profileOf('steward');
      const event = await published({ competitionStyle: 'TEAM', seats: 10 });
      const enter = (profileIds: number[], as: CookieJar | undefined = captain, teamId = team.id) =>
        t.request(`/api/events/${event.id}/attendance/team`, { method: 'POST', as, json: { teamId, profileIds } });

      const both = await enter([captainProfile.id, driverProfile.id]);
      expect(both.status).toBe(200);
      expect(await both.json()).toEqual({ eventId: event.id, attendanceCount: 2, seatsLeft: 8 });
      const drivers = (await (await t.request(`/api/events/${event.id}/drivers`)).json()) as { profileId: number; team: unknown }[];
      expect(drivers.map((d) => d.team)).toEqual([
        { id: team.id, name: team.name },
        { id: team.id, name: team.name },
      ]);
      expect(await (await enter([captainProfile.id])).json()).toMatchObject({ attendanceCount: 1 });

      const outsider = await enter([captainProfile.id, stewardProfile.id]);
      expect(outsider.status).toBe(400);
      expect((await outsider.json()).errors).toHaveProperty(['profileIds.1']);
      const otherTeam = await newTeam(t.em());
      expect((await enter([captainProfile.id], captain, otherTeam.id)).status).toBe(403);
      expect((await enter([captainProfile.id], captain, 999999)).status).toBe(404);
      expect((await enter([captainProfile.id], driver)).status).toBe(403);
      expect((await t.request(`/api/events/${event.id}/attendance/team`, { method: 'POST', json: { teamId: team.id, profileIds: [captainProfile.id] } })).status).toBe(401);
      expect((await t.request(`/api/events/999999/attendance/team`, { method: 'POST', as: captain, json: { teamId: team.id, profileIds: [] } })).status).toBe(404);
      const solo = await published({ competitionStyle: 'SOLO' });
      expect(
        (await t.request(`/api/events/${solo.id}/attendance/team`, { method: 'POST', as: captain, json: { teamId: team.id, profileIds: [captainProfile.id] } })).status,
      ).toBe(409);
      const bad = await enter(['x' as unknown as number]);
      expect((await bad.json()).errors).toHaveProperty('profileIds');
    });

    it('keeps team sizes and the line-up lock on the event, with human messages for bad ones', async () => {
      const { t, eventJson, save, created } = suite;
      const event = await created({ competitionStyle: 'TEAM', teamSizeMin: 2, teamSizeMax: 3, lineupLockMinutes: 90 });
      expect(event).toMatchObject({ teamSizeMin: 2, teamSizeMax: 3, lineupLockMinutes: 90 });
      expect(await created()).toMatchObject({ teamSizeMin: 1, teamSizeMax: 4, lineupLockMinutes: 0 });

      const crossed = await save('individual', eventJson({ teamSizeMin: 4, teamSizeMax: 2 }));
      expect(crossed.status).toBe(400);
      expect((await crossed.json()).errors).toEqual({ teamSizeMax: ['the largest team (2) cannot be smaller than the smallest (4)'] });
      const bad = await save('individual', eventJson({ teamSizeMin: 0, teamSizeMax: 51, lineupLockMinutes: -5 }));
      const { errors } = (await bad.json()) as { errors: Record<string, string[]> };
      expect(errors.teamSizeMin).toEqual(['teamSizeMin must be a whole number of drivers from 1 to 50']);
      expect(errors.teamSizeMax).toEqual(['teamSizeMax must be a whole number of drivers from 1 to 50']);
      expect(errors.lineupLockMinutes).toEqual(['lineupLockMinutes must be a whole number of minutes from 0 to 10080 (a week)']);
      // The database holds the sizes whatever writes them.
      await expect(t.em().nativeUpdate(LeagueEvent, { id: event.id }, { teamSizeMin: 5 })).rejects.toThrow(/events_team_size_range/);
    });

    it('lets a captain enter within the team sizes until the line-up locks; organizers adjust after it', async () => {
      const { t, organizer, captain, published, startEvent, join, profileOf } = suite;
      const team = await teamOfTwo();
      const [captainProfile, driverProfile, stewardProfile] = await Promise.all([profileOf('captain'), profileOf('driver'), profileOf('steward')]);
      const event = await published({ competitionStyle: 'LVL', seats: 10, teamSizeMin: 2, teamSizeMax: 2, lineupLockMinutes: 60 });

      const alone = await enterTeam(event.id, team.id, [captainProfile.id]);
      expect(alone.status).toBe(409);
      expect((await alone.json()).message).toBe('A team races this event with 2 drivers: you entered 1');
      expect(await (await enterTeam(event.id, team.id, [captainProfile.id, driverProfile.id])).json()).toEqual({ eventId: event.id, attendanceCount: 2, seatsLeft: 8 });
      await joinTeam(t.em(), team, stewardProfile.user);
      const three = await enterTeam(event.id, team.id, [captainProfile.id, driverProfile.id, stewardProfile.id]);
      expect(three.status).toBe(409);
      expect((await three.json()).message).toBe('A team races this event with 2 drivers: you entered 3');
      expect(await (await enterTeam(event.id, team.id, [])).json()).toMatchObject({ attendanceCount: 0 });
      expect(await (await enterTeam(event.id, team.id, [captainProfile.id, stewardProfile.id])).json()).toMatchObject({ attendanceCount: 2 });

      // 30 minutes before the start, inside the 60-minute lock.
      await startEvent(event.id, new Date(Date.now() + 30 * 60_000));
      const locked = await enterTeam(event.id, team.id, [captainProfile.id, driverProfile.id]);
      expect(locked.status).toBe(409);
      expect((await locked.json()).message).toMatch(/^Line-ups locked at .* UTC \(60 minutes before the start\): ask an organizer$/);
      const leaving = await join(event.id, captain, false);
      expect(leaving.status).toBe(409);

      // Organizers swap a driver after the lock, and may leave a team short; never past the largest team.
      expect(await (await enterTeam(event.id, team.id, [captainProfile.id, driverProfile.id], organizer, 'PUT')).json()).toMatchObject({ attendanceCount: 2 });
      const drivers = (await (await t.request(`/api/events/${event.id}/drivers`)).json()) as { profileId: number }[];
      expect(drivers.map((d) => d.profileId).sort()).toEqual([captainProfile.id, driverProfile.id].sort());
      expect(await (await enterTeam(event.id, team.id, [driverProfile.id], organizer, 'PUT')).json()).toMatchObject({ attendanceCount: 1 });
      // The organizers' changes are staff changes: the audit log has the team's drivers before and after.
      const [{ before, after, action }] = await t
        .em()
        .find(AuditLogEntry, { kind: 'event', entityId: String(event.id), action: 'team entries set' }, { orderBy: { id: 'desc' }, limit: 1 });
      expect({ action, before, after }).toEqual({
        action: 'team entries set',
        before: { team: team.name, drivers: [captainProfile, driverProfile].sort((a, b) => a.id - b.id).map((profile) => driverDisplayName(profile)) },
        after: { team: team.name, drivers: [driverDisplayName(driverProfile)] },
      });
      expect((await enterTeam(event.id, team.id, [captainProfile.id, driverProfile.id, stewardProfile.id], organizer, 'PUT')).status).toBe(409);
      // The database refuses the third driver however the row arrives.
      await t.em().nativeUpdate(LeagueEvent, { id: event.id }, { teamSizeMin: 1, teamSizeMax: 1 });
      const past = await t.request(`/api/events/${event.id}/attendance/team`, {
        method: 'PUT',
        as: organizer,
        json: { teamId: team.id, profileIds: [driverProfile.id, captainProfile.id] },
      });
      expect(past.status).toBe(409);
      expect((await past.json()).message).toBe('A team races this event with 1 driver: you entered 2');
      await expect(newAttendance(t.em(), await t.em().findOneOrFail(LeagueEvent, event.id), captainProfile, team)).rejects.toThrow(/event_attendance_team_size_within_max/);
      expect(await (await t.request(`/api/events/${event.id}/drivers`)).json()).toHaveLength(1);
      await t.em().nativeDelete(TeamMember, { team: team.id, user: stewardProfile.user.id });
    });

    it('refuses the organizers’ team route to others, for unknown events and teams, and for solo events', async () => {
      const { t, organizer, driver, captain, published, profileOf } = suite;
      const team = await teamOfTwo();
      const captainProfile = await profileOf('captain');
      const event = await published({ competitionStyle: 'TEAM' });
      expect((await enterTeam(event.id, team.id, [captainProfile.id], captain, 'PUT')).status).toBe(403);
      expect((await enterTeam(event.id, team.id, [captainProfile.id], driver, 'PUT')).status).toBe(403);
      expect((await t.request(`/api/events/${event.id}/attendance/team`, { method: 'PUT', json: { teamId: team.id, profileIds: [captainProfile.id] } })).status).toBe(401);
      expect((await enterTeam(999999, team.id, [captainProfile.id], organizer, 'PUT')).status).toBe(404);
      expect((await enterTeam(event.id, 999999, [captainProfile.id], organizer, 'PUT')).status).toBe(404);
      const solo = await published({ competitionStyle: 'SOLO' });
      expect((await enterTeam(solo.id, team.id, [captainProfile.id], organizer, 'PUT')).status).toBe(409);
      const bad = await enterTeam(event.id, team.id, [0], organizer, 'PUT');
      expect((await bad.json()).errors).toHaveProperty('profileIds');
    });

    it('refuses a team of another game', async () => {
      const { t, published, profileOf } = suite;
      const team = await teamOfTwo();
      const other = await newGameWithTrack(t.em());
      await t.em().nativeUpdate(Team, { id: team.id }, { game: other.game.id });
      try {
        const event = await published({ competitionStyle: 'TEAM' });
        const response = await enterTeam(event.id, team.id, [(await profileOf('captain')).id]);
        expect(response.status).toBe(409);
        expect((await response.json()).message).toBe(`${team.name} races ${other.game.name}, not this event's game`);
      } finally {
        await t.em().nativeUpdate(Team, { id: team.id }, { game: null });
      }
    });

    it('refuses a driver entering a TEAM or LVL event alone, and organizers entering one without a team', async () => {
      const { t, organizer, driver, published, join, profileOf } = suite;
      for (const competitionStyle of ['TEAM', 'LVL']) {
        const event = await published({ competitionStyle });
        const response = await join(event.id, driver);
        expect(response.status).toBe(409);
        expect((await response.json()).message).toBe("This is a team event: your team's captain enters the drivers who race it");
        const byOrganizer = await t.request(`/api/events/${event.id}/attendance`, {
          method: 'PUT',
          as: organizer,
          json: { profileId: (await profileOf('driver')).id, attending: true },
        });
        expect(byOrganizer.status).toBe(409);
        expect(await (await t.request(`/api/events/${event.id}/drivers`)).json()).toEqual([]);
      }
    });

    it('pushes a captain’s entries to the event page', async () => {
      const { t, open, published, profileOf } = suite;
      const team = await teamOfTwo();
      const event = await published({ competitionStyle: 'TEAM' });
      const visitor = await open(t.baseUrl);
      await subscribe(visitor, `event:${event.id}`);
      const pushed = nextMessage(visitor, 'event.attendance.changed', (message) => message.eventId === event.id && message.attendees.length === 2);
      expect((await enterTeam(event.id, team.id, [(await profileOf('captain')).id, (await profileOf('driver')).id])).status).toBe(200);
      expect((await pushed).attendees.map((attendee) => attendee.team)).toEqual([
        { id: team.id, name: team.name },
        { id: team.id, name: team.name },
      ]);
    });
  });
});
