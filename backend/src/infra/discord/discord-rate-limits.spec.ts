import { describe, expect, it } from '@jest/globals';
import { routeOf } from './discord-guild-api.js';
import { DiscordRateLimitedError, DiscordRateLimits } from './discord-rate-limits.js';

/** Limits on a clock the test moves; a wait moves it. */
function limitsAt(start = 1_000_000) {
  let now = start;
  const waits: number[] = [];
  const limits = new DiscordRateLimits(() => now);
  limits.sleep = (ms) => {
    waits.push(ms);
    now += ms;
    return Promise.resolve();
  };
  return { limits, waits, advance: (ms: number) => (now += ms) };
}

const tooMany = (body: object, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status: 429, headers });
const ROLES = 'POST /v10/guilds/1/roles';
const MEMBER_ROLE = 'PUT /v10/guilds/1/members/:id/roles/:id';

describe('DiscordRateLimits', () => {
  it('lets calls through while their bucket has requests left, and waits for the reset once it has none', async () => {
    const { limits, waits } = limitsAt();
    limits.observe(ROLES, new Headers({ 'x-ratelimit-bucket': 'abc', 'x-ratelimit-remaining': '1', 'x-ratelimit-reset-after': '2' }));
    await limits.waitTurn(ROLES, 60_000);
    limits.observe(ROLES, new Headers({ 'x-ratelimit-bucket': 'abc', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '1.25' }));
    await limits.waitTurn(MEMBER_ROLE, 60_000);
    await limits.waitTurn(ROLES, 60_000);
    expect(waits).toEqual([1250]);
  });

  it('shares a bucket between the routes Discord says are in it', async () => {
    const { limits, waits } = limitsAt();
    limits.observe(MEMBER_ROLE, new Headers({ 'x-ratelimit-bucket': 'shared' }));
    limits.observe(ROLES, new Headers({ 'x-ratelimit-bucket': 'shared', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '0.5' }));
    await limits.waitTurn(MEMBER_ROLE, 60_000);
    expect(waits).toEqual([500]);
  });

  it("waits out a 429 for its bucket by the body's retry_after, else Retry-After; a global one holds every route", async () => {
    const { limits, waits } = limitsAt();
    expect(await limits.limited(ROLES, tooMany({ retry_after: 0.3, global: false }, { 'retry-after': '1' }), 60_000)).toBe(300);
    await limits.waitTurn(MEMBER_ROLE, 60_000);
    await limits.waitTurn(ROLES, 60_000);
    expect(waits).toEqual([300]);

    expect(await limits.limited(ROLES, new Response('not json', { status: 429, headers: { 'retry-after': '2' } }), 60_000)).toBe(2000);
    expect(await limits.limited(ROLES, tooMany({ retry_after: 0.7, global: true }), 60_000)).toBe(700);
    await limits.waitTurn(MEMBER_ROLE, 60_000);
    expect(waits).toEqual([300, 700]);
  });

  it('refuses to wait longer than the caller allows, saying how long Discord asks for', async () => {
    const { limits } = limitsAt();
    const refused = await limits.limited(ROLES, tooMany({ retry_after: 90 }), 60_000).catch((error: unknown) => error);
    expect(refused).toEqual(new DiscordRateLimitedError(`Discord asks to wait 90 s before ${ROLES}`, 90_000));
    expect((refused as DiscordRateLimitedError).waitMs).toBe(90_000);
    // The bucket stays blocked for the others meanwhile.
    await expect(limits.waitTurn(ROLES, 60_000)).rejects.toThrow(DiscordRateLimitedError);
    limits.observe(ROLES, new Headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '5' }));
    await expect(limits.waitTurn(ROLES, 1_000)).rejects.toThrow(DiscordRateLimitedError);
  });

  it('tracks a route by its guild, not by the member or role it names', () => {
    expect(routeOf('PUT', '/v10/guilds/1/members/123456/roles/987654')).toBe(MEMBER_ROLE);
    expect(routeOf('GET', '/v10/guilds/1/members?limit=1000&after=0')).toBe('GET /v10/guilds/1/members');
    expect(routeOf('DELETE', '/v10/guilds/1/roles/42')).toBe('DELETE /v10/guilds/1/roles/:id');
    // A channel is a major parameter: each DM channel has its own limits.
    expect(routeOf('POST', '/channels/123456/messages')).toBe('POST /channels/123456/messages');
  });
});
