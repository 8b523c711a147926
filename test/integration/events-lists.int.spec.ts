import { describe, expect, it } from '@jest/globals';
import type { EventDto, VideoDto } from '../../backend/src/contracts/events.js';
import type { Page } from '../../backend/src/contracts/api.js';
import { DAY, inDays, eventsSuite } from '../support/events-suite.js';

/** The public lists of planned and past events, the organizers' search lists, and the events' videos. */
describe('events: lists and videos', () => {
  const suite = eventsSuite();

  describe('lists', () => {
    it('lists upcoming published events soonest first, with filters, and past ones latest first', async () => {
      const { t, gameId, published, startEvent } = suite;
      const later = await published({ name: 'Later', date: inDays(30), platforms: ['XBOX'] });
      const sooner = await published({ name: 'Sooner', date: inDays(0.5) });
      const past = await published({ name: 'Past' });
      await startEvent(past.id, new Date(Date.now() - 3 * DAY));
      const planned = (await (await t.request('/api/events/planned?pageNumber=0&pageSize=1000')).json()) as Page<EventDto>;
      const ids = planned.content.map((e) => e.id);
      expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
      expect(ids).not.toContain(past.id);
      const dates = planned.content.map((e) => e.date);
      expect([...dates].sort()).toEqual(dates);
      expect(planned).toMatchObject({ pageNumber: 0, pageSize: 1000, totalElements: planned.content.length });
      const next = (await (await t.request('/api/events/planned?pageNumber=0&pageSize=1')).json()) as Page<EventDto>;
      expect(next.content).toHaveLength(1);
      expect(next.content[0].date <= sooner.date).toBe(true);

      const xbox = (await (await t.request(`/api/events/planned?pageSize=1000&platform=XBOX&gameId=${gameId}`)).json()) as Page<EventDto>;
      expect(xbox.content.map((e) => e.id)).toEqual([later.id]);
      const pastPage = (await (await t.request(`/api/events/past?pageSize=1000&gameId=${gameId}`)).json()) as Page<EventDto>;
      expect(pastPage.content.map((e) => e.id)).toContain(past.id);
      expect((await t.request('/api/events/planned?platform=SEGA')).status).toBe(400);
      expect((await t.request('/api/events/planned?pageSize=0')).status).toBe(400);
    });

    it('gives organizers search lists of individual and assessment events, published or not, with filters and sort', async () => {
      const { t, organizer, driver, gameId, created } = suite;
      const draft = await created({ name: 'Zeta draft' });
      const search = async (kind: string, body: unknown, as = organizer) => t.request(`/api/events/${kind}?pageNumber=0&pageSize=1000`, { method: 'POST', as, json: body });
      const all = (await (await search('individual', {})).json()) as Page<EventDto>;
      expect(all.content.map((e) => e.id)).toContain(draft.id);
      expect(all.content.every((e) => !e.assessmentEvent)).toBe(true);
      const drafts = (await (await search('individual', { published: false, name: 'zeta' })).json()) as Page<EventDto>;
      expect(drafts.content.map((e) => e.id)).toEqual([draft.id]);
      const byName = (await (await search('individual', { gameId, sort: [{ field: 'name', direction: 'ASC' }] })).json()) as Page<EventDto>;
      const names = byName.content.map((e) => e.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const assessments = (await (await search('assessment', {})).json()) as Page<EventDto>;
      expect(assessments.content.every((e) => e.assessmentEvent)).toBe(true);
      const bad = await search('individual', { sort: [{ field: 'secret' }] });
      expect(bad.status).toBe(400);
      expect((await bad.json()).errors).toHaveProperty(['sort.0.field']);
      expect((await search('individual', { from: 'yesterday' })).status).toBe(400);
      expect((await search('individual', {}, driver)).status).toBe(403);
      expect((await t.request('/api/events/assessment', { method: 'POST', json: {} })).status).toBe(401);
    });
  });

  describe('videos', () => {
    it('stores YouTube videos as their id, lists the latest and all of them', async () => {
      const { t, organizer, published } = suite;
      const event = await published({ name: 'Filmed GP' });
      const response = await t.request(`/api/events/youtube/${event.id}`, { method: 'POST', as: organizer, json: { youtubeUrl: 'https://youtu.be/aqz-KE-bpKQ?t=42' } });
      expect(response.status).toBe(200);
      const video = (await response.json()) as VideoDto;
      expect(video).toEqual({
        eventId: event.id,
        eventName: 'Filmed GP',
        eventDate: event.date,
        youtubeUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
        videoId: 'aqz-KE-bpKQ',
        embedUrl: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
      });
      const [{ youtube_video_id }] = await t.em().execute<{ youtube_video_id: string }[]>('select youtube_video_id from events where id = ?', [event.id]);
      expect(youtube_video_id).toBe('aqz-KE-bpKQ');
      const latest = (await (await t.request('/api/events/youtube/latest')).json()) as VideoDto[];
      expect(latest.length).toBeLessThanOrEqual(4);
      const all = (await (await t.request('/api/events/youtube/all?pageNumber=0&pageSize=1000')).json()) as Page<VideoDto>;
      expect(all.content.map((v) => v.eventId)).toContain(event.id);
      const dates = all.content.map((v) => v.eventDate);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it('refuses other URLs (400), drivers (403), visitors (401) and unknown events (404)', async () => {
      const { t, organizer, driver, published } = suite;
      const event = await published();
      for (const youtubeUrl of ['https://vimeo.com/1', 'https://www.youtube.com/watch?v=short', 'javascript:alert(1)', 'https://evil.example/watch?v=dQw4w9WgXcQ']) {
        const response = await t.request(`/api/events/youtube/${event.id}`, { method: 'POST', as: organizer, json: { youtubeUrl } });
        expect({ youtubeUrl, status: response.status }).toEqual({ youtubeUrl, status: 400 });
        expect((await response.json()).errors).toHaveProperty('youtubeUrl');
      }
      const good = { youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };
      expect((await t.request(`/api/events/youtube/${event.id}`, { method: 'POST', as: driver, json: good })).status).toBe(403);
      expect((await t.request(`/api/events/youtube/${event.id}`, { method: 'POST', json: good })).status).toBe(401);
      expect((await t.request('/api/events/youtube/999999', { method: 'POST', as: organizer, json: good })).status).toBe(404);
    });
  });
});
