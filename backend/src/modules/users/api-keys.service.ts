import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyInfo } from '../../contracts/api.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { ApiKey } from './api-key.entity.js';

export const API_KEY_PREFIX = 'pdk_';

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** One API key per user, shown once at creation and kept only as a hash. */
@Injectable()
export class ApiKeysService {
  constructor(private readonly em: EntityManager) {}

  /** Issues a new key for the user, revoking the previous one (and closing the sockets opened with it). */
  async issue(userId: number): Promise<string> {
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    await this.em.transactional(async (em) => {
      if (await em.nativeDelete(ApiKey, { user: userId })) recordDomainEvent(em, 'ApiKeyChanged', { type: 'user', id: userId }, { userId });
      em.create(ApiKey, { user: userId, prefix: key.slice(0, 12), keyHash: hashKey(key) });
    });
    return key;
  }

  /** Revokes the user's key: requests and sockets with it are refused from now on. 404 without a key. */
  async revoke(userId: number): Promise<void> {
    await this.em.transactional(async (em) => {
      if (!(await em.nativeDelete(ApiKey, { user: userId }))) throw new NotFoundException('You have no API key');
      recordDomainEvent(em, 'ApiKeyChanged', { type: 'user', id: userId }, { userId });
    });
  }

  async describe(userId: number): Promise<ApiKeyInfo | null> {
    const apiKey = await this.em.findOne(ApiKey, { user: userId });
    if (!apiKey) return null;
    return { prefix: apiKey.prefix, createdAt: apiKey.createdAt.toISOString(), lastUsedAt: apiKey.lastUsedAt?.toISOString() ?? null };
  }

  /** The user a presented key belongs to, or null for an unknown or revoked key. */
  async authenticate(key: string): Promise<number | null> {
    if (!key.startsWith(API_KEY_PREFIX)) return null;
    const [row] = await this.em
      .getConnection()
      .execute<{ user_id: number }[]>('update api_keys set last_used_at = now() where key_hash = ? returning user_id', [hashKey(key)]);
    return row?.user_id ?? null;
  }
}
