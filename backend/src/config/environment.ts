import { createHash } from 'node:crypto';
import { STAND_IN_APPLICATION_ID, STAND_IN_BOT_TOKEN, standInPublicKeyHex } from '../infra/discord/stand-in/stand-in-key.js';

/**
 * The process environment, read and validated once at boot. Every problem is reported by name,
 * one line each, and the process stops: a half-configured league server is worse than none.
 */
export interface AppConfig {
  nodeEnv: string;
  production: boolean;
  port: number;
  publicUrl: string;
  trustProxy: boolean;
  databaseUrl: string;
  redisUrl: string;
  /** Namespaces every Redis key and channel (sessions, queues, sockets), so deployments can share a Redis. */
  redisPrefix: string;
  logLevel: string;
  leagueName: string;
  session: { secret: string; idleMinutes: number; absoluteHours: number; cookieName: string };
  /** Requests allowed per window, per user (signed in) or per address (visitors), kept in Redis. */
  rateLimits: Record<RateLimitName, RateLimit>;
  discord: {
    /** True when no client credentials are set: sign-in runs against the built-in stand-in. */
    useStandIn: boolean;
    clientId: string;
    clientSecret: string;
    guildId: string;
    authorizeUrl: string;
    apiUrl: string;
    joinUrl: string;
    avatarUrl: string;
    /**
     * The league's bot (HTTP interactions): its application id, the Ed25519 public key Discord signs
     * interactions with (hex) and the bot token the command registration uses. Null: the bot is off.
     * With the stand-in, the stand-in's own application and key.
     */
    bot: { applicationId: string; publicKey: string; token: string } | null;
    /** The bot's token for guild role sync and direct messages (`Authorization: Bot …`); null: both are off. */
    botToken: string | null;
  };
  social: { group: string; shortVideo: string; video: string; liveStream: string };
  webDist: string | null;
  /** A stand-in installation seeds the demo league on first start unless this is false. */
  demoData: boolean;
  /** With the demo league, `npm start` plays a simulated race into the demo's live event (looping). */
  demoLiveTiming: boolean;
  worker: { stalledMs: number };
  metricsToken: string | null;
  /** The community channel's webhook for event announcements; null: announcements are not posted. */
  discordWebhookUrl: string | null;
  /** Where download files are stored (outside the database) and the largest upload accepted. */
  downloads: { dir: string; maxBytes: number };
  push: PushConfig;
}

/** Web push: the VAPID identity notifications are signed with, and which push service addresses are accepted. */
export interface PushConfig {
  /** From VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; null: generated once and kept in the database (not in production, where push is then off). */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** Generate and keep a key pair when none is configured (every installation but production). */
  generateKeys: boolean;
  /** The `sub` of the VAPID JWT: a mailto: or https: address push services may contact. */
  subject: string;
  /** Also accept http://127.0.0.1 and http://localhost push endpoints (tests and demos with a local push service). */
  allowLocalEndpoints: boolean;
}

export const RATE_LIMIT_NAMES = ['signIn', 'writes', 'uploads', 'results', 'apiKey', 'pushTest', 'anonymousReads'] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];

export interface RateLimit {
  limit: number;
  windowMs: number;
}

const WINDOW_UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000 };

/** `"<count>/<window>"` with the window in s, m or h, e.g. `30/10m`; null when malformed. */
export function parseRateLimit(text: string): RateLimit | null {
  const match = /^(\d{1,9})\s*\/\s*(\d{1,6})(s|m|h)$/.exec(text.trim());
  if (!match) return null;
  const limit = Number(match[1]);
  const windowMs = Number(match[2]) * WINDOW_UNITS[match[3]];
  return limit >= 1 && windowMs >= 1_000 && windowMs <= 24 * 3_600_000 ? { limit, windowMs } : null;
}

