import { describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { SystemClock } from '../../common/clock.js';
import type { AppConfig } from '../../config/environment.js';
import { signInteraction, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../infra/discord/interaction-signature.js';
import type { DiscordMessage } from '../../infra/discord/interactions.js';
import { standInPrivateKey, standInPublicKeyHex } from '../../infra/discord/stand-in/stand-in-key.js';
import type { BotAnswers } from './bot-answers.service.js';
import type { CommandCall } from './bot-commands.js';
import { FollowUps, type FollowUpJob } from './follow-ups.js';
import { InteractionsService } from './interactions.service.js';

const bot = { applicationId: '2', publicKey: standInPublicKeyHex(), token: 'bot' };
const config = (withBot = true) => ({ redisUrl: 'redis://127.0.0.1:1', redisPrefix: 'unit', discord: { bot: withBot ? bot : null } }) as unknown as AppConfig;
const ANSWER: DiscordMessage = { content: 'answered', allowed_mentions: { parse: [] } };
const answers = { answer: (call: CommandCall) => Promise.resolve({ ...ANSWER, content: `answered /${call.command}` }) } as unknown as BotAnswers;

class RecordingFollowUps {
  readonly queued: FollowUpJob[] = [];
  constructor(private readonly failing = false) {}
  enqueue(_id: string, job: FollowUpJob): Promise<void> {
    if (this.failing) return Promise.reject(new Error('Redis is away'));
    this.queued.push(job);
    return Promise.resolve();
  }
}

const signed = (interaction: object) => {
  const body = JSON.stringify(interaction);
  const headers = signInteraction(standInPrivateKey(), body, new Date());
  return { rawBody: Buffer.from(body), signature: headers[SIGNATURE_HEADER], timestamp: headers[TIMESTAMP_HEADER], body: interaction };
};
const command = (name: string) => ({ id: '10', application_id: '2', type: 2, token: 'tok', data: { name }, member: { user: { id: '42', username: 'dani' } } });
const service = (followUps: RecordingFollowUps, withBot = true) => new InteractionsService(config(withBot), new SystemClock(), answers, followUps as unknown as FollowUps);

describe('the interactions service', () => {
  it('answers a quick command at once and defers a slow one to the follow-up queue', async () => {
    const followUps = new RecordingFollowUps();
    expect(await service(followUps).handle(signed(command('next-race')))).toEqual({ type: 4, data: { ...ANSWER, content: 'answered /next-race' } });
    expect(await service(followUps).handle(signed(command('standings')))).toEqual({ type: 5 });
    expect(followUps.queued).toEqual([{ call: { command: 'standings', options: {}, callerDiscordId: '42' }, token: 'tok' }]);
  });

  it('tells the caller at once, never leaving them waiting, when the queue cannot take a deferred answer', async () => {
    const answer = await service(new RecordingFollowUps(true)).handle(signed(command('driver')));
    expect(answer).toEqual({ type: 4, data: { content: 'The league bot cannot answer right now. Try again in a moment.', flags: 64, allowed_mentions: { parse: [] } } });
  });

  it('answers 503 when no bot is configured, before reading anything', async () => {
    const refusal = await service(new RecordingFollowUps(), false)
      .handle(signed(command('next-race')))
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpException);
    expect((refusal as HttpException).getStatus()).toBe(503);
  });
});

describe('the follow-up queue', () => {
  it('fails (rather than hangs) when Redis cannot be reached', async () => {
    const followUps = new FollowUps(config());
    try {
      await expect(followUps.enqueue('1', { call: { command: 'standings', options: {}, callerDiscordId: '42' }, token: 'tok' })).rejects.toThrow();
    } finally {
      await followUps.onApplicationShutdown();
    }
  });
});
