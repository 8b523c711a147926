import { Body, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/endpoint.js';
import type { RoleSyncPlan, RoleSyncRun } from '../../contracts/discord-roles.js';
import { ApplyRoleSyncBody } from './dto/role-sync.dto.js';
import { RoleSyncCommands } from './role-sync.commands.js';

@ApiTags('discord roles')
@Controller()
export class DiscordRolesController {
  constructor(private readonly sync: RoleSyncCommands) {}

  @Endpoint('GET /admin/discord/roles/plan')
  plan(): Promise<RoleSyncPlan> {
    return this.sync.plan();
  }

  @Endpoint('POST /admin/discord/roles/sync')
  apply(@Body() body: ApplyRoleSyncBody): Promise<RoleSyncRun> {
    return this.sync.apply(body.version);
  }

  @Endpoint('GET /admin/discord/roles/sync')
  latest(): Promise<RoleSyncRun> {
    return this.sync.latest();
  }
}
