import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { API_ROUTES } from '../../backend/src/contracts/routes.js';
import { ROLE_FLAGS, roleFlags, type Role, type RoleFlag } from '../../backend/src/contracts/roles.js';
import type { DemoUsername } from '../../backend/src/infra/discord/demo-accounts.js';
import { User } from '../../backend/src/modules/users/user.entity.js';
import { newUser } from '../factories/users.js';
import type { CookieJar } from '../support/sign-in.js';
import { expressRoutes, registeredRoutes, type RouteInfo } from '../support/routes.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const STAFF: DemoUsername[] = ['organizer', 'steward', 'captain', 'driver', 'rookie'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A concrete URL for a route pattern; ids point at an existing user, so nothing 404s before access is decided. */
function concrete(route: RouteInfo, userId: number): string {
  return route.path.replace(':id', String(userId)).replace(':role', 'BETA_TESTER').replace(':guildId', '1');
}

const describeRoute = (route: RouteInfo) => `${route.method} ${route.path}`;

async function expectRefused(response: Response, status: 401 | 403, path: string): Promise<string> {
  expect({ status: response.status, path }).toEqual({ status, path });
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toEqual({ timestamp: expect.any(String), status, message: expect.any(String), path });
  return body.message as string;
}

describe('access to every route', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  let target: User;
  const jars = new Map<DemoUsername, CookieJar>();
  const flagsOf = new Map<DemoUsername, Record<RoleFlag, boolean>>();

  beforeAll(async () => {
    t = await startTestApp();
    routes = registeredRoutes(t.app);
    target = await newUser(t.em());
    for (const username of ['admin', ...STAFF] as DemoUsername[]) {
      const jar = await t.signIn(username);
      jars.set(username, jar);
      const me = (await (await t.request('/api/users/me', { as: jar })).json()) as { roles: { role: Role }[] };
      flagsOf.set(username, { ...roleFlags(me.roles.map((entry) => entry.role)) });
    }
  });
  afterAll(() => t.close());

  it('finds the routes of every controller', () => {
    expect(routes.map(describeRoute)).toEqual(
      expect.arrayContaining(['GET /api/users/me', 'PUT /api/users/:id/roles/:role', 'GET /api/roles', 'GET /api/config', 'GET /api/health']),
    );
  });

  it('declares an access rule on every route (from the contract through @Endpoint, or @Access outside it), so none falls back to a default by accident', () => {
    const valid = new Set<string>(['public', 'signedIn', ...ROLE_FLAGS]);
    const undeclared = routes.filter((route) => route.rule === undefined).map(describeRoute);
    expect(undeclared).toEqual([]);
    const unknown = routes.filter((route) => !valid.has(route.rule!)).map((route) => `${describeRoute(route)}: ${route.rule}`);
    expect(unknown).toEqual([]);
  });

  it('knows every route Express serves under /api: none is registered around the controllers and their guard', () => {
    const known = new Set(routes.map(describeRoute));
    const served = expressRoutes(t.app).filter((route) => / \/api(\/|$)/.test(route));
    // Nest mounts middleware (request logging) for every method at once; those are not routes.
    const counts = new Map<string, number>();
    for (const route of served) counts.set(route.split(' ')[1], (counts.get(route.split(' ')[1]) ?? 0) + 1);
    const routesOnly = served.filter((route) => counts.get(route.split(' ')[1])! < 20);
    // The OpenAPI document and its viewer are public documentation, served by SwaggerModule.
    const outside = routesOnly.filter((route) => !known.has(route) && !/ \/api\/docs(\/|-json$|-yaml$|$)/.test(route));
    expect(outside).toEqual([]);
  });

  it('binds every route to the REST contract with the contract’s access rule, but the Discord sign-in navigations and the stand-in for Discord', () => {
    // Not API calls: the browser is sent to them (sign-in and Discord's callback), or they play Discord itself.
    const outsideTheContract = (route: RouteInfo) =>
      route.controller.startsWith('DiscordStandIn') || (route.controller === 'AuthController' && route.path.startsWith('/api/auth/discord'));
    const contract = new Map<string, string>(Object.entries(API_ROUTES).map(([key, spec]) => [key, spec.access]));
    const unbound = routes
      .filter((route) => !outsideTheContract(route))
      .flatMap((route) => {
        const key = `${route.method} ${route.path.replace(/^\/api/, '')}`;
        if (!contract.has(key)) return [`${key}: not in the contract`];
        return contract.get(key) === route.rule ? [] : [`${key}: ${route.rule} served, ${contract.get(key)} in the contract`];
      });
    expect(unbound).toEqual([]);
    expect(routes.filter(outsideTheContract).map(describeRoute).sort()).toEqual([
      'DELETE /api/discord-stand-in/v10/guilds/:guildId/members/:userId/roles/:roleId',
      'DELETE /api/discord-stand-in/v10/guilds/:guildId/roles/:roleId',
      'GET /api/auth/discord',
      'GET /api/auth/discord/callback',
      'GET /api/discord-stand-in/oauth2/authorize',
      'GET /api/discord-stand-in/oauth2/authorize/decision',
      'GET /api/discord-stand-in/recorded',
      'GET /api/discord-stand-in/users/@me',
      'GET /api/discord-stand-in/users/@me/guilds/:guildId/member',
      'GET /api/discord-stand-in/v10/guilds/:guildId/members',
      'GET /api/discord-stand-in/v10/guilds/:guildId/roles',
      'PATCH /api/discord-stand-in/v10/guilds/:guildId/roles/:roleId',
      'PATCH /api/discord-stand-in/webhooks/:applicationId/:token/messages/@original',
      'POST /api/discord-stand-in/interactions/send',
      'POST /api/discord-stand-in/oauth2/token',
      'POST /api/discord-stand-in/v10/channels/:channelId/messages',
      'POST /api/discord-stand-in/v10/guilds/:guildId/roles',
      'POST /api/discord-stand-in/v10/users/@me/channels',
      'PUT /api/discord-stand-in/applications/:applicationId/commands',
      'PUT /api/discord-stand-in/v10/guilds/:guildId/members/:userId/roles/:roleId',
    ]);
  });

  it('keeps user administration and role management for admins only', () => {
    const adminOnly = ['POST /api/users/page', 'GET /api/users/export', 'PUT /api/users/:id/roles/:role', 'DELETE /api/users/:id/roles/:role', 'GET /api/roles'];
    expect(adminOnly.map((name) => [name, routes.find((route) => describeRoute(route) === name)?.rule])).toEqual(adminOnly.map((name) => [name, 'isAdmin']));
  });

  it('refuses a visitor on every route that is not public with 401 in the error shape', async () => {
    const guarded = routes.filter((route) => route.rule !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const path = concrete(route, target.id);
      await expectRefused(await t.request(path, { method: route.method, json: route.method === 'GET' ? undefined : {} }), 401, path);
    }
  });

  it('refuses a visitor carrying a forged or unknown session cookie like any visitor', async () => {
    for (const route of routes.filter((candidate) => candidate.rule !== 'public')) {
      const path = concrete(route, target.id);
      const response = await t.request(path, {
        method: route.method,
        headers: { cookie: `${t.config.session.cookieName}=s%3Anot-a-session.forgedsignature`, 'x-requested-with': 'XMLHttpRequest' },
      });
      await expectRefused(response, 401, path);
    }
  });

  it("refuses every signed-in user without the route's flag with 403 (driver on admin routes, organizer on admin-only ones)", async () => {
    const flagged = routes.filter((route) => !['public', 'signedIn'].includes(route.rule!));
    expect(flagged.length).toBeGreaterThan(0);
    let refusals = 0;
    for (const route of flagged) {
      const flag = route.rule as RoleFlag;
      for (const username of STAFF.filter((candidate) => !flagsOf.get(candidate)![flag])) {
        const path = concrete(route, target.id);
        const message = await expectRefused(await t.request(path, { method: route.method, as: jars.get(username) }), 403, path);
        expect(message).toMatch(/role/);
        refusals += 1;
      }
    }
    expect(refusals).toBeGreaterThanOrEqual(flagged.length * 2);
    // Nothing was half-done by the refused role changes.
    expect((await t.em().findOneOrFail(User, target.id)).roles).not.toContain('BETA_TESTER');
  });

  it('lets the holder of the flag through on every read-only route', async () => {
    const answers: string[] = [];
    for (const route of routes.filter((candidate) => SAFE_METHODS.has(candidate.method) && !candidate.path.includes('discord-stand-in'))) {
      const response = await t.request(concrete(route, target.id), { as: jars.get('admin') });
      answers.push(`${describeRoute(route)} ${[401, 403].includes(response.status) || response.status >= 500 ? response.status : 'ok'}`);
    }
    expect(answers.length).toBeGreaterThan(3);
    expect(answers.filter((answer) => !answer.endsWith(' ok'))).toEqual([]);
  });

  it("refuses an API key of a driver on admin routes with 403, like the driver's session", async () => {
    const { key } = (await (await t.request('/api/users/me/apiKey', { method: 'POST', as: jars.get('driver') })).json()) as { key: string };
    for (const route of routes.filter((candidate) => candidate.rule === 'isAdmin')) {
      const path = concrete(route, target.id);
      await expectRefused(await t.request(path, { method: route.method, headers: { authorization: `Bearer ${key}` } }), 403, path);
    }
  });
});

