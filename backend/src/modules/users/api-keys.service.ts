import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyInfo } from '../../contracts/api.js';
import { ApiKey } from './api-key.entity.js';

export const API_KEY_PREFIX = 'pdk_';

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** One API key per user, shown once at creation and kept only as a hash. */
@Injectable()
export class ApiKeysService {
  constructor(private readonly em: EntityManager) {}

  /** Issues a new key for the user, revoking the previous one. */
  async issue(userId: number): Promise<string> {
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    await this.em.transactional(async (em) => {
      await em.nativeDelete(ApiKey, { user: userId });
      em.create(ApiKey, { user: userId, prefix: key.slice(0, 12), keyHash: hashKey(key) });
    });
    return key;
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
