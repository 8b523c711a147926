import { Controller, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Endpoint } from '../../common/endpoint.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../infra/discord/interaction-signature.js';
import { InteractionsService } from './interactions.service.js';

/** Discord's interactions endpoint: public, but only requests Discord signed are answered. */
@Controller()
export class InteractionsController {
  constructor(private readonly interactions: InteractionsService) {}

  @Endpoint('POST /discord/interactions')
  async interact(@Req() request: Request, @Res() response: Response): Promise<void> {
    const answer = await this.interactions.handle({
      rawBody: request.rawBody,
      signature: request.get(SIGNATURE_HEADER),
      timestamp: request.get(TIMESTAMP_HEADER),
      body: request.body as unknown,
    });
    response.status(200).json(answer);
  }
}
