import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ROLES } from '../../backend/src/contracts/roles.js';
import { USER_SORT_FIELDS } from '../../backend/src/modules/users/dto/user-page.dto.js';
import { User } from '../../backend/src/modules/users/user.entity.js';
import { demoAccount } from '../../backend/src/infra/discord/demo-accounts.js';
import { newMember } from '../factories/users.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface PageBody {
  content: { id: number; username: string; roles: string[]; driverName: string | null }[];
  pageNumber: number;
  pageSize: number;
  totalElements: number;
  totalPages: number;
}

describe('users administration', () => {
  let t: TestApp;
  let admin: CookieJar;
  /** The members of this file's league, in the order they joined (ids ascending). */
  const ACCOUNTS = ['admin', 'organizer', 'steward', 'captain', 'driver', 'rookie'] as const;
  const members = {} as Record<(typeof ACCOUNTS)[number], User>;
  let ids: number[];
  const page = async (query: string, body: unknown = {}) => {
    const response = await t.request(`/api/users/page${query}`, { method: 'POST', as: admin, json: body });
    expect(response.status).toBe(200);
    return (await response.json()) as PageBody;
  };

  beforeAll(async () => {
    t = await startTestApp();
    const profiles = { organizer: { driverNumber: 7, xboxUsername: 'OllyOnXbox' }, captain: { driverNumber: 44, xboxUsername: 'CoryCaptain' } };
    for (const account of ACCOUNTS) {
      members[account] = (await newMember(t.em(), account, { profile: profiles[account as keyof typeof profiles] })).user;
    }
    ids = ACCOUNTS.map((account) => members[account].id);
    admin = await t.signIn('admin');
  });
  afterAll(() => t.close());

  describe('POST /api/users/page', () => {
    it('pages 0-based with totalElements and totalPages', async () => {
      const first = await page('?pageNumber=0&pageSize=4');
      expect(first).toMatchObject({ pageNumber: 0, pageSize: 4, totalElements: 6, totalPages: 2 });
      expect(first.content.map((user) => user.id)).toEqual(ids.slice(0, 4));
      const second = await page('?pageNumber=1&pageSize=4');
      expect(second.content.map((user) => user.id)).toEqual(ids.slice(4));
      expect((await page('?pageNumber=2&pageSize=4')).content).toEqual([]);
    });

    it('defaults to the first page of 25', async () => {
      expect(await page('')).toMatchObject({ pageNumber: 0, pageSize: 25, totalElements: 6, totalPages: 1 });
    });

    it("lists the league's view of each user: roles and the driver display name", async () => {
      const { content } = await page('');
      expect(content.find((user) => user.username === 'organizer')).toMatchObject({ roles: ['ORGANIZER'], driverName: '[ 7 ] - OllyOnXbox' });
      expect(content.find((user) => user.username === 'rookie')).toMatchObject({ roles: ['NEW'], driverName: 'Incomplete profile' });
    });

    it('sorts by each allowed field, both directions, with a stable tie-break', async () => {
      // Distinct values in an order unrelated to the ids, so each sort has one right answer.
      const em = t.em();
      const order = [3, 1, 5, 0, 4, 2].map((index) => ids[index]);
      for (const [rank, id] of order.entries()) {
        const at = new Date(Date.UTC(2026, 0, 1 + rank));
        await em.nativeUpdate(User, id, { nickName: `nick-${rank}`, createdAt: at, lastSeenAt: at, lastLoginAt: at });
      }
      const users = await t.em().find(User, {});
      const value = (user: User, field: string) => {
        const raw = (user as unknown as Record<string, unknown>)[field];
        return raw instanceof Date ? raw.getTime() : (raw as string | number);
      };
      for (const field of USER_SORT_FIELDS) {
        const ascending = [...users].sort((a, b) => (value(a, field) < value(b, field) ? -1 : value(a, field) > value(b, field) ? 1 : a.id - b.id));
        for (const direction of ['ASC', 'DESC', 'asc', undefined] as const) {
          const expected = direction?.toUpperCase() === 'DESC' ? [...ascending].reverse() : ascending;
          const { content } = await page('', { sort: [{ field, ...(direction ? { direction } : {}) }] });
          expect([field, direction, content.map((user) => user.id)]).toEqual([field, direction, expected.map((user) => user.id)]);
        }
      }
    });

    it('sorts by several fields in the order given', async () => {
      const [first, second, third] = ids;
      await t.em().nativeUpdate(User, [first, second, third], { globalName: 'Same' });
      const { content } = await page('', {
        sort: [
          { field: 'globalName', direction: 'DESC' },
          { field: 'username', direction: 'ASC' },
        ],
      });
      const same = content.filter((user) => [first, second, third].includes(user.id)).map((user) => user.username);
      expect(same).toEqual(['admin', 'organizer', 'steward']);
    });

    it('refuses an unknown sort field with 400 naming it', async () => {
      for (const field of ['password', 'discord_id', 'roles', '__proto__', 'id; drop table users']) {
        const response = await t.request('/api/users/page', { method: 'POST', as: admin, json: { sort: [{ field }] } });
        expect(response.status).toBe(400);
        const body = await response.json();
        expect(Object.keys(body.errors)).toEqual(['sort.0.field']);
        expect(body.message).toContain('sort.0.field');
      }
      expect(await t.em().count(User)).toBe(6);
    });

    it('lists only the holders of one role when asked, counting only them', async () => {
      const captains = await page('', { role: 'TEAM_CAPTAIN' });
      expect(captains).toMatchObject({ totalElements: 1, totalPages: 1 });
      expect(captains.content.map((user) => user.username)).toEqual(['captain']);
      expect((await page('', { role: 'BETA_TESTER' })).content).toEqual([]);
      const response = await t.request('/api/users/page', { method: 'POST', as: admin, json: { role: 'OWNER' } });
      expect(response.status).toBe(400);
      expect(Object.keys((await response.json()).errors)).toEqual(['role']);
    });

    it('refuses an unknown direction and a page size out of range with 400', async () => {
      expect((await t.request('/api/users/page', { method: 'POST', as: admin, json: { sort: [{ field: 'id', direction: 'UP' }] } })).status).toBe(400);
      expect((await t.request('/api/users/page?pageSize=1001', { method: 'POST', as: admin, json: {} })).status).toBe(400);
      expect((await t.request('/api/users/page?pageNumber=-1', { method: 'POST', as: admin, json: {} })).status).toBe(400);
    });
  });

  describe('GET /api/users/export', () => {
    it('downloads every user as CSV with a header row', async () => {
      const response = await t.request('/api/users/export', { as: admin });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="paddock-users.csv"');
      const lines = (await response.text()).split('\r\n');
      expect(lines[0]).toBe('id,discordId,username,globalName,nickName,roles,driverNumber,driverName,createdAt,lastSeenAt');
      expect(lines.at(-1)).toBe('');
      expect(lines.slice(1, -1)).toHaveLength(6);
      const captain = lines.find((line) => line.split(',')[2] === 'captain')!.split(',');
      expect(captain.slice(0, 8)).toEqual([
        String(members.captain.id),
        demoAccount('captain').id,
        'captain',
        expect.any(String),
        expect.any(String),
        'TEAM_CAPTAIN TEAM',
        '44',
        '[ 44 ] - CoryCaptain',
      ]);
    });

    it('quotes cells with commas, quotes and line breaks', async () => {
      await t.em().nativeUpdate(User, members.driver.id, { globalName: 'Dani, "the" Driver', nickName: 'two\nlines' });
      const text = await (await t.request('/api/users/export', { as: admin })).text();
      expect(text).toContain(',"Dani, ""the"" Driver","two\nlines",');
    });

    it('keeps spreadsheets from reading a cell as a formula', async () => {
      const formulas = ['=HYPERLINK("http://evil.example")', '+1+1', '-2+3', '@SUM(A1)', '\tx', '\rx'];
      for (const [index, formula] of formulas.entries()) await t.em().nativeUpdate(User, ids[index], { nickName: formula });
      const text = await (await t.request('/api/users/export', { as: admin })).text();
      expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
      expect(text).toContain(",'+1+1,");
      expect(text).toContain(",'-2+3,");
      expect(text).toContain(",'@SUM(A1),");
      expect(text).toContain(",'\tx,");
      expect(text).toContain(`,"'\rx",`);
      // No cell, quoted or not, starts with a formula character.
      expect(text).not.toMatch(/(^|,|\r\n)"?[=+\-@]/);
    });
  });

  describe('roles', () => {
    it('lists every role with a description', async () => {
      const response = await t.request('/api/roles', { as: admin });
      expect(response.status).toBe(200);
      const roles = (await response.json()) as { role: string; description: string }[];
      expect(roles.map((entry) => entry.role)).toEqual([...ROLES]);
      for (const entry of roles) expect(entry.description).toMatch(/\w{3,}/);
    });

    it('grants and revokes a role, idempotently', async () => {
      const grant = () => t.request(`/api/users/${members.driver.id}/roles/STEWARD`, { method: 'PUT', as: admin });
      expect(await (await grant()).json()).toEqual({ roles: ['STEWARD'] });
      expect(await (await grant()).json()).toEqual({ roles: ['STEWARD'] });
      expect((await t.em().findOneOrFail(User, members.driver.id)).roles).toEqual(['STEWARD']);
      const revoke = () => t.request(`/api/users/${members.driver.id}/roles/STEWARD`, { method: 'DELETE', as: admin });
      expect(await (await revoke()).json()).toEqual({ roles: [] });
      expect(await (await revoke()).json()).toEqual({ roles: [] });
      expect((await t.em().findOneOrFail(User, members.driver.id)).roles).toEqual([]);
    });

    it('keeps the other roles of the user when granting and revoking', async () => {
      expect(await (await t.request(`/api/users/${members.captain.id}/roles/BETA_TESTER`, { method: 'PUT', as: admin })).json()).toEqual({
        roles: ['TEAM_CAPTAIN', 'TEAM', 'BETA_TESTER'],
      });
      expect(await (await t.request(`/api/users/${members.captain.id}/roles/TEAM`, { method: 'DELETE', as: admin })).json()).toEqual({
        roles: ['TEAM_CAPTAIN', 'BETA_TESTER'],
      });
    });

    it('loses no grant or revoke when several arrive at once', async () => {
      const roles = ['ORGANIZER', 'STEWARD', 'TEAM', 'TEAM_CAPTAIN', 'BETA_TESTER', 'NEW'];
      const granted = await Promise.all(roles.map((role) => t.request(`/api/users/${members.rookie.id}/roles/${role}`, { method: 'PUT', as: admin })));
      expect(granted.map((response) => response.status)).toEqual(roles.map(() => 200));
      expect([...(await t.em().findOneOrFail(User, members.rookie.id)).roles].sort()).toEqual([...roles].sort());
      const revoked = await Promise.all(roles.map((role) => t.request(`/api/users/${members.rookie.id}/roles/${role}`, { method: 'DELETE', as: admin })));
      expect(revoked.map((response) => response.status)).toEqual(roles.map(() => 200));
      expect((await t.em().findOneOrFail(User, members.rookie.id)).roles).toEqual([]);
      await t.request(`/api/users/${members.rookie.id}/roles/NEW`, { method: 'PUT', as: admin });
    });

    it('refuses an unknown role with 400 naming it, and changes nothing', async () => {
      for (const method of ['PUT', 'DELETE']) {
        for (const role of ['SUPERUSER', 'admin', 'PILOT']) {
          const response = await t.request(`/api/users/${members.driver.id}/roles/${role}`, { method, as: admin });
          expect(response.status).toBe(400);
          const body = await response.json();
          expect(Object.keys(body.errors)).toEqual(['role']);
          expect(body.message).toMatch(/^Invalid request: role: role must be one of ADMIN, /);
        }
      }
      expect((await t.em().findOneOrFail(User, members.driver.id)).roles).toEqual([]);
    });

    it('answers an unknown user with 404 and a malformed id with 400', async () => {
      for (const method of ['PUT', 'DELETE']) {
        const missing = await t.request('/api/users/999/roles/ADMIN', { method, as: admin });
        expect(missing.status).toBe(404);
        expect(await missing.json()).toMatchObject({ status: 404, message: 'User 999 not found', path: '/api/users/999/roles/ADMIN' });
        for (const id of ['abc', '0', '-1', '1.5']) {
          expect((await t.request(`/api/users/${id}/roles/ADMIN`, { method, as: admin })).status).toBe(400);
        }
      }
    });

    it("applies a grant and a revoke on the target user's very next request, in the same session", async () => {
      const driver = await t.signIn('driver');
      expect((await t.request('/api/roles', { as: driver })).status).toBe(403);
      expect((await t.request(`/api/users/${members.driver.id}/roles/ADMIN`, { method: 'PUT', as: admin })).status).toBe(200);
      expect((await t.request('/api/roles', { as: driver })).status).toBe(200);
      const me = await (await t.request('/api/users/me', { as: driver })).json();
      expect(me.roles).toEqual([{ role: 'ADMIN' }]);
      expect((await t.request(`/api/users/${members.driver.id}/roles/ADMIN`, { method: 'DELETE', as: admin })).status).toBe(200);
      expect((await t.request('/api/roles', { as: driver })).status).toBe(403);
    });

    it("applies a revoke to the admin's own API key too", async () => {
      const organizerJar = await t.signIn('organizer');
      expect((await t.request(`/api/users/${members.organizer.id}/roles/ADMIN`, { method: 'PUT', as: admin })).status).toBe(200);
      const { key } = await (await t.request('/api/users/me/apiKey', { method: 'POST', as: organizerJar })).json();
      const bearer = { authorization: `Bearer ${key}` };
      expect((await t.request('/api/roles', { headers: bearer })).status).toBe(200);
      expect((await t.request(`/api/users/${members.organizer.id}/roles/ADMIN`, { method: 'DELETE', as: admin })).status).toBe(200);
      expect((await t.request('/api/roles', { headers: bearer })).status).toBe(403);
    });
  });
});
