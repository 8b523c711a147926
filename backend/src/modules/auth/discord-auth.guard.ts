import { BadGatewayException, BadRequestException, Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { DiscordUnavailableError } from '../../infra/discord/discord-client.js';
import type { SignInRefusal } from './discord.strategy.js';
import { SIGN_IN_ATTEMPT_MS } from './session.js';

/** Raised when Discord says who the user is but the league turns them away (not in the server, denied consent). */
export class SignInRefusedException extends Error {}

/**
 * Runs the Discord flow: on the login route it redirects to Discord, on the callback it checks
 * `state` and PKCE, exchanges the code and signs the user in with a fresh session id.
 */
@Injectable()
export class DiscordAuthGuard extends AuthGuard('discord') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    // A visitor's attempt (state + PKCE verifier) is kept minutes, not for a signed-in session's idle time.
    if (!request.user && request.session) request.session.cookie.maxAge = SIGN_IN_ATTEMPT_MS;
    const activated = (await super.canActivate(context)) as boolean;
    await super.logIn(context.switchToHttp().getRequest<Request>());
    return activated;
  }

  override handleRequest<TUser>(error: unknown, user: TUser | false, info: SignInRefusal | { message?: string } | undefined): TUser {
    if (error instanceof DiscordUnavailableError || (error as { name?: string } | null)?.name === 'InternalOAuthError') {
      throw new BadGatewayException('Discord could not be reached to complete the sign-in; please try again');
    }
    if (error) {
      throw new BadRequestException('The sign-in link was already used or has expired; please log in again');
    }
    if (user) return user;
    if (info && 'refused' in info) throw new SignInRefusedException(info.message);
    if (info?.message?.includes('state')) {
      throw new BadRequestException('The sign-in could not be verified (missing or stale state); please log in again');
    }
    // Discord reports a denied consent as a plain failure without a user.
    throw new SignInRefusedException(info?.message ?? 'Sign-in was not completed');
  }
}
