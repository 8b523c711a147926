import { Controller, Get, HttpCode, Inject, Param, Patch, Post, Put, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { randomBytes, randomInt } from 'node:crypto';
import { Access } from '../../../common/access.js';
import { Clock } from '../../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../config/environment.js';
import { REDIS } from '../../redis/redis.module.js';
import { DEMO_ACCOUNTS } from '../demo-accounts.js';
import { INTERACTIONS_PATH, signInteraction } from '../interaction-signature.js';
import { COMMAND_OPTION_TYPE, INTERACTION_TYPE, type DiscordInteraction } from '../interactions.js';
import { DirectMessagesStandInState } from './direct-messages.state.js';
import { STAND_IN_APPLICATION_ID, STAND_IN_BOT_TOKEN, standInPrivateKey } from './stand-in-key.js';

/** What the stand-in is asked to send: a slash command (or a PING), by whom (a Discord user id or a demo username). */
interface SendRequest {
  type?: 'PING' | 'COMMAND';
  command?: string;
  options?: Record<string, string>;
  userId?: string;
  username?: string;
}

/** What Discord received from the bot, kept for the demo and the tests. */
export interface RecordedCall {
  at: string;
  path: string;
  body: unknown;
}

const RECORDED_TTL_SECONDS = 24 * 3600;
const RECORDED_MAX = 500;

const snowflake = () => `${Date.now() - 1420070400000}`.padStart(13, '0') + String(randomInt(100000, 999999));

/**
 * The stand-in plays Discord for the league's bot: it sends slash commands to the interactions
 * endpoint signed with its own Ed25519 key (the configured application key when the stand-in runs), and
 * takes the bot's follow-up edits and command registrations as Discord would, recording them
 * (`GET /api/discord-stand-in/recorded`, with the direct messages the bot sent). Mounted with the sign-in stand-in, never in production.
 */
@ApiExcludeController()
@Access('public')
@Controller('discord-stand-in')
export class DiscordStandInInteractionsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly clock: Clock,
    private readonly directMessages: DirectMessagesStandInState,
  ) {}

  /** Sends one interaction, signed, to this site's interactions endpoint; answers with what the bot answered. */
  @Post('interactions/send')
  @HttpCode(200)
  async send(@Req() req: Request): Promise<{ status: number; body: unknown; interaction: DiscordInteraction }> {
    const ask = (req.body ?? {}) as SendRequest;
    const account = DEMO_ACCOUNTS.find((candidate) => candidate.id === ask.userId || candidate.username === ask.username);
    const user = { id: account?.id ?? ask.userId ?? DEMO_ACCOUNTS[0].id, username: account?.username ?? 'someone', global_name: account?.globalName ?? null };
    const interaction: DiscordInteraction = {
      id: snowflake(),
      application_id: STAND_IN_APPLICATION_ID,
      type: ask.type === 'PING' ? INTERACTION_TYPE.PING : INTERACTION_TYPE.APPLICATION_COMMAND,
      token: randomBytes(32).toString('base64url'),
      ...(ask.type === 'PING'
        ? {}
        : {
            guild_id: this.config.discord.guildId,
            member: { user },
            data: {
              id: snowflake(),
              name: ask.command ?? '',
              type: 1,
              // Discord sends a user option as the user's id; anything else here is text.
              options: Object.entries(ask.options ?? {}).map(([name, value]) => ({
                name,
                type: /^\d{17,20}$/.test(value) ? COMMAND_OPTION_TYPE.USER : COMMAND_OPTION_TYPE.STRING,
                value,
              })),
            },
          }),
    };
    const body = JSON.stringify(interaction);
    const response = await fetch(`http://127.0.0.1:${this.config.port}${INTERACTIONS_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Discord-Interactions/1.0 (+https://discord.com)',
        ...signInteraction(standInPrivateKey(), body, this.clock.now()),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, interaction };
  }

  /** The follow-up webhook: the bot replaces its deferred answer. */
  @Patch('webhooks/:applicationId/:token/messages/@original')
  async editOriginal(@Param('applicationId') applicationId: string, @Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (applicationId !== STAND_IN_APPLICATION_ID) {
      res.status(404).json({ message: 'Unknown Webhook', code: 10015 });
      return;
    }
    await this.record('follow-ups', { at: this.clock.now().toISOString(), path: `/webhooks/${applicationId}/${token}/messages/@original`, body: req.body as unknown });
    res.status(200).json({ id: snowflake(), webhook_id: applicationId, ...(req.body as object) });
  }

  /** Bulk overwrite of the application's global commands. */
  @Put('applications/:applicationId/commands')
  async registerCommands(@Param('applicationId') applicationId: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (req.get('authorization') !== `Bot ${STAND_IN_BOT_TOKEN}`) {
      res.status(401).json({ message: '401: Unauthorized', code: 0 });
      return;
    }
    if (applicationId !== STAND_IN_APPLICATION_ID || !Array.isArray(req.body)) {
      res.status(applicationId !== STAND_IN_APPLICATION_ID ? 404 : 400).json({ message: 'Invalid application or commands', code: 50035 });
      return;
    }
    await this.record('commands', { at: this.clock.now().toISOString(), path: `/applications/${applicationId}/commands`, body: req.body as unknown });
    res.status(200).json((req.body as object[]).map((command) => ({ id: snowflake(), application_id: applicationId, version: snowflake(), ...command })));
  }

  /** What the bot sent Discord, oldest first. */
  @Get('recorded')
  async recorded(): Promise<{ followUps: RecordedCall[]; commandRegistrations: RecordedCall[]; directMessages: RecordedCall[] }> {
    const read = async (kind: string) => (await this.redis.lrange(this.key(kind), 0, -1)).map((entry) => JSON.parse(entry) as RecordedCall);
    const [followUps, commandRegistrations, delivered] = await Promise.all([read('follow-ups'), read('commands'), this.directMessages.delivered()]);
    return { followUps, commandRegistrations, directMessages: delivered.map(({ at, path, body }) => ({ at, path, body })) };
  }

  private async record(kind: string, call: RecordedCall): Promise<void> {
    await this.redis.multi().rpush(this.key(kind), JSON.stringify(call)).ltrim(this.key(kind), -RECORDED_MAX, -1).expire(this.key(kind), RECORDED_TTL_SECONDS).exec();
  }

  private key(kind: string): string {
    return `${this.config.redisPrefix}:discord-stand-in:recorded:${kind}`;
  }
}
