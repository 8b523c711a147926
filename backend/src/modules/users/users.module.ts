import { Module } from '@nestjs/common';
import { ProfilesModule } from '../profiles/index.js';
import { TeamsModule } from '../teams/index.js';
import { ApiKeysService } from './api-keys.service.js';
import { RolesController, UsersController } from './users.controller.js';
import { UsersHandlers } from './users.handlers.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [ProfilesModule, TeamsModule],
  controllers: [UsersController, RolesController],
  providers: [UsersService, ApiKeysService, UsersHandlers],
  exports: [UsersService, ApiKeysService],
})
export class UsersModule {}
