import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DriverProfile as DriverProfileDto } from '../../contracts/api.js';
import { DriverProfile } from './driver-profile.entity.js';

export function toDriverProfileDto(profile: DriverProfile): DriverProfileDto {
  return {
    id: profile.id,
    driverNumber: profile.driverNumber,
    name: profile.name,
    xboxUsername: profile.xboxUsername,
    steamUsername: profile.steamUsername,
    psnName: profile.psnName,
    alternativeName: profile.alternativeName,
    profileCompleted: profile.profileCompleted,
  };
}

@Injectable()
export class ProfilesService {
  constructor(private readonly em: EntityManager) {}

  async findForUser(userId: number): Promise<DriverProfileDto | null> {
    const profile = await this.em.findOne(DriverProfile, { user: userId });
    return profile ? toDriverProfileDto(profile) : null;
  }
}
