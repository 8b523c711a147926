/** The Discord roles module's public face: the role sync (DiscordRolesModule) and its worker side (RoleSyncWorkerModule, worker processes only). */
export { DiscordRolesModule, RoleSyncWorkerModule } from './discord-roles.module.js';
export { ROLE_SYNC_QUEUE } from './role-sync.queue.js';