/** The session cookie of a deployment: unique per public address, so two copies on one host keep their own. */
export function defaultSessionCookieName(publicUrl: string): string {
  return `paddock.sid.${createHash('sha256').update(publicUrl).digest('hex').slice(0, 8)}`;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

const DEV_SESSION_SECRET = 'paddock-development-session-secret';
export const STAND_IN_PATH = '/api/discord-stand-in';

/** Every variable the server reads: its default and what it does. The README's table mirrors this list. */
export const VARIABLES = {
  NODE_ENV: { default: 'development', doc: '`production` turns off the Discord stand-in and requires real secrets.' },
  PORT: { default: '3000', doc: 'HTTP port of the API and web client.' },
  PUBLIC_URL: { default: 'http://localhost:$PORT', doc: 'The address browsers use; OAuth redirects are built from it.' },
  TRUST_PROXY: { default: 'false', doc: '`true` behind a TLS-terminating proxy: trusts X-Forwarded-* and marks cookies Secure.' },
  DATABASE_URL: { default: 'postgres://postgres@127.0.0.1:5432/paddock', doc: 'PostgreSQL connection; the database is created if missing.' },
  REDIS_PREFIX: { default: 'paddock', doc: 'Prefix of every Redis key and channel; give each deployment sharing a Redis its own.' },
  REDIS_URL: { default: 'redis://127.0.0.1:6379', doc: 'Redis for sessions, queues and the Socket.IO adapter.' },
  LOG_LEVEL: { default: 'info', doc: 'pino level: fatal, error, warn, info, debug, trace or silent.' },
  LEAGUE_NAME: { default: 'Paddock', doc: 'League name shown in the header and footer.' },
  SESSION_SECRET: { default: '(development value)', doc: 'Signs the session cookie. Required in production (32+ characters).' },
  SESSION_IDLE_MINUTES: { default: '10080', doc: 'A session unused this long ends (default 7 days).' },
  SESSION_ABSOLUTE_HOURS: { default: '720', doc: 'A session ends this long after sign-in whatever its use (default 30 days).' },
  SESSION_COOKIE_NAME: {
    default: 'paddock.sid.<hash of PUBLIC_URL>',
    doc: 'Name of the session cookie; the default differs per `PUBLIC_URL`, so two copies on one host (different ports) do not sign each other out.',
  },
  RATE_LIMIT_SIGN_IN: { default: '30/10m', doc: 'Sign-in starts and callbacks per address (`<count>/<window>`, window in s, m or h).' },
  RATE_LIMIT_WRITES: { default: '300/1m', doc: 'Changes (POST, PUT, PATCH, DELETE) per user, or per address for visitors.' },
  RATE_LIMIT_UPLOADS: { default: '60/10m', doc: 'Multipart saves (with images) per user.' },
  RATE_LIMIT_RESULTS: { default: '600/10m', doc: 'Results saves, imports, previews and reverts per user (a race night re-imports often; not counted as uploads or writes).' },
  RATE_LIMIT_API_KEY: { default: '10/1h', doc: 'API-key rotations (`POST /api/users/me/apiKey`) per user.' },
  RATE_LIMIT_PUSH_TEST: { default: '5/10m', doc: 'Test notifications (`POST /api/push/devices/{id}/test`) per user.' },
  RATE_LIMIT_ANONYMOUS_READS: { default: '1200/1m', doc: 'Reads by visitors (not signed in) per address. Over any limit: 429 with `Retry-After`.' },
  DISCORD_CLIENT_ID: { default: '(empty: stand-in)', doc: 'Discord OAuth2 application id. Empty outside production: the built-in stand-in is used.' },
  DISCORD_CLIENT_SECRET: { default: '(empty: stand-in)', doc: 'Discord OAuth2 application secret.' },
  DISCORD_GUILD_ID: { default: '(empty: stand-in)', doc: 'The community server; only its members may sign in.' },
  DISCORD_AUTHORIZE_URL: { default: 'https://discord.com/oauth2/authorize', doc: "Discord's authorize page." },
  DISCORD_API_URL: { default: 'https://discord.com/api', doc: "Discord's API base (token, user and guild-member endpoints)." },
  DISCORD_JOIN_URL: { default: 'https://discord.gg/paddock', doc: 'The community invite behind Join buttons.' },
  DISCORD_AVATAR_URL: { default: 'https://cdn.discordapp.com', doc: "Discord's avatar CDN base." },
  DISCORD_APPLICATION_ID: {
    default: '(empty: stand-in, or no bot)',
    doc: "The bot's Discord application id (interactions' follow-ups and `npm run discord:register-commands`).",
  },
  DISCORD_PUBLIC_KEY: {
    default: '(empty: stand-in, or no bot)',
    doc: "The application's Ed25519 public key (64 hex digits): interactions not signed by it are refused. With the application id, turns the bot on.",
  },
  DISCORD_BOT_TOKEN: {
    default: "(empty: stand-in's own, or none)",
    doc: 'The bot token: `npm run discord:register-commands` registers the slash commands with it; role sync (Manage Roles, the server members intent) and notification DMs use it. Empty with real Discord: both are off.',
  },
  SOCIAL_GROUP_URL: { default: 'https://www.facebook.com/', doc: 'Footer: social group.' },
  SOCIAL_SHORT_VIDEO_URL: { default: 'https://www.tiktok.com/', doc: 'Footer: short-video channel.' },
  SOCIAL_VIDEO_URL: { default: 'https://www.youtube.com/', doc: 'Footer: video channel.' },
  SOCIAL_LIVE_STREAM_URL: { default: 'https://www.twitch.tv/', doc: 'Footer: live-stream channel.' },
  WORKER_STALLED_MS: { default: '30000', doc: 'A job whose worker stops answering this long is retried by another worker.' },
  METRICS_TOKEN: { default: '(empty: admins only)', doc: 'Bearer token that may read `/api/metrics` (admins always may).' },
  WEB_DIST: { default: 'frontend/dist', doc: 'Built web client served at `/`; empty to serve the API only.' },
  DISCORD_WEBHOOK_URL: {
    default: '(empty: no announcements)',
    doc: 'Discord channel webhook the worker posts to: published events (with `sendNotification`), results, new season leaders, steward decisions.',
  },
  DEMO_DATA: { default: 'true', doc: 'With the Discord stand-in, seed the demo league on first start; `false` starts an empty league.' },
  DEMO_LIVE_TIMING: {
    default: 'true',
    doc: 'With the demo league, `npm start` plays a simulated race (on UDP 127.0.0.1:9231) into the live event, a new race when one ends.',
  },
  DOWNLOADS_DIR: { default: 'data/downloads', doc: 'Folder the Downloads files are stored in (created if missing; relative to the working directory).' },
  DOWNLOADS_MAX_MB: { default: '50', doc: 'Largest file accepted on Downloads, in MB (a larger upload is refused with 413).' },
  VAPID_PUBLIC_KEY: {
    default: '(empty: generated and kept)',
    doc: 'Web push VAPID public key (base64url, e.g. from `npx web-push generate-vapid-keys`). Empty outside production: a pair is generated once and kept in the database; empty in production: no web push.',
  },
  VAPID_PRIVATE_KEY: { default: '(empty: generated and kept)', doc: 'Web push VAPID private key (base64url); set together with `VAPID_PUBLIC_KEY`.' },
  VAPID_SUBJECT: { default: 'mailto:webmaster@<host of PUBLIC_URL>', doc: 'Web push contact that push services may write to: a `mailto:` or `https:` address.' },
  PUSH_ALLOW_LOCAL_ENDPOINTS: {
    default: 'false',
    doc: '`true` also accepts `http://127.0.0.1` and `http://localhost` push endpoints (tests, a local push service); refused in production.',
  },
} as const;

export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const text = (name: keyof typeof VARIABLES, fallback: string) => {
    const value = env[name]?.trim();
    return value ? value : fallback;
  };
  const integer = (name: keyof typeof VARIABLES, fallback: number, min: number, max: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const boolean = (name: keyof typeof VARIABLES) => {
    const raw = env[name]?.trim().toLowerCase();
    if (!raw) return false;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return false;
  };
  const url = (name: keyof typeof VARIABLES, fallback: string, protocols: string[]) => {
    const value = text(name, fallback);
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) problems.push(`${name} must be a ${protocols.join(' or ')} URL (got "${value}")`);
    } catch {
      problems.push(`${name} is not a valid URL (got "${value}")`);
    }
    return value.replace(/\/$/, '');
  };

  const nodeEnv = text('NODE_ENV', 'development');
  const production = nodeEnv === 'production';
  const port = integer('PORT', 3000, 1, 65535);
  const publicUrl = url('PUBLIC_URL', `http://localhost:${port}`, ['http:', 'https:']);
  const logLevel = text('LOG_LEVEL', 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "${logLevel}")`);
  }

  const rateLimit = (name: keyof typeof VARIABLES): RateLimit => {
    const raw = text(name, VARIABLES[name].default);
    const parsed = parseRateLimit(raw);
    if (!parsed) problems.push(`${name} must be <count>/<window> with the window in s, m or h, e.g. 30/10m (got "${raw}")`);
    return parsed ?? parseRateLimit(VARIABLES[name].default)!;
  };
  const cookieName = text('SESSION_COOKIE_NAME', defaultSessionCookieName(publicUrl));
  if (!/^[\w.-]{1,64}$/.test(cookieName)) problems.push(`SESSION_COOKIE_NAME must be 1-64 letters, digits, '.', '_' or '-' (got "${cookieName}")`);

  const push = pushConfig(env, publicUrl, production, problems);

  const sessionSecret = text('SESSION_SECRET', production ? '' : DEV_SESSION_SECRET);
  if (production && sessionSecret.length < 32) problems.push('SESSION_SECRET must be set to at least 32 characters in production');

  const clientId = text('DISCORD_CLIENT_ID', '');
  const clientSecret = text('DISCORD_CLIENT_SECRET', '');
  const guildId = text('DISCORD_GUILD_ID', '');
  const credentialsGiven = [clientId, clientSecret, guildId].filter(Boolean).length;
  const useStandIn = credentialsGiven === 0 && !production;
  if (!useStandIn) {
    for (const [name, value] of [
      ['DISCORD_CLIENT_ID', clientId],
      ['DISCORD_CLIENT_SECRET', clientSecret],
      ['DISCORD_GUILD_ID', guildId],
    ]) {
      if (!value) {
        problems.push(
          production
            ? `${name} is required in production (the Discord stand-in never runs there)`
            : `${name} is required when any Discord credential is set (set all three, or none for the stand-in)`,
        );
      }
    }
  }
  const applicationId = text('DISCORD_APPLICATION_ID', '');
  const publicKey = text('DISCORD_PUBLIC_KEY', '').toLowerCase();
  if (publicKey && !/^[0-9a-f]{64}$/.test(publicKey)) problems.push(`DISCORD_PUBLIC_KEY must be 64 hex digits (got "${publicKey}")`);
  if (!useStandIn && !!applicationId !== !!publicKey) problems.push('DISCORD_APPLICATION_ID and DISCORD_PUBLIC_KEY turn the bot on together: set both, or neither');
  const bot = useStandIn
    ? { applicationId: STAND_IN_APPLICATION_ID, publicKey: standInPublicKeyHex(), token: STAND_IN_BOT_TOKEN }
    : applicationId && publicKey
      ? { applicationId, publicKey, token: text('DISCORD_BOT_TOKEN', '') }
      : null;
  const authorizeUrl = url('DISCORD_AUTHORIZE_URL', 'https://discord.com/oauth2/authorize', ['http:', 'https:']);
  const apiUrl = url('DISCORD_API_URL', 'https://discord.com/api', ['http:', 'https:']);
  // Browsers reach the stand-in's authorize page at the public address; the server calls its own
  // token and user endpoints over loopback, which works behind any proxy or container network.
  const standInForBrowsers = `${publicUrl}${STAND_IN_PATH}`;
  const standInForServer = `http://127.0.0.1:${port}${STAND_IN_PATH}`;

  const config: AppConfig = {
    nodeEnv,
    production,
    port,
    publicUrl,
    trustProxy: boolean('TRUST_PROXY'),
    databaseUrl: url('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/paddock', ['postgres:', 'postgresql:']),
    redisUrl: url('REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']),
    redisPrefix: text('REDIS_PREFIX', 'paddock'),
    logLevel,
    leagueName: text('LEAGUE_NAME', 'Paddock'),
    session: {
      secret: sessionSecret,
      idleMinutes: integer('SESSION_IDLE_MINUTES', 7 * 24 * 60, 1, 365 * 24 * 60),
      absoluteHours: integer('SESSION_ABSOLUTE_HOURS', 30 * 24, 1, 365 * 24),
      cookieName,
    },
    rateLimits: {
      signIn: rateLimit('RATE_LIMIT_SIGN_IN'),
      writes: rateLimit('RATE_LIMIT_WRITES'),
      uploads: rateLimit('RATE_LIMIT_UPLOADS'),
      results: rateLimit('RATE_LIMIT_RESULTS'),
      apiKey: rateLimit('RATE_LIMIT_API_KEY'),
      pushTest: rateLimit('RATE_LIMIT_PUSH_TEST'),
      anonymousReads: rateLimit('RATE_LIMIT_ANONYMOUS_READS'),
    },
    discord: {
      useStandIn,
      clientId: useStandIn ? 'paddock-stand-in' : clientId,
      clientSecret: useStandIn ? 'paddock-stand-in-secret' : clientSecret,
      guildId: useStandIn ? '1000000000000000001' : guildId,
      authorizeUrl: useStandIn ? `${standInForBrowsers}/oauth2/authorize` : authorizeUrl,
      apiUrl: useStandIn ? standInForServer : apiUrl,
      joinUrl: url('DISCORD_JOIN_URL', 'https://discord.gg/paddock', ['http:', 'https:']),
      avatarUrl: url('DISCORD_AVATAR_URL', 'https://cdn.discordapp.com', ['http:', 'https:']),
      bot,
      botToken: useStandIn ? STAND_IN_BOT_TOKEN : text('DISCORD_BOT_TOKEN', '') || null,
    },
    social: {
      group: url('SOCIAL_GROUP_URL', 'https://www.facebook.com/', ['http:', 'https:']),
      shortVideo: url('SOCIAL_SHORT_VIDEO_URL', 'https://www.tiktok.com/', ['http:', 'https:']),
      video: url('SOCIAL_VIDEO_URL', 'https://www.youtube.com/', ['http:', 'https:']),
      liveStream: url('SOCIAL_LIVE_STREAM_URL', 'https://www.twitch.tv/', ['http:', 'https:']),
    },
    webDist: env.WEB_DIST === '' ? null : text('WEB_DIST', 'frontend/dist'),
    demoData: env.DEMO_DATA?.trim() ? boolean('DEMO_DATA') : true,
    demoLiveTiming: env.DEMO_LIVE_TIMING?.trim() ? boolean('DEMO_LIVE_TIMING') : true,
    worker: { stalledMs: integer('WORKER_STALLED_MS', 30_000, 500, 3_600_000) },
    metricsToken: text('METRICS_TOKEN', '') || null,
    discordWebhookUrl: env.DISCORD_WEBHOOK_URL?.trim() ? url('DISCORD_WEBHOOK_URL', '', ['https:', 'http:']) : null,
    downloads: { dir: text('DOWNLOADS_DIR', 'data/downloads'), maxBytes: integer('DOWNLOADS_MAX_MB', 50, 1, 1024) * 1024 * 1024 },
    push,
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** A base64url text of `length` bytes (and the first byte, when given). */
function base64urlBytes(value: string, length: number, first?: number): boolean {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return false;
  const bytes = Buffer.from(value, 'base64url');
  return bytes.length === length && (first === undefined || bytes[0] === first);
}

