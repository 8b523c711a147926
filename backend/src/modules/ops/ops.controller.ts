import { Controller, ForbiddenException, Inject, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { Endpoint } from '../../common/endpoint.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { OpsService } from './ops.service.js';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

@ApiTags('ops')
@Controller()
export class OpsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ops: OpsService,
  ) {}

  /** Prometheus metrics: for the configured METRICS_TOKEN (Bearer) or a signed-in admin. */
  @Endpoint('GET /metrics')
  async metrics(@Req() request: Request, @Res() response: Response): Promise<void> {
    const bearer = request.get('authorization')?.replace(/^Bearer /, '') ?? '';
    const byToken = !!this.config.metricsToken && sameSecret(bearer, this.config.metricsToken);
    if (!byToken && !request.principal?.flags.isAdmin) {
      throw request.principal ? new ForbiddenException('Metrics are for admins') : new UnauthorizedException('Metrics need a token or an admin');
    }
    const { contentType, body } = await this.ops.render();
    response.type(contentType).send(body);
  }
}
