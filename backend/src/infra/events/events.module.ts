import { Global, Module } from '@nestjs/common';
import { ClientPush } from '../realtime/client-push.js';

/** What every process needs to take part in the event flow: the push to browsers. */
@Global()
@Module({ providers: [ClientPush], exports: [ClientPush] })
export class EventsModule {}
