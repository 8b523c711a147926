import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { NotificationKind } from '../../backend/src/contracts/notifications.js';
import type { DiscordMessage } from '../../backend/src/infra/discord/interactions.js';
import type { RecordedCall } from '../../backend/src/infra/discord/stand-in/interactions.controller.js';
import { DirectMessagesStandInState, type RecordedDirectMessageCall } from '../../backend/src/infra/discord/stand-in/direct-messages.state.js';
import { DIRECT_MESSAGES_QUEUE, directMessageJobId, type DirectMessageJob } from '../../backend/src/modules/discord-bot/direct-messages.js';
import { NotificationsService } from '../../backend/src/modules/notifications/index.js';
import { newMember, type Member } from '../factories/users.js';
import { eventually } from '../support/eventually.js';
import { json } from '../support/responses.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The notification centre's Discord direct messages (issue #27): the NotificationCreated subscriber only
 * queues one job per notification and completes; the worker sends it through the bot to the stand-in,
 * retrying failures with backoff (a 429 after its retry_after) and giving up at once on a 403.
 */
describe("the notifications' Discord direct messages", () => {
  let t: TestApp;
  let driver: Member;
  let driverAs: CookieJar;
  let standIn: DirectMessagesStandInState;
  let connection: Redis;
  let queue: Queue<DirectMessageJob>;

  /** Writes one notification for the driver as a domain subscriber would; answers its id. */
  const notify = async (kind: NotificationKind, title: string): Promise<number> => {
    const dedupeKey = `dm-int-${kind}-${title}`;
    await t
      .em()
      .transactional((em) =>
        t.app.get(NotificationsService).notify(em, { userIds: [driver.user.id], kind, title, body: 'See the centre', link: '/notifications', dedupeKey }),
      );
    const [row] = await t.em().execute<{ id: number }[]>('select id from notifications where user_id = ? and dedupe_key = ?', [driver.user.id, dedupeKey]);
    return row.id;
  };
  const titleOf = (call: { body: unknown }) => (call.body as Partial<DiscordMessage> | null)?.embeds?.[0]?.title;
  /** The calls the stand-in answered for the DM titled so (its message posts; the channel opening carries no title). */
  const messageCalls = async (title: string): Promise<RecordedDirectMessageCall[]> =>
    (await standIn.calls()).filter((call) => call.step === 'message' && titleOf(call) === title);
  const delivered = async (title: string): Promise<RecordedCall[]> =>
    (await json<{ directMessages: RecordedCall[] }>(await t.request('/api/discord-stand-in/recorded'))).directMessages.filter((call) => titleOf(call) === title);

  beforeAll(async () => {
    t = await startTestApp({ worker: true });
    driver = await newMember(t.em(), 'driver');
    driverAs = await t.signIn('driver');
    standIn = t.app.get(DirectMessagesStandInState);
    connection = new Redis(t.config.redisUrl, { maxRetriesPerRequest: null });
    queue = new Queue<DirectMessageJob>(DIRECT_MESSAGES_QUEUE, { connection, prefix: t.config.redisPrefix });
  });
  afterAll(async () => {
    await standIn.setDown(false);
    await queue.close();
    connection.disconnect();
    await t.close();
  });

  it('sends a kind the user wants by DM to the stand-in, with its text and a link back, and queues nothing for a kind they do not', async () => {
    const saved = await t.request('/api/notifications/settings', {
      method: 'PUT',
      as: driverAs,
      json: { settings: [{ kind: 'ticket-filed', site: true, push: true, discordDm: false }] },
    });
    expect(saved.status).toBe(200);
    // Results are not sent by DM by default; the driver turned tickets filed off; a steward's decision is sent.
    const results = await notify('results-posted', 'Results are in');
    const filed = await notify('ticket-filed', 'A ticket was filed against you');
    const decided = await notify('ticket-decided', 'Your ticket was decided');
    await t.settled();
    expect(await queue.getJob(directMessageJobId(results))).toBeUndefined();
    expect(await queue.getJob(directMessageJobId(filed))).toBeUndefined();

    await eventually(async () => expect(await delivered('Your ticket was decided')).toHaveLength(1), 15_000);
    const [sent] = await delivered('Your ticket was decided');
    expect(sent.path).toBe(`/v10/channels/${driver.user.discordId}/messages`);
    const dm = sent.body as DiscordMessage;
    expect(dm.embeds).toEqual([expect.objectContaining({ title: 'Your ticket was decided', description: 'See the centre', url: `${t.config.publicUrl}/notifications` })]);
    expect(dm.allowed_mentions).toEqual({ parse: [] });
    expect(
      (await standIn.calls()).filter((call) => call.step === 'channel' && (call.body as { recipient_id?: string }).recipient_id === driver.user.discordId).length,
    ).toBeGreaterThan(0);
    expect(await (await queue.getJob(directMessageJobId(decided)))?.getState()).toBe('completed');
    expect((await standIn.calls()).filter((call) => call.step === 'message').map(titleOf)).toEqual(['Your ticket was decided']);
  });

  it('gives up at once when Discord answers 403 (the user takes no DMs from the bot): one call, not retried', async () => {
    await standIn.failNext({ status: 403, step: 'message' });
    const id = await notify('team-invite', 'A team invited you');
    await t.settled();
    await eventually(async () => expect(await (await queue.getJob(directMessageJobId(id)))?.getState()).toBe('completed'), 15_000);
    const refused = await queue.getJob(directMessageJobId(id));
    expect({ outcome: refused?.returnvalue, attempts: refused?.attemptsMade }).toEqual({ outcome: 'refused', attempts: 1 });
    expect((await messageCalls('A team invited you')).map((call) => call.status)).toEqual([403]);
    expect(await delivered('A team invited you')).toEqual([]);
  });

  it("waits out a 429's retry_after, then sends", async () => {
    await standIn.failNext({ status: 429, retryAfter: 0.4, step: 'message' });
    await notify('appeal-heard', 'Your appeal was heard');
    await eventually(async () => expect(await delivered('Your appeal was heard')).toHaveLength(1), 15_000);
    const [limited, sent] = await messageCalls('Your appeal was heard');
    expect([limited.status, sent.status]).toEqual([429, 200]);
    expect(Date.parse(sent.at) - Date.parse(limited.at)).toBeGreaterThanOrEqual(400);
  });

  it('lets the subscriber complete while the stand-in is down, and sends the DM by a later attempt once it is up', async () => {
    await standIn.setDown(true);
    const id = await notify('race-starting', 'Your race starts in 30 minutes');
    // The subscriber only queued the message: the event is handled though nothing could be sent.
    await t.settled();
    const job = () => queue.getJob(directMessageJobId(id));
    // An attempt failed (the stand-in answered 503) and the job waits for its next one.
    await eventually(async () => expect(await (await job())?.getState()).toBe('delayed'), 15_000);
    expect((await standIn.calls()).filter((call) => call.status === 503).length).toBeGreaterThan(0);
    expect(await delivered('Your race starts in 30 minutes')).toEqual([]);

    await standIn.setDown(false);
    await eventually(async () => expect(await delivered('Your race starts in 30 minutes')).toHaveLength(1), 15_000);
    expect(await (await job())?.getState()).toBe('completed');
    expect((await job())?.attemptsMade).toBeGreaterThan(1);
  });
});
