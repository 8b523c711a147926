import { Module } from '@nestjs/common';
import { ProfilesService } from './profiles.service.js';

/** Driver profiles' data and rules; the profile screens' API is DriversModule, which adds teams, roles and events. */
@Module({ providers: [ProfilesService], exports: [ProfilesService] })
export class ProfilesModule {}
