import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { Access } from '../../common/access.js';
import { MaintenanceService, type MaintenanceState } from './maintenance.service.js';

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
  state(): Promise<MaintenanceState> {
    return this.maintenance.state();
  }

  @Put()
  @Access('isAdmin')
  set(@Body() body: MaintenanceBody): Promise<MaintenanceState> {
    return this.maintenance.set(body.enabled);
  }
}
