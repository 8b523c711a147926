import { Module } from '@nestjs/common';
import { Metrics } from './metrics.js';
import { OpsController } from './ops.controller.js';
import { OpsService } from './ops.service.js';
import { RealtimeModule } from '../../infra/realtime/realtime.module.js';

/** Operations: Prometheus metrics and the queue dashboard (mounted in app.ts). */
@Module({
  imports: [RealtimeModule],
  controllers: [OpsController],
  providers: [Metrics, OpsService],
  exports: [Metrics, OpsService],
})
export class OpsModule {}
