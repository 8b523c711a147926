import type { EntityManager } from '@mikro-orm/postgresql';
import { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { ApiKeysService } from '../../backend/src/modules/users/api-keys.service.js';
import { User } from '../../backend/src/modules/users/user.entity.js';

export interface TestDriver {
  user: User;
  profile: DriverProfile;
  /** `Authorization` header value: the driver's own API key, issued by the real service. */
  authorization: string;
}

let batch = 0;

/**
 * Drivers beyond the demo accounts: users with completed profiles and API keys, so each request is
 * authenticated by the real access guard as that driver.
 */
export async function newDrivers(em: EntityManager, apiKeys: ApiKeysService, count: number): Promise<TestDriver[]> {
  batch += 1;
  const drivers: { user: User; profile: DriverProfile }[] = [];
  for (let i = 0; i < count; i += 1) {
    const user = em.create(User, { discordId: `9${batch}${String(i).padStart(4, '0')}${Date.now()}`.slice(0, 19), username: `racer${batch}_${i}` });
    const profile = em.create(DriverProfile, { user, driverNumber: 100 + batch * 40 + i, name: `Racer ${batch}-${i}`, profileCompleted: true });
    drivers.push({ user, profile });
  }
  await em.flush();
  return Promise.all(drivers.map(async (driver) => ({ ...driver, authorization: `Bearer ${await apiKeys.issue(driver.user.id)}` })));
}
