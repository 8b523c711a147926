/** The users module's public face: accounts and their roles, API keys. */
export { UsersModule } from './users.module.js';
export { UsersService } from './users.service.js';
export { ApiKeysService } from './api-keys.service.js';
