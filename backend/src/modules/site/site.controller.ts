import { Controller, Inject, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { SiteConfig } from '../../contracts/api.js';
import { Endpoint } from '../../common/endpoint.js';
import { CachedRead } from '../../infra/read-cache/cached-read.js';
import { SITE_CONFIG_READS } from './site.reads.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { UsersService } from '../users/index.js';

@ApiTags('site')
@Controller()
export class SiteController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
  ) {}

  /** What the client needs before anything else: where Login and Join go, and the footer's channels. */
  @Endpoint('GET /config')
  @CachedRead(SITE_CONFIG_READS)
  siteConfig(): SiteConfig {
    return {
      leagueName: this.config.leagueName,
      discord: { authUrl: '/api/auth/discord', joinUrl: this.config.discord.joinUrl, avatarUrl: this.config.discord.avatarUrl },
      social: this.config.social,
    };
  }

  /** Records a visit (last seen) for a signed-in user. Never fails the client. */
  @Endpoint('POST /config')
  async recordVisit(@Req() request: Request): Promise<void> {
    if (request.principal) await this.users.recordVisit(request.principal.userId).catch(() => undefined);
  }
}
