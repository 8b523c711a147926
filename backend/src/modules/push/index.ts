/** The push module's public face: web push to a user's devices. */
export { PushModule, PushDeliveryModule } from './push.module.js';
export { PushService, DEFAULT_TTL_SECONDS, type SendOptions } from './push.service.js';
export { PUSH_QUEUE } from './push-queue.js';
