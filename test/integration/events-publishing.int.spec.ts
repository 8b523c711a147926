import { describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { LiveDto } from '../../backend/src/contracts/events.js';
import { OutboxEvent } from '../../backend/src/infra/outbox/outbox-event.entity.js';
import { pushSubscriberName } from '../../backend/src/infra/outbox/push-subscribers.js';
import { DOMAIN_EVENTS_QUEUE } from '../../backend/src/infra/outbox/queues.js';
import { eventually } from '../support/eventually.js';
import { collectMessages, nextMessage, subscribe } from '../support/sockets.js';
import { eventsSuite } from '../support/events-suite.js';

/** Publishing (the Discord announcement, the pushes to open browsers, one job per subscriber) and going live. */
describe('events: publishing and the live event', () => {
  const suite = eventsSuite();

  describe('publishing', () => {
    it('publishes and announces the event on Discord through the worker, retrying a failed post', async () => {
      const { t, organizer, receiver, created } = suite;
      const event = await created({ name: 'Announced GP' });
      receiver.statuses.push(500);
      const before = receiver.posts.length;
      const answeredBefore = receiver.answered;
      receiver.hold();
      const response = await t.request(`/api/events/${event.id}/publish?publish=true&sendNotification=true`, { as: organizer });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: event.id, published: true });
      // The request did not wait for Discord: Discord has answered nothing yet (every answer is held).
      expect(receiver.answered).toBe(answeredBefore);
      receiver.release();
      await eventually(() => expect(receiver.posts.length - before).toBe(2), 15_000);
      const post = receiver.posts.at(-1)!.body as { content: string; embeds: { title: string; url: string; description: string }[]; allowed_mentions: unknown };
      expect(post.embeds[0]).toMatchObject({ title: 'Announced GP', url: `${t.baseUrl}/events/${event.id}` });
      expect(post.embeds[0].description).toContain('Brands Hatch – GP');
      expect(post.content).toContain(`<t:${Math.floor(new Date(event.date).getTime() / 1000)}:F>`);
      expect(post.allowed_mentions).toEqual({ parse: [] });
      await t.settled(15_000);
      expect((await t.request(`/api/events/${event.id}`)).status).toBe(200);
    });

    it('publishes without a post unless asked, tells open browsers, and unpublishes', async () => {
      const { t, organizer, receiver, open, created } = suite;
      const event = await created();
      const visitor = await open(t.baseUrl);
      const before = receiver.posts.length;
      const changed = nextMessage(visitor, 'events.changed', (message) => message.eventId === event.id);
      expect((await t.request(`/api/events/${event.id}/publish?publish=true&sendNotification=false`, { as: organizer })).status).toBe(200);
      expect(await changed).toEqual({ eventId: event.id, published: true });
      const off = await t.request(`/api/events/${event.id}/publish?publish=false`, { as: organizer });
      expect(await off.json()).toMatchObject({ published: false });
      expect((await t.request(`/api/events/${event.id}`)).status).toBe(404);
      await t.settled();
      expect(receiver.posts.length).toBe(before);
    });

    it('tells open browsers when a published event is edited, and its page the new seats', async () => {
      const { t, open, eventJson, save, published } = suite;
      const event = await published({ seats: 10 });
      const visitor = await open(t.baseUrl);
      expect(await subscribe(visitor, `event:${event.id}`)).toEqual({ ok: true });
      const listsRefetch = nextMessage(visitor, 'events.changed', (message) => message.eventId === event.id);
      const seats = nextMessage(visitor, 'event.attendance.changed', (message) => message.eventId === event.id);
      expect((await save('individual', eventJson({ id: event.id, seats: 12, name: 'Moved to Saturday' }))).status).toBe(200);
      expect(await listsRefetch).toEqual({ eventId: event.id, published: true });
      expect(await seats).toEqual({ eventId: event.id, attendanceCount: 0, seatsLeft: 12, attendees: [] });
    });

    it('runs each subscriber of an edit as its own job, keyed <eventId>@<subscriber>, once each even when the event is sent again', async () => {
      const { t, organizer, open, eventJson, save, published, profileOf } = suite;
      const event = await published({ seats: 10 });
      await t.settled();
      const visitor = await open(t.baseUrl);
      expect(await subscribe(visitor, `event:${event.id}`)).toEqual({ ok: true });
      const listRefetches = collectMessages(visitor, 'events.changed');
      const seatPushes = collectMessages(visitor, 'event.attendance.changed');
      expect((await save('individual', eventJson({ id: event.id, seats: 11 }))).status).toBe(200);
      await t.settled();
      const [edit] = await t.em().find(OutboxEvent, { name: 'EventDetailsChanged', aggregateType: 'event', aggregateId: String(event.id) });
      const subscribers = [pushSubscriberName('EventDetailsChanged', 'event.attendance.changed'), pushSubscriberName('EventDetailsChanged', 'events.changed')];
      const handled = () => t.em().execute<{ subscriber: string }[]>('select subscriber from processed_events where event_id = ? order by subscriber', [edit.id]);
      expect((await handled()).map((row) => row.subscriber)).toEqual(subscribers);
      const connection = new Redis(t.config.redisUrl, { maxRetriesPerRequest: null });
      const queue = new Queue(DOMAIN_EVENTS_QUEUE, { connection, prefix: t.config.redisPrefix });
      try {
        for (const subscriber of subscribers) expect(await queue.getJobState(`${edit.id}@${subscriber}`)).toBe('completed');
        // Sent again: the queue already has both job ids, and each subscriber has its row.
        await t.em().nativeUpdate(OutboxEvent, { id: edit.id }, { publishedAt: null });
        await eventually(async () => expect((await t.em().findOneOrFail(OutboxEvent, { id: edit.id })).publishedAt).toBeInstanceOf(Date));
      } finally {
        await queue.close();
        connection.disconnect();
      }
      // Later changes, one on each stream: a repeated push would have arrived before them.
      const seatSentinel = nextMessage(visitor, 'event.attendance.changed', (message) => message.eventId === event.id && message.attendanceCount === 1);
      const listSentinel = nextMessage(visitor, 'events.changed', (message) => message.eventId === event.id && !message.published);
      const driverProfile = await profileOf('driver');
      await t.request(`/api/events/${event.id}/attendance`, { method: 'PUT', as: organizer, json: { profileId: driverProfile.id, attending: true } });
      await seatSentinel;
      await t.request(`/api/events/${event.id}/publish?publish=false`, { as: organizer });
      await listSentinel;
      expect((await handled()).map((row) => row.subscriber)).toEqual(subscribers);
      expect(listRefetches.filter((message) => message.eventId === event.id)).toEqual([
        { eventId: event.id, published: true },
        { eventId: event.id, published: false },
      ]);
      expect(seatPushes.filter((message) => message.eventId === event.id).map(({ attendanceCount, seatsLeft }) => ({ attendanceCount, seatsLeft }))).toEqual([
        { attendanceCount: 0, seatsLeft: 11 },
        { attendanceCount: 1, seatsLeft: 10 },
      ]);
    });

    it('guards publishing: 401, 403 for drivers, 404 unknown, 400 bad flags, and the CSRF header', async () => {
      const { t, organizer, driver, steward, created } = suite;
      const event = await created();
      expect((await t.request(`/api/events/${event.id}/publish`)).status).toBe(401);
      expect((await t.request(`/api/events/${event.id}/publish`, { as: driver })).status).toBe(403);
      expect((await t.request(`/api/events/${event.id}/publish`, { as: steward })).status).toBe(403);
      expect((await t.request(`/api/events/${event.id}/publish`, { headers: { cookie: organizer.header() } })).status).toBe(403);
      expect((await t.request('/api/events/999999/publish', { as: organizer })).status).toBe(404);
      const bad = await t.request(`/api/events/${event.id}/publish?publish=maybe`, { as: organizer });
      expect(bad.status).toBe(400);
      expect((await bad.json()).errors).toHaveProperty('publish');
    });
  });

  describe('live event', () => {
    it('goes live with a stream and ends, turning every open browser’s live button on and off', async () => {
      const { t, organizer, open, published } = suite;
      const event = await published({ name: 'Live GP' });
      const visitor = await open(t.baseUrl);
      const on = nextMessage(visitor, 'live.changed', (message) => message.live);
      const response = await t.request(`/api/events/${event.id}/live`, { method: 'PUT', as: organizer, json: { streamUrl: 'https://www.twitch.tv/PaddockLeague' } });
      expect(response.status).toBe(200);
      const live = (await response.json()) as LiveDto;
      expect(live.stream).toEqual({ provider: 'TWITCH', id: 'paddockleague', url: 'https://www.twitch.tv/paddockleague' });
      expect(live.event).toMatchObject({ id: event.id, live: true, attendance: [] });
      expect(await on).toEqual({ live: true, eventId: event.id });
      expect(await (await t.request('/api/live')).json()).toEqual(live);

      const off = nextMessage(visitor, 'live.changed', (message) => !message.live);
      expect((await t.request(`/api/events/${event.id}/live`, { method: 'DELETE', as: organizer })).status).toBe(204);
      expect(await off).toEqual({ live: false, eventId: null });
      expect(await (await t.request('/api/live')).json()).toEqual({ event: null, stream: null });
    });

    it('keeps one live event, takes YouTube streams, and refuses bad input', async () => {
      const { t, organizer, driver, steward, created, published } = suite;
      const first = await published();
      const second = await published();
      await t.request(`/api/events/${first.id}/live`, { method: 'PUT', as: organizer, json: { streamUrl: 'https://www.twitch.tv/paddock' } });
      const switched = (await (
        await t.request(`/api/events/${second.id}/live`, { method: 'PUT', as: organizer, json: { streamUrl: 'https://www.youtube.com/live/dQw4w9WgXcQ' } })
      ).json()) as LiveDto;
      expect(switched).toMatchObject({ event: { id: second.id }, stream: { provider: 'YOUTUBE', id: 'dQw4w9WgXcQ' } });
      expect((await t.request(`/api/events/${first.id}/live`, { method: 'DELETE', as: organizer })).status).toBe(404);
      const bad = await t.request(`/api/events/${second.id}/live`, { method: 'PUT', as: organizer, json: { streamUrl: 'https://example.com/stream' } });
      expect(bad.status).toBe(400);
      expect((await bad.json()).errors).toHaveProperty('streamUrl');
      const draft = await created();
      expect((await t.request(`/api/events/${draft.id}/live`, { method: 'PUT', as: organizer, json: { streamUrl: 'https://www.twitch.tv/paddock' } })).status).toBe(409);
      expect((await t.request('/api/events/999999/live', { method: 'PUT', as: organizer, json: { streamUrl: 'https://www.twitch.tv/paddock' } })).status).toBe(404);
      expect((await t.request(`/api/events/${second.id}/live`, { method: 'PUT', as: driver, json: { streamUrl: 'https://www.twitch.tv/x' } })).status).toBe(403);
      expect((await t.request(`/api/events/${second.id}/live`, { method: 'DELETE', as: steward })).status).toBe(403);
      expect((await t.request(`/api/events/${second.id}/live`, { method: 'DELETE' })).status).toBe(401);
      expect((await t.request(`/api/events/${second.id}/live`, { method: 'DELETE', as: organizer })).status).toBe(204);
    });
  });
});
