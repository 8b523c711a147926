import { Module } from '@nestjs/common';
import { Metrics } from './metrics.js';
import { OpsController } from './ops.controller.js';
import { OpsService } from './ops.service.js';

/** Operations: Prometheus metrics and the queue dashboard (mounted in app.ts); the socket count comes from the global RealtimeModule. */
@Module({
  controllers: [OpsController],
  providers: [Metrics, OpsService],
  exports: [Metrics, OpsService],
})
export class OpsModule {}
