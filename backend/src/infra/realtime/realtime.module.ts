import { Module } from '@nestjs/common';
import { AuthModule } from '../../modules/auth/auth.module.js';
import { RealtimeGateway } from './realtime.gateway.js';

@Module({ imports: [AuthModule], providers: [RealtimeGateway], exports: [RealtimeGateway] })
export class RealtimeModule {}
