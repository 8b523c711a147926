import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { Access } from '../../common/access.js';
import { CurrentPrincipal, type Principal } from '../../common/principal.js';
import { CachedRead } from '../../infra/read-cache/cached-read.js';
import { MaintenanceService, type MaintenanceState } from './maintenance.service.js';
import { MAINTENANCE_READS } from './site.reads.js';

export class MaintenanceBody {
  @ApiProperty()
  @IsBoolean()
  enabled!: boolean;
}

@ApiTags('site')
@Controller('maintenance')
export class MaintenanceController {
  constructor(private readonly maintenance: MaintenanceService) {}

  @Get()
  @Access('public')
  @CachedRead(MAINTENANCE_READS)
  state(): Promise<MaintenanceState> {
    return this.maintenance.state();
  }

  @Put()
  @Access('isAdmin')
  set(@Body() body: MaintenanceBody, @CurrentPrincipal() admin: Principal): Promise<MaintenanceState> {
    return this.maintenance.set(admin, body.enabled);
  }
}