describe('CSRF: cookie-authenticated changes need X-Requested-With', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  let target: User;
  let admin: CookieJar;
  beforeAll(async () => {
    t = await startTestApp();
    routes = registeredRoutes(t.app);
    target = await newUser(t.em());
    admin = await t.signIn('admin');
  });
  afterAll(() => t.close());

  const changing = () => routes.filter((route) => !SAFE_METHODS.has(route.method) || route.changesState);

  it('refuses every state-changing route called with the session cookie but without the header (403)', async () => {
    expect(changing().length).toBeGreaterThan(0);
    for (const route of changing()) {
      const path = concrete(route, target.id);
      const response = await t.request(path, { method: route.method, headers: { cookie: admin.header() } });
      expect(await expectRefused(response, 403, path)).toMatch(/X-Requested-With: XMLHttpRequest/);
    }
    expect((await t.em().findOneOrFail(User, target.id)).roles).not.toContain('BETA_TESTER');
    // The refused logout did not end the session.
    expect((await t.request('/api/users/me', { as: admin })).status).toBe(200);
  });

  it('refuses the header with any other value (403)', async () => {
    const response = await t.request(`/api/users/${target.id}/roles/BETA_TESTER`, {
      method: 'PUT',
      headers: { cookie: admin.header(), 'x-requested-with': 'fetch' },
    });
    await expectRefused(response, 403, `/api/users/${target.id}/roles/BETA_TESTER`);
  });

  it('lets the same change through with the header', async () => {
    const response = await t.request(`/api/users/${target.id}/roles/BETA_TESTER`, { method: 'PUT', as: admin });
    expect(response.status).toBe(200);
    await t.request(`/api/users/${target.id}/roles/BETA_TESTER`, { method: 'DELETE', as: admin });
  });

  it('lets reads through without the header', async () => {
    expect((await t.request('/api/users/me', { headers: { cookie: admin.header() } })).status).toBe(200);
  });

  it('exempts requests authenticated with an API key', async () => {
    const { key } = (await (await t.request('/api/users/me/apiKey', { method: 'POST', as: admin })).json()) as { key: string };
    const bearer = { authorization: `Bearer ${key}` };
    const grant = await t.request(`/api/users/${target.id}/roles/BETA_TESTER`, { method: 'PUT', headers: bearer });
    expect(grant.status).toBe(200);
    expect(await grant.json()).toEqual({ roles: ['BETA_TESTER'] });
    const revoke = await t.request(`/api/users/${target.id}/roles/BETA_TESTER`, { method: 'DELETE', headers: bearer });
    expect(revoke.status).toBe(200);
    const page = await t.request('/api/users/page', { method: 'POST', headers: bearer, body: '{}' });
    expect(page.status).toBe(200);
  });

  it('does not apply to visitors, who have no session to abuse', async () => {
    expect((await t.request('/api/config', { method: 'POST' })).status).toBe(204);
  });
});
