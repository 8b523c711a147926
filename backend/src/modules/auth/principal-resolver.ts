import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import { ApiKeysService, UsersService } from '../users/index.js';

export class InvalidApiKeyError extends Error {}

/** Who is calling, from a session's user id or a presented API key — for HTTP requests and sockets alike. */
@Injectable()
export class PrincipalResolver {
  constructor(
    private readonly users: UsersService,
    private readonly apiKeys: ApiKeysService,
  ) {}

  forSession(userId: number | undefined): Promise<Principal | null> {
    return userId ? this.users.principalFor(userId, 'session') : Promise.resolve(null);
  }

  /** The key's owner; throws InvalidApiKeyError for an unknown or revoked key. */
  async forApiKey(key: string): Promise<Principal> {
    const userId = await this.apiKeys.authenticate(key.trim());
    const principal = userId ? await this.users.principalFor(userId, 'apiKey') : null;
    if (!principal) throw new InvalidApiKeyError('The API key is not valid');
    return principal;
  }
}
