import { Controller, Get, Inject, Logger, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Access } from '../../common/access.js';
import { Endpoint } from '../../common/endpoint.js';
import { RateLimited } from '../../common/rate-limit.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { ClientPush } from '../../infra/realtime/client-push.js';
import { sessionRoom } from '../../infra/realtime/rooms.js';
import { DiscordAuthGuard } from './discord-auth.guard.js';
import { SignInRefusedFilter } from './sign-in-refused.filter.js';

/**
 * Signing in is Discord's OAuth flow: the browser navigates to the login route (its address comes with
 * `GET /config`) and Discord back to the callback. Neither is an API call, so both stay out of the OpenAPI
 * document and, with it, out of the REST contract; signing out is a contract route.
 */
@ApiTags('auth')
@Controller()
export class AuthController {
  private readonly logger = new Logger(AuthController.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly push: ClientPush,
  ) {}

  /** Where the Login button goes: redirects to Discord's authorize page with `state` and a PKCE challenge. */
  @Get('auth/discord')
  @Access('public')
  @RateLimited('signIn')
  @UseGuards(DiscordAuthGuard)
  @ApiExcludeEndpoint()
  login(): void {
    // The guard has already redirected to Discord.
  }

  /** Discord's redirect back: the guard verifies state + PKCE, exchanges the code and signs in. */
  @Get('auth/discord/callback')
  @Access('public')
  @RateLimited('signIn')
  @UseGuards(DiscordAuthGuard)
  @UseFilters(SignInRefusedFilter)
  @ApiExcludeEndpoint()
  callback(@Req() request: Request, @Res() response: Response): void {
    request.session.signedInAt = Date.now();
    response.redirect('/');
  }

  @Endpoint('POST /logout')
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    const signedIn = !!request.user;
    const sessionId = request.sessionID;
    await new Promise<void>((resolve, reject) => request.logout((error) => (error ? reject(error) : resolve())));
    await new Promise<void>((resolve, reject) => request.session.destroy((error) => (error ? reject(error) : resolve())));
    response.clearCookie(this.config.session.cookieName, { path: '/' });
    // The session's sockets, on every API instance, become visitors' sockets.
    if (signedIn && sessionId) {
      await this.push.revalidate(sessionRoom(sessionId)).catch((error: Error) => this.logger.warn(`Sockets of an ended session not revalidated: ${error.message}`));
    }
  }
}
