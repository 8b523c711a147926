/** The auth module's public face: Discord sign-in, sessions, and who a request or socket is. */
export { AuthModule } from './auth.module.js';
export { PrincipalResolver } from './principal-resolver.js';
export type { SessionUser } from './discord.strategy.js';
