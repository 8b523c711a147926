import { Module } from '@nestjs/common';
import { PushDelivery, PushDeliveryWorker } from './push-delivery.js';
import { PushDevices } from './push-devices.service.js';
import { PushController } from './push.controller.js';
import { NotificationPushes } from './push.handlers.js';
import { PushService } from './push.service.js';
import { VapidKeys } from './vapid-keys.js';

/** Web push: devices that opted in, the VAPID key, `PushService` for other modules to notify a user's devices, and the centre's notifications pushed. */
@Module({
  controllers: [PushController],
  providers: [VapidKeys, PushDevices, PushService, PushDelivery, NotificationPushes],
  exports: [PushService, PushDelivery, VapidKeys],
})
export class PushModule {}

/** The worker's sender of the push queue (worker processes only: API instances only queue). */
@Module({
  imports: [PushModule],
  providers: [PushDeliveryWorker],
})
export class PushDeliveryModule {}
