import { rawRoute } from './http.js';

/**
 * The league's Discord bot. Discord posts interactions (slash commands, PING) here, signed with the
 * application's Ed25519 key: public, but an unsigned, wrongly signed or stale request is refused with 401.
 * The answer is Discord's interaction response (PONG, a message, or "deferred").
 */
export const discordRoutes = {
  'POST /discord/interactions': rawRoute('public'),
} as const;
