import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from '../../backend/src/contracts/api.js';
import type { RaceResultsDto, ResultRevisionDto } from '../../backend/src/contracts/competitions.js';
import type { SafetyCarDecisionDto, TicketDto, TicketListItemDto } from '../../backend/src/contracts/stewarding.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The demo league's stewarding: tickets in every state, a decided penalty already in the results and standings, one under appeal. */
describe('stewarding demo seed', () => {
  let t: TestApp;
  let steward: CookieJar;
  let organizer: CookieJar;
  beforeAll(async () => {
    t = await startTestApp({ seedDemo: true });
    [steward, organizer] = [await t.signIn('steward'), await t.signIn('organizer')];
  });
  afterAll(() => t.close());

  it('seeds tickets in each state on both current seasons, a penalty as a results revision by the steward panel, one under appeal', async () => {
    const queue = (await (await t.request('/api/tickets?pageSize=100', { as: steward })).json()) as Page<TicketListItemDto>;
    const seasons = [...new Set(queue.content.map((ticket) => ticket.season.id))];
    expect(seasons).toHaveLength(2);
    for (const season of seasons) {
      expect(
        queue.content
          .filter((ticket) => ticket.season.id === season)
          .map((ticket) => ticket.state)
          .sort(),
      ).toEqual(['APPEALED', 'CLOSED', 'DECIDED', 'OPEN', 'UNDER_REVIEW']);
    }
    const decided = queue.content.find((ticket) => ticket.state === 'DECIDED')!;
    expect(decided.outcomes?.map((outcome) => outcome.label)).toEqual(['Time penalty: 10 s', 'Licence points: 2']);
    const path = `/api/seasons/${decided.season.id}/events/${decided.event.id}/results/${decided.race.id}`;
    const revisions = (await (await t.request(`${path}/revisions`, { as: organizer })).json()) as ResultRevisionDto[];
    expect(revisions[0].note).toBe(`steward panel: ticket #${decided.id} on revision 1`);
    const accused = decided.accused[0].profileId;
    const latest = (await (await t.request(path)).json()) as RaceResultsDto;
    const original = (await (await t.request(`${path}/revisions/1`, { as: organizer })).json()) as RaceResultsDto;
    expect(latest.results.find((line) => line.profileId === accused)!.totalTimeMs).toBe(original.results.find((line) => line.profileId === accused)!.totalTimeMs! + 10_000);

    const appealed = (await (await t.request(`/api/tickets/${queue.content.find((ticket) => ticket.state === 'APPEALED')!.id}`, { as: steward })).json()) as TicketDto;
    expect(appealed).toMatchObject({ state: 'APPEALED', appeal: { by: { role: 'ACCUSED' } }, decision: { round: 1 } });
    // The audit trail names drivers and races by their names, never by ids.
    for (const { id } of queue.content) {
      const { internal } = (await (await t.request(`/api/tickets/${id}`, { as: steward })).json()) as TicketDto;
      for (const entry of internal!.audit) expect([id, entry.detail]).not.toEqual([id, expect.stringMatching(/\b(driver|race) \d+/)]);
    }
    const decidedTrail = ((await (await t.request(`/api/tickets/${decided.id}`, { as: steward })).json()) as TicketDto).internal!.audit;
    expect(decidedTrail.map((entry) => entry.detail)).toEqual(
      expect.arrayContaining([
        `filed against ${decided.accused[0].driverName}`,
        expect.stringMatching(new RegExp(`^results of ${decided.event.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} revised`)),
      ]),
    );
    const safetyCar = (await (await t.request('/api/safety-car?pageSize=100')).json()) as Page<SafetyCarDecisionDto>;
    expect(safetyCar.content).toHaveLength(6);
    expect(safetyCar.content.filter((decision) => decision.final)).toHaveLength(2);
  });
});
