import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { UsersModule } from '../users/users.module.js';
import { AccessGuard } from './access.guard.js';
import { AuthController } from './auth.controller.js';
import { DiscordStrategy } from './discord.strategy.js';
import { PrincipalResolver } from './principal-resolver.js';
import { SessionSerializer } from './session.serializer.js';

@Module({
  imports: [PassportModule.register({ session: true }), UsersModule],
  controllers: [AuthController],
  providers: [DiscordStrategy, SessionSerializer, PrincipalResolver, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [PrincipalResolver],
})
export class AuthModule {}
