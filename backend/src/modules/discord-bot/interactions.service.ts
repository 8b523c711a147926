import { BadRequestException, Inject, Injectable, Logger, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import type { KeyObject } from 'node:crypto';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { checkInteractionSignature, ed25519PublicKey } from '../../infra/discord/interaction-signature.js';
import { INTERACTION_RESPONSE, INTERACTION_TYPE, type DiscordInteraction, type DiscordInteractionResponse } from '../../infra/discord/interactions.js';
import { BotAnswers } from './bot-answers.service.js';
import { botCommand, commandCall } from './bot-commands.js';
import { notice } from './bot-embeds.js';
import { FollowUps } from './follow-ups.js';

export interface SignedRequest {
  rawBody: Buffer | undefined;
  signature: string | undefined;
  timestamp: string | undefined;
  body: unknown;
}

function isInteraction(body: unknown): body is DiscordInteraction {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Partial<DiscordInteraction>;
  return typeof candidate.type === 'number' && typeof candidate.id === 'string' && typeof candidate.token === 'string';
}

/**
 * Discord's HTTP interactions: only requests signed with the application's key, within 5 minutes, are
 * answered. PING gets PONG; a command is answered at once, or deferred (type 5) and completed by a
 * worker through the follow-up webhook.
 */
@Injectable()
export class InteractionsService {
  private readonly logger = new Logger(InteractionsService.name);
  private readonly publicKey: KeyObject | null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: Clock,
    private readonly answers: BotAnswers,
    private readonly followUps: FollowUps,
  ) {
    this.publicKey = config.discord.bot ? ed25519PublicKey(config.discord.bot.publicKey) : null;
  }

  async handle(request: SignedRequest): Promise<DiscordInteractionResponse> {
    if (!this.publicKey) throw new ServiceUnavailableException('The Discord bot is not configured on this site');
    const check = checkInteractionSignature(this.publicKey, request, request.rawBody ?? Buffer.alloc(0), this.clock.now());
    if (check === 'missing' || check === 'bad-signature') throw new UnauthorizedException('Invalid request signature');
    if (check === 'stale') throw new UnauthorizedException('The request timestamp is more than 5 minutes off');
    const interaction = request.body;
    if (!isInteraction(interaction)) throw new BadRequestException('Not a Discord interaction');
    if (interaction.type === INTERACTION_TYPE.PING) return { type: INTERACTION_RESPONSE.PONG };
    if (interaction.type !== INTERACTION_TYPE.APPLICATION_COMMAND) throw new BadRequestException(`Interactions of type ${interaction.type} are not handled`);
    const call = commandCall(interaction);
    if (!call) return { type: INTERACTION_RESPONSE.CHANNEL_MESSAGE, data: notice(`Unknown command /${interaction.data?.name ?? ''}.`) };
    if (botCommand(call.command)?.deferred) {
      try {
        await this.followUps.enqueue(interaction.id, { call, token: interaction.token });
        return { type: INTERACTION_RESPONSE.DEFERRED_CHANNEL_MESSAGE };
      } catch (error) {
        this.logger.warn(`/${call.command} could not be deferred: ${(error as Error).message}`);
        return { type: INTERACTION_RESPONSE.CHANNEL_MESSAGE, data: notice('The league bot cannot answer right now. Try again in a moment.') };
      }
    }
    return { type: INTERACTION_RESPONSE.CHANNEL_MESSAGE, data: await this.answers.answer(call) };
  }
}
