// The Discord roles feature's public face: the admins' role sync reads (its screen loads lazily through app/areas).
export { discordRoleKeys, discordRoleQueries } from './api.js';