function pushConfig(env: Env, publicUrl: string, production: boolean, problems: string[]): PushConfig {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? '';
  if (publicKey && !base64urlBytes(publicKey, 65, 0x04)) problems.push('VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (87 characters)');
  if (privateKey && !base64urlBytes(privateKey, 32)) problems.push('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)');
  if (!publicKey !== !privateKey) problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither)');
  const subject = env.VAPID_SUBJECT?.trim() || `mailto:webmaster@${URL.parse(publicUrl)?.hostname ?? 'localhost'}`;
  const parsed = URL.parse(subject);
  const subjectOk = !!parsed && ((parsed.protocol === 'mailto:' && parsed.pathname.includes('@')) || (parsed.protocol === 'https:' && parsed.hostname !== 'localhost'));
  if (!subjectOk) problems.push(`VAPID_SUBJECT must be a mailto: address or an https: URL (got "${subject}")`);
  const rawLocal = env.PUSH_ALLOW_LOCAL_ENDPOINTS?.trim().toLowerCase();
  const allowLocalEndpoints = rawLocal === 'true' || rawLocal === '1';
  if (rawLocal && !allowLocalEndpoints && rawLocal !== 'false' && rawLocal !== '0') problems.push(`PUSH_ALLOW_LOCAL_ENDPOINTS must be true or false (got "${rawLocal}")`);
  if (allowLocalEndpoints && production) problems.push('PUSH_ALLOW_LOCAL_ENDPOINTS cannot be true in production');
  return {
    vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : null,
    generateKeys: !production,
    subject,
    allowLocalEndpoints,
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
