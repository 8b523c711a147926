import { Body, Controller } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { CurrentPrincipal, type Principal } from '../../common/principal.js';
import { CachedRead } from '../../infra/read-cache/cached-read.js';
import type { MaintenanceState } from '../../contracts/site.js';
import { Endpoint } from '../../common/endpoint.js';
import { MaintenanceService } from './maintenance.service.js';
import { MAINTENANCE_READS } from './site.reads.js';

export class MaintenanceBody implements MaintenanceState {
  @ApiProperty()
  @IsBoolean()
  enabled!: boolean;
}

@ApiTags('site')
@Controller()
export class MaintenanceController {
  constructor(private readonly maintenance: MaintenanceService) {}

  @Endpoint('GET /maintenance')
  @CachedRead(MAINTENANCE_READS)
  state(): Promise<MaintenanceState> {
    return this.maintenance.state();
  }

  @Endpoint('PUT /maintenance')
  set(@Body() body: MaintenanceBody, @CurrentPrincipal() admin: Principal): Promise<MaintenanceState> {
    return this.maintenance.set(admin, body.enabled);
  }
}
