import { Controller, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { randomInt } from 'node:crypto';
import { Access } from '../../../common/access.js';
import { Clock } from '../../../common/clock.js';
import { DirectMessagesStandInState, type DirectMessageStep } from './direct-messages.state.js';
import { STAND_IN_BOT_TOKEN } from './stand-in-key.js';

type Answer = { status: number; body: unknown };

const SNOWFLAKE = /^\d{17,20}$/;
const snowflake = () => `${Date.now() - 1420070400000}`.padStart(13, '0') + String(randomInt(100000, 999999));

/**
 * The stand-in for Discord's direct messages (API v10) as the bot sends them: opening the DM channel
 * with a user and posting in it. It records every call, and answers the faults a test asks for (a 403
 * for a user whose DMs are closed, a 429 with `retry_after`, 5xx, or 503 to everything while "down").
 * Mounted with the sign-in stand-in, never in production.
 */
@ApiExcludeController()
@Access('public')
@Controller('discord-stand-in/v10')
export class DiscordStandInDirectMessagesController {
  constructor(
    private readonly state: DirectMessagesStandInState,
    private readonly clock: Clock,
  ) {}

  /** Opens the DM channel with a user (Discord answers the same channel each time): the stand-in's channel id is the user's id. */
  @Post('users/@me/channels')
  openChannel(@Req() req: Request, @Res() res: Response): Promise<void> {
    const recipient = (req.body as { recipient_id?: unknown } | undefined)?.recipient_id;
    return this.answer('channel', req, res, () => {
      if (typeof recipient !== 'string' || !SNOWFLAKE.test(recipient)) return { status: 400, body: { message: 'Invalid Form Body', code: 50035 } };
      return { status: 200, body: { id: recipient, type: 1, recipients: [{ id: recipient }] } };
    });
  }

  /** A message the bot posts in a DM channel. */
  @Post('channels/:channelId/messages')
  postMessage(@Param('channelId') channelId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.answer('message', req, res, () => {
      if (!SNOWFLAKE.test(channelId)) return { status: 404, body: { message: 'Unknown Channel', code: 10003 } };
      return { status: 200, body: { id: snowflake(), channel_id: channelId, ...(req.body as object) } };
    });
  }

  /** Checks the bot token, answers the outage or a waiting fault, else `handle`'s answer, and records the call. */
  private async answer(step: DirectMessageStep, req: Request, res: Response, handle: () => Answer): Promise<void> {
    let answer: Answer;
    if (req.get('authorization') !== `Bot ${STAND_IN_BOT_TOKEN}`) {
      answer = { status: 401, body: { message: '401: Unauthorized', code: 0 } };
    } else if (await this.state.isDown()) {
      answer = { status: 503, body: { message: 'Stand-in down', code: 0 } };
    } else {
      const fault = await this.state.takeFault(step);
      if (fault?.status === 429) {
        const retryAfter = fault.retryAfter ?? 1;
        res.setHeader('Retry-After', String(Math.ceil(retryAfter)));
        answer = { status: 429, body: { message: 'You are being rate limited.', retry_after: retryAfter, global: false } };
      } else if (fault?.status === 403) answer = { status: 403, body: { message: 'Cannot send messages to this user', code: 50007 } };
      else if (fault) answer = { status: fault.status, body: { message: 'Stand-in fault', code: 0 } };
      else answer = handle();
    }
    const path = req.originalUrl.replace(/^.*\/discord-stand-in/, '');
    await this.state.record({ at: this.clock.now().toISOString(), step, path, body: req.body as unknown, status: answer.status });
    res.status(answer.status).json(answer.body);
  }
}
