import { Controller, Get, HttpCode, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Access } from '../../common/access.js';
import { DiscordAuthGuard } from './discord-auth.guard.js';
import { SignInRefusedFilter } from './sign-in-refused.filter.js';
import { SESSION_COOKIE } from './session.js';

@ApiTags('auth')
@Controller()
export class AuthController {
  /** Where the Login button goes: redirects to Discord's authorize page with `state` and a PKCE challenge. */
  @Get('auth/discord')
  @Access('public')
  @UseGuards(DiscordAuthGuard)
  @ApiExcludeEndpoint()
  login(): void {
    // The guard has already redirected to Discord.
  }

  /** Discord's redirect back: the guard verifies state + PKCE, exchanges the code and signs in. */
  @Get('auth/discord/callback')
  @Access('public')
  @UseGuards(DiscordAuthGuard)
  @UseFilters(SignInRefusedFilter)
  @ApiExcludeEndpoint()
  callback(@Req() request: Request, @Res() response: Response): void {
    request.session.signedInAt = Date.now();
    response.redirect('/');
  }

  @Post('logout')
  @Access('public')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'The session is ended server-side and its cookie cleared.' })
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    await new Promise<void>((resolve, reject) => request.logout((error) => (error ? reject(error) : resolve())));
    await new Promise<void>((resolve, reject) => request.session.destroy((error) => (error ? reject(error) : resolve())));
    response.clearCookie(SESSION_COOKIE, { path: '/' });
  }
}
