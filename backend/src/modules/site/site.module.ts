import { Module } from '@nestjs/common';
import { UsersModule } from '../users/index.js';
import { MaintenanceController } from './maintenance.controller.js';
import { MaintenanceService } from './maintenance.service.js';
import { SiteController } from './site.controller.js';

@Module({
  imports: [UsersModule],
  controllers: [SiteController, MaintenanceController],
  providers: [MaintenanceService],
})
export class SiteModule {}
