import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from '../../backend/src/contracts/api.js';
import type { AuditLogEntryDto } from '../../backend/src/contracts/audit.js';
import type { GameDto } from '../../backend/src/contracts/catalogue.js';
import type { TicketDto } from '../../backend/src/contracts/stewarding.js';
import { DEFAULT_STEWARDING_SETTINGS } from '../../backend/src/contracts/stewarding.js';
import { AuditLogEntry } from '../../backend/src/modules/audit/audit.entities.js';
import { newGameWithTrack } from '../factories/catalogue.js';
import { newCompetition, newSeason } from '../factories/competitions.js';
import { newStewardedRound } from '../factories/stewarding.js';
import { multipart } from '../factories/uploads.js';
import { newMember, type Member } from '../factories/users.js';
import { json } from '../support/responses.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The audit log: every staff change with who, when, what, before and after, in the change's transaction; admins read it; nothing rewrites it. */
describe('audit log', () => {
  let t: TestApp;
  let as: Record<'admin' | 'organizer' | 'steward' | 'driver', CookieJar>;
  let admin: Member;
  let organizer: Member;
  let driver: Member;

  const audit = async (query = '', caller = as.admin) => json<Page<AuditLogEntryDto>>(await t.request(`/api/audit${query}`, { as: caller }));
  const entries = () => t.em().count(AuditLogEntry, {});

  beforeAll(async () => {
    t = await startTestApp();
    admin = await newMember(t.em(), 'admin', { roles: ['ADMIN', 'HEAD_STEWARD'] });
    organizer = await newMember(t.em(), 'organizer');
    await newMember(t.em(), 'steward');
    driver = await newMember(t.em(), 'driver');
    as = { admin: await t.signIn('admin'), organizer: await t.signIn('organizer'), steward: await t.signIn('steward'), driver: await t.signIn('driver') };
  });
  afterAll(() => t.close());

  it('is read by admins only: visitors 401, drivers, stewards and organizers 403', async () => {
    expect((await t.request('/api/audit')).status).toBe(401);
    for (const caller of [as.driver, as.steward, as.organizer]) expect((await t.request('/api/audit', { as: caller })).status).toBe(403);
    expect((await t.request('/api/audit', { as: as.admin })).status).toBe(200);
  });

  it('records role changes with who, what and the roles before and after; nothing for a change that changed nothing or failed', async () => {
    const before = await entries();
    await json(await t.request(`/api/users/${driver.user.id}/roles/STEWARD`, { method: 'PUT', as: as.admin }));
    await json(await t.request(`/api/users/${driver.user.id}/roles/STEWARD`, { method: 'PUT', as: as.admin }));
    expect((await t.request('/api/users/999999/roles/STEWARD', { method: 'PUT', as: as.admin })).status).toBe(404);
    await json(await t.request(`/api/users/${driver.user.id}/roles/STEWARD`, { method: 'DELETE', as: as.admin }));
    expect(await entries()).toBe(before + 2);
    const page = await audit(`?kind=user&actor=${admin.user.id}`);
    expect(page.content.slice(0, 2)).toEqual([
      expect.objectContaining({
        actor: { userId: admin.user.id, name: expect.any(String) },
        kind: 'user',
        entityId: String(driver.user.id),
        action: 'role STEWARD revoked',
        before: { roles: ['STEWARD'] },
        after: { roles: [] },
      }),
      expect.objectContaining({ action: 'role STEWARD granted', before: { roles: [] }, after: { roles: ['STEWARD'] }, label: expect.any(String) }),
    ]);
    expect(Date.now() - Date.parse(page.content[0].at)).toBeLessThan(60_000);
  });

  it('records maintenance mode and catalogue edits, each with the record before and after', async () => {
    await json(await t.request('/api/maintenance', { method: 'PUT', as: as.admin, json: { enabled: true } }));
    await json(await t.request('/api/maintenance', { method: 'PUT', as: as.admin, json: { enabled: false } }));
    const [off, on] = (await audit('?kind=site-setting')).content;
    expect(on).toMatchObject({ label: 'Maintenance mode', action: 'turned on', before: null, after: { enabled: true } });
    expect(off).toMatchObject({ action: 'turned off', before: { enabled: true }, after: { enabled: false } });

    const created = await json<GameDto>(await t.request('/api/games', { method: 'PUT', as: as.admin, body: multipart('game', { name: 'Audit Racer', platforms: ['PC'] }) }));
    await json(await t.request('/api/games', { method: 'PUT', as: as.admin, body: multipart('game', { id: created.id, name: 'Audit Racer 2', platforms: ['PC', 'XBOX'] }) }));
    expect((await t.request(`/api/games/${created.id}`, { method: 'DELETE', as: as.admin })).status).toBe(204);
    const games = (await audit('?kind=game')).content;
    expect(games.map((entry) => [entry.action, entry.label])).toEqual([
      ['deleted', 'Audit Racer 2'],
      ['saved', 'Audit Racer 2'],
      ['created', 'Audit Racer'],
    ]);
    expect(games[1]).toMatchObject({ before: { name: 'Audit Racer', platforms: ['PC'] }, after: { name: 'Audit Racer 2', platforms: ['PC', 'XBOX'] } });
    expect(games[0]).toMatchObject({ before: { id: created.id }, after: null });
  });

  it("records steward decisions and a season's stewarding settings", async () => {
    const { game, gp } = await newGameWithTrack(t.em(), ['PC']);
    const season = await newSeason(t.em(), await newCompetition(t.em(), { game, current: true }));
    const round = await newStewardedRound(t.em(), season, { game, track: gp, hoursAgo: 2, drivers: [driver.profile, organizer.profile] });
    const ticket = await json<TicketDto>(
      await t.request('/api/tickets', {
        method: 'POST',
        as: as.driver,
        json: { raceId: round.raceId, accusedProfileIds: [organizer.profile.id], description: 'Pushed me off at the hairpin on lap two.', evidence: [] },
      }),
      201,
    );
    const outcomes = [{ kind: 'WARNING', profileId: organizer.profile.id }];
    await json(await t.request(`/api/tickets/${ticket.id}/decision`, { method: 'POST', as: as.admin, json: { outcomes, reason: 'Contact.' } }));
    expect((await audit('?kind=ticket')).content[0]).toMatchObject({
      actor: { userId: admin.user.id },
      entityId: String(ticket.id),
      action: 'decided',
      before: null,
      after: { round: 1, outcomes, reason: 'Contact.' },
    });
    const settings = { ...DEFAULT_STEWARDING_SETTINGS, majority: 3 };
    await json(await t.request(`/api/seasons/${season.id}/stewarding`, { method: 'PUT', as: as.organizer, json: settings }));
    expect((await audit('?kind=season-stewarding')).content[0]).toMatchObject({
      actor: { userId: organizer.user.id },
      entityId: String(season.id),
      before: { majority: 2 },
      after: { majority: 3 },
    });
  });

  it('filters by date range and pages, newest first; a bad filter is a 400 naming it', async () => {
    const all = await audit('?pageSize=1000');
    expect(all.totalElements).toBe(await entries());
    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`?from=${today}&to=${today}`)).totalElements).toBe(all.totalElements);
    expect((await audit('?to=2000-01-01')).totalElements).toBe(0);
    const second = await audit('?pageSize=2&pageNumber=1');
    expect(second.content.map((entry) => entry.id)).toEqual(all.content.slice(2, 4).map((entry) => entry.id));
    for (const [query, field] of [
      ['?kind=nope', 'kind'],
      ['?from=yesterday', 'from'],
      ['?actor=x', 'actor'],
      [`?from=${today}&to=2000-01-01`, 'to'],
    ]) {
      const response = await t.request(`/api/audit${query}`, { as: as.admin });
      expect([query, response.status, Object.keys(((await response.json()) as { errors: Record<string, string[]> }).errors)]).toEqual([query, 400, [field]]);
    }
  });

  it('is never editable: no route changes it, and the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const count = await entries();
    expect(count).toBeGreaterThan(0);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) expect((await t.request('/api/audit', { method, as: as.admin, json: {} })).status).toBe(404);
    const connection = t.em().getConnection();
    await expect(connection.execute("update audit_log set action = 'nothing happened'")).rejects.toThrow(/append-only/);
    await expect(connection.execute('delete from audit_log')).rejects.toThrow(/append-only/);
    await expect(connection.execute('truncate audit_log')).rejects.toThrow(/append-only/);
    expect(await entries()).toBe(count);
  });
});
