import type { EntityManager } from '@mikro-orm/postgresql';
import type { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import type { ApiKeysService } from '../../backend/src/modules/users/api-keys.service.js';
import type { User } from '../../backend/src/modules/users/user.entity.js';
import { newDriver } from './users.js';

export interface TestDriver {
  user: User;
  profile: DriverProfile;
  /** `Authorization` header value: the driver's own API key, issued by the real service. */
  authorization: string;
}

/**
 * Drivers beyond the stand-in's accounts: users with completed profiles and API keys, so each request
 * is authenticated by the real access guard as that driver.
 */
export async function newDrivers(em: EntityManager, apiKeys: ApiKeysService, count: number): Promise<TestDriver[]> {
  const drivers: { user: User; profile: DriverProfile }[] = [];
  for (let i = 0; i < count; i += 1) drivers.push(await newDriver(em));
  return Promise.all(drivers.map(async (driver) => ({ ...driver, authorization: `Bearer ${await apiKeys.issue(driver.user.id)}` })));
}
