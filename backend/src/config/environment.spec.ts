import { describe, expect, it } from '@jest/globals';
import { ConfigError, VARIABLES, loadConfig } from './environment.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(32),
  DISCORD_CLIENT_ID: '123',
  DISCORD_CLIENT_SECRET: 'shh',
  DISCORD_GUILD_ID: '456',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    // One line per problem under a heading: what the process prints before it stops.
    expect(message.split('\n')).toEqual(['Invalid configuration:', ...problems.map((problem) => `  - ${problem}`)]);
    for (const problem of problems) expect(problem).not.toContain('\n');
    return problems;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('runs with nothing set: the demo on localhost with the Discord stand-in', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      production: false,
      port: 3000,
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/paddock',
      redisUrl: 'redis://127.0.0.1:6379',
      logLevel: 'info',
      leagueName: 'Paddock',
      session: { idleMinutes: 7 * 24 * 60, absoluteHours: 30 * 24 },
      webDist: 'frontend/dist',
    });
    expect(config.session.secret.length).toBeGreaterThan(0);
    expect(config.discord).toMatchObject({
      useStandIn: true,
      authorizeUrl: 'http://localhost:3000/api/discord-stand-in/oauth2/authorize',
      // The server itself calls the stand-in's token and user endpoints, on this machine.
      apiUrl: expect.stringMatching(/^http:\/\/(localhost|127\.0\.0\.1):3000\/api\/discord-stand-in$/),
      joinUrl: 'https://discord.gg/paddock',
      avatarUrl: 'https://cdn.discordapp.com',
    });
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '  ', LEAGUE_NAME: '' })).toMatchObject({ port: 3000, leagueName: 'Paddock' });
  });

  it('builds the default public URL from PORT and strips a trailing slash from URLs', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://league.example/' }).publicUrl).toBe('https://league.example');
  });

  it('reads booleans and serves no web client when WEB_DIST is empty', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'FALSE' }).trustProxy).toBe(false);
    expect(loadConfig({ WEB_DIST: '' }).webDist).toBeNull();
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
    expect(problemsOf({ DEMO_DATA: 'some' })).toEqual(['DEMO_DATA must be true or false (got "some")']);
  });

  it('names every malformed variable, one line each, all at once', () => {
    const malformed = {
      PORT: 'eighty',
      PUBLIC_URL: 'not a url',
      TRUST_PROXY: 'maybe',
      DATABASE_URL: 'mysql://localhost/paddock',
      REDIS_URL: 'localhost:6379',
      LOG_LEVEL: 'loud',
      SESSION_IDLE_MINUTES: '0',
      SESSION_ABSOLUTE_HOURS: '1.5',
      DISCORD_JOIN_URL: 'ftp://discord.gg/x',
      DISCORD_AVATAR_URL: '://cdn',
      SOCIAL_VIDEO_URL: 'javascript:alert(1)',
    };
    const problems = problemsOf(malformed);
    expect(problems).toHaveLength(Object.keys(malformed).length);
    for (const [name, value] of Object.entries(malformed)) {
      const line = problems.find((problem) => problem.startsWith(`${name} `));
      expect([name, line]).toEqual([name, expect.stringContaining(value)]);
    }
  });

  it('refuses numbers out of range or not whole', () => {
    for (const port of ['0', '65536', '-1', '3000.5', 'NaN']) {
      expect(problemsOf({ PORT: port })).toEqual([expect.stringMatching(/^PORT must be a whole number from 1 to 65535/)]);
    }
  });

  it('stops production without Discord credentials or SESSION_SECRET, naming each', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    for (const name of ['SESSION_SECRET', 'DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET', 'DISCORD_GUILD_ID']) {
      expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^${name} .*production`)));
    }
    expect(problems).toHaveLength(4);
  });

  it('stops production with a short SESSION_SECRET or one missing credential', () => {
    expect(problemsOf({ ...PRODUCTION, SESSION_SECRET: 'short' })).toEqual([expect.stringMatching(/^SESSION_SECRET .*32/)]);
    expect(problemsOf({ ...PRODUCTION, DISCORD_GUILD_ID: '' })).toEqual([expect.stringMatching(/^DISCORD_GUILD_ID /)]);
  });

  it('never runs the stand-in in production: the real Discord endpoints are used', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.production).toBe(true);
    expect(config.discord).toMatchObject({
      useStandIn: false,
      clientId: '123',
      clientSecret: 'shh',
      guildId: '456',
      authorizeUrl: 'https://discord.com/oauth2/authorize',
      apiUrl: 'https://discord.com/api',
    });
    expect(config.session.secret).toBe('x'.repeat(32));
  });

  it('outside production, uses real Discord when all three credentials are set, at the configured base URLs', () => {
    const config = loadConfig({
      DISCORD_CLIENT_ID: 'a',
      DISCORD_CLIENT_SECRET: 'b',
      DISCORD_GUILD_ID: 'c',
      DISCORD_AUTHORIZE_URL: 'http://discord.test/authorize',
      DISCORD_API_URL: 'http://discord.test/api/',
    });
    expect(config.discord).toMatchObject({ useStandIn: false, authorizeUrl: 'http://discord.test/authorize', apiUrl: 'http://discord.test/api' });
  });

  it('outside production, refuses a partial set of credentials naming the missing ones', () => {
    const problems = problemsOf({ DISCORD_CLIENT_ID: 'a' });
    expect(problems).toEqual([expect.stringMatching(/^DISCORD_CLIENT_SECRET /), expect.stringMatching(/^DISCORD_GUILD_ID /)]);
  });

  it('documents every variable it names in a problem', () => {
    const problems = problemsOf({ NODE_ENV: 'production', PORT: 'x', LOG_LEVEL: 'x', TRUST_PROXY: 'x', SESSION_IDLE_MINUTES: 'x' });
    for (const problem of problems) expect(Object.keys(VARIABLES)).toContain(problem.split(' ')[0]);
    for (const entry of Object.values(VARIABLES)) {
      expect(entry.default.length).toBeGreaterThan(0);
      expect(entry.doc.length).toBeGreaterThan(10);
    }
  });

  it('reads each rate limit as <count>/<window>, with defaults a real league never reaches', () => {
    const defaults = loadConfig({}).rateLimits;
    expect(defaults).toEqual({
      signIn: { limit: 30, windowMs: 600_000 },
      writes: { limit: 300, windowMs: 60_000 },
      uploads: { limit: 60, windowMs: 600_000 },
      results: { limit: 600, windowMs: 600_000 },
      apiKey: { limit: 10, windowMs: 3_600_000 },
      pushTest: { limit: 5, windowMs: 600_000 },
      anonymousReads: { limit: 1200, windowMs: 60_000 },
    });
    expect(loadConfig({ RATE_LIMIT_WRITES: '5/30s', RATE_LIMIT_API_KEY: '3 / 2h' }).rateLimits).toMatchObject({
      writes: { limit: 5, windowMs: 30_000 },
      apiKey: { limit: 3, windowMs: 7_200_000 },
    });
    const problems = problemsOf({ RATE_LIMIT_SIGN_IN: '30', RATE_LIMIT_UPLOADS: '0/1m', RATE_LIMIT_ANONYMOUS_READS: '10/2d' });
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual(['RATE_LIMIT_SIGN_IN', 'RATE_LIMIT_UPLOADS', 'RATE_LIMIT_ANONYMOUS_READS']);
  });

  it('names the session cookie per PUBLIC_URL unless SESSION_COOKIE_NAME says otherwise', () => {
    const one = loadConfig({ PORT: '3000' }).session.cookieName;
    const two = loadConfig({ PORT: '3001' }).session.cookieName;
    expect(one).toMatch(/^paddock\.sid\.[0-9a-f]{8}$/);
    expect(two).not.toBe(one);
    expect(loadConfig({ PORT: '3000' }).session.cookieName).toBe(one);
    expect(loadConfig({ SESSION_COOKIE_NAME: 'league.sid' }).session.cookieName).toBe('league.sid');
    expect(problemsOf({ SESSION_COOKIE_NAME: 'bad name;' })).toEqual([expect.stringMatching(/^SESSION_COOKIE_NAME /)]);
  });
  it('reads the VAPID keys for web push, generated and kept when none are set, and off in production without them', () => {
    const keys = {
      VAPID_PUBLIC_KEY: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
      VAPID_PRIVATE_KEY: Buffer.alloc(32, 9).toString('base64url'),
    };
    expect(loadConfig({ PORT: '3000' }).push).toEqual({ vapidKeys: null, generateKeys: true, subject: 'mailto:webmaster@localhost', allowLocalEndpoints: false });
    expect(loadConfig({ ...keys, VAPID_SUBJECT: 'https://league.example/contact' }).push).toMatchObject({
      vapidKeys: { publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY },
      subject: 'https://league.example/contact',
    });
    expect(problemsOf({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toEqual([expect.stringMatching(/^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/)]);
    expect(problemsOf({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.VAPID_PRIVATE_KEY }).map((problem) => problem.split(' ')[0])).toEqual(['VAPID_PUBLIC_KEY']);
    expect(problemsOf({ VAPID_SUBJECT: 'http://league.example' })).toEqual([expect.stringMatching(/^VAPID_SUBJECT must be a mailto:/)]);
    expect(problemsOf({ PUSH_ALLOW_LOCAL_ENDPOINTS: 'yes' })).toEqual([expect.stringMatching(/^PUSH_ALLOW_LOCAL_ENDPOINTS must be true or false/)]);
    expect(loadConfig({ PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' }).push.allowLocalEndpoints).toBe(true);
    expect(loadConfig(PRODUCTION).push).toMatchObject({ vapidKeys: null, generateKeys: false });
    expect(problemsOf({ ...PRODUCTION, PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' })).toEqual(['PUSH_ALLOW_LOCAL_ENDPOINTS cannot be true in production']);
  });
});
