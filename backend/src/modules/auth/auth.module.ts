import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { SOCKET_IDENTITY } from '../../infra/realtime/socket-identity.js';
import { UsersModule } from '../users/index.js';
import { AccessGuard } from './access.guard.js';
import { AuthController } from './auth.controller.js';
import { DiscordStrategy } from './discord.strategy.js';
import { PrincipalResolver } from './principal-resolver.js';
import { SessionSerializer } from './session.serializer.js';
import { SessionSocketIdentity } from './socket-identity.provider.js';

@Module({
  imports: [PassportModule.register({ session: true }), UsersModule],
  controllers: [AuthController],
  providers: [
    DiscordStrategy,
    SessionSerializer,
    PrincipalResolver,
    { provide: APP_GUARD, useClass: AccessGuard },
    { provide: SOCKET_IDENTITY, useClass: SessionSocketIdentity },
  ],
  exports: [PrincipalResolver, SOCKET_IDENTITY],
})
export class AuthModule {}
