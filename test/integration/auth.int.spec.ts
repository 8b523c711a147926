import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoAccount } from '../../backend/src/infra/discord/demo-accounts.js';
import { User } from '../../backend/src/modules/users/user.entity.js';
import { newMember } from '../factories/users.js';
import { CookieJar, approveAtStandIn, visitCallback } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('Discord sign-in through the stand-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('sends the login route to the authorize page with state and an S256 PKCE challenge', async () => {
    const response = await t.request('/api/auth/discord');
    expect(response.status).toBe(302);
    const target = new URL(response.headers.get('location')!);
    expect(target.pathname).toBe('/api/discord-stand-in/oauth2/authorize');
    expect(target.searchParams.get('state')).toMatch(/.{16,}/);
    expect(target.searchParams.get('code_challenge_method')).toBe('S256');
    expect(target.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(target.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/api/auth/discord/callback`);
  });

  it('lists every demo account as a button on the stand-in page', async () => {
    const page = await (await t.request('/api/discord-stand-in/oauth2/authorize?client_id=x')).text();
    for (const username of ['admin', 'organizer', 'steward', 'captain', 'driver', 'rookie', 'notmember']) {
      expect(page).toContain(`>${username}</button>`);
    }
  });

  it('signs a member in with a new session id and returns their roles from /api/users/me', async () => {
    await newMember(t.em(), 'organizer', { profile: { driverNumber: 7 } });
    const jar = new CookieJar();
    const { callbackUrl } = await approveAtStandIn(t.baseUrl, 'organizer', jar);
    const sessionBefore = jar.get(t.config.session.cookieName);
    expect(sessionBefore).toBeDefined();
    const callback = await visitCallback(callbackUrl, jar);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');
    expect(jar.get(t.config.session.cookieName)).not.toBe(sessionBefore);

    const me = await t.request('/api/users/me', { as: jar });
    expect(me.status).toBe(200);
    const body = await me.json();
    expect(body).toMatchObject({
      username: 'organizer',
      globalName: 'Olly Organizer',
      discordId: demoAccount('organizer').id,
      roles: [{ role: 'ORGANIZER' }],
      driverProfile: { driverNumber: 7, profileCompleted: true },
    });
    expect(typeof body.discordId).toBe('string');
  });

  it('sets the session cookie httpOnly and SameSite=Lax', async () => {
    const jar = new CookieJar();
    const { callbackUrl } = await approveAtStandIn(t.baseUrl, 'driver', jar);
    const callback = await fetch(callbackUrl, { headers: { cookie: jar.header() }, redirect: 'manual' });
    const cookie = callback.headers.getSetCookie().find((line) => line.startsWith(`${t.config.session.cookieName}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('makes a Discord account the league has never seen a member with no roles and no profile', async () => {
    expect(await t.em().count(User, { discordId: demoAccount('admin').id })).toBe(0);
    const jar = new CookieJar();
    const { callbackUrl } = await approveAtStandIn(t.baseUrl, 'admin', jar);
    expect((await visitCallback(callbackUrl, jar)).headers.get('location')).toBe('/');
    const body = await (await t.request('/api/users/me', { as: jar })).json();
    expect(body).toMatchObject({ username: 'admin', globalName: 'Ada Admin', roles: [], teams: [] });
    expect(body.driverProfile).toEqual({});
  });

  it('returns the captain with their team', async () => {
    const { team } = await newMember(t.em(), 'captain', { profile: { driverNumber: 44 } });
    const jar = await t.signIn('captain');
    const body = await (await t.request('/api/users/me', { as: jar })).json();
    expect(body.roles.map((entry: { role: string }) => entry.role).sort()).toEqual(['TEAM', 'TEAM_CAPTAIN']);
    expect(body.teams).toEqual([{ id: team!.id, name: team!.name }]);
  });

  it('returns the rookie with the NEW role and an incomplete profile', async () => {
    await newMember(t.em(), 'rookie');
    const body = await (await t.request('/api/users/me', { as: await t.signIn('rookie') })).json();
    expect(body.roles).toEqual([{ role: 'NEW' }]);
    expect(body.driverProfile.profileCompleted).toBe(false);
  });

  it('sends a Discord account outside the community server back with authFailed and creates no user', async () => {
    const jar = new CookieJar();
    const { callbackUrl } = await approveAtStandIn(t.baseUrl, 'notmember', jar);
    const callback = await visitCallback(callbackUrl, jar);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/?authFailed=true');
    expect(await t.em().count(User, { username: 'notmember' })).toBe(0);
    expect((await t.request('/api/users/me', { as: jar })).status).toBe(401);
  });

  it('sends a denied consent back with authFailed', async () => {
    const jar = new CookieJar();
    const login = await fetch(`${t.baseUrl}/api/auth/discord`, { redirect: 'manual' });
    jar.store(login);
    const authorize = new URL(login.headers.get('location')!);
    const decision = new URL(`${authorize.origin}${authorize.pathname}/decision`);
    authorize.searchParams.forEach((value, name) => decision.searchParams.set(name, value));
    decision.searchParams.set('cancel', '1');
    const denied = await fetch(decision, { redirect: 'manual' });
    const callback = await visitCallback(new URL(denied.headers.get('location')!), jar);
    expect(callback.headers.get('location')).toBe('/?authFailed=true');
  });

  it('refuses a callback whose state does not match the browser session with 400 in the error shape', async () => {
    const jar = new CookieJar();
    const { callbackUrl } = await approveAtStandIn(t.baseUrl, 'driver', jar);
    callbackUrl.searchParams.set('state', 'forged-state');
    const response = await visitCallback(callbackUrl, jar);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, message: expect.stringMatching(/state/), path: expect.any(String) });
  });

  it('refuses a callback from another browser (no session holding the state)', async () => {
    const { callbackUrl } = await approveAtStandIn(t.baseUrl, 'driver', new CookieJar());
    const response = await visitCallback(callbackUrl, new CookieJar());
    expect(response.status).toBe(400);
  });

  it('refuses a replayed callback: the state and the code are single-use', async () => {
    const jar = new CookieJar();
    const { callbackUrl } = await approveAtStandIn(t.baseUrl, 'driver', jar);
    expect((await visitCallback(callbackUrl, jar)).status).toBe(302);
    const replay = await visitCallback(callbackUrl, jar);
    expect(replay.status).toBe(400);
    expect((await replay.json()).timestamp).toEqual(expect.any(String));
  });

  it('refuses a reused code even with a fresh state', async () => {
    const jar = new CookieJar();
    const first = await approveAtStandIn(t.baseUrl, 'driver', jar);
    expect((await visitCallback(first.callbackUrl, jar)).status).toBe(302);
    const second = await approveAtStandIn(t.baseUrl, 'driver', jar);
    second.callbackUrl.searchParams.set('code', first.callbackUrl.searchParams.get('code')!);
    const response = await visitCallback(second.callbackUrl, jar);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/already used or has expired/);
  });

  it('ends the session server-side on logout', async () => {
    const jar = await t.signIn('driver');
    const stolenCookie = jar.header();
    const logout = await t.request('/api/logout', { method: 'POST', as: jar });
    expect(logout.status).toBe(204);
    const replayed = await fetch(`${t.baseUrl}/api/users/me`, { headers: { cookie: stolenCookie } });
    expect(replayed.status).toBe(401);
  });

  it('treats a forged session cookie as signed out', async () => {
    const response = await fetch(`${t.baseUrl}/api/users/me`, { headers: { cookie: `${t.config.session.cookieName}=s%3Aforged.signature` } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ status: 401, path: '/api/users/me' });
  });

  it('updates the stored profile of a returning user from Discord', async () => {
    const em = t.em();
    await em.nativeUpdate(User, { username: 'steward' }, { globalName: 'Old Name' });
    await t.signIn('steward');
    const user = await t.em().findOneOrFail(User, { username: 'steward' });
    expect(user.globalName).toBe('Stella Steward');
    expect(user.lastLoginAt).toBeInstanceOf(Date);
  });
});
