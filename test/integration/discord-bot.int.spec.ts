import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { promisify } from 'node:util';
import { demoAccount } from '../../backend/src/infra/discord/demo-accounts.js';
import { signInteraction } from '../../backend/src/infra/discord/interaction-signature.js';
import { DiscordBotApi, type DiscordEmbed, type DiscordInteraction, type DiscordMessage } from '../../backend/src/infra/discord/interactions.js';
import type { RecordedCall } from '../../backend/src/infra/discord/stand-in/interactions.controller.js';
import { standInPrivateKey } from '../../backend/src/infra/discord/stand-in/stand-in-key.js';
import type { Game, TrackVariant } from '../../backend/src/modules/catalogue/catalogue.entities.js';
import type { Competition, Season } from '../../backend/src/modules/competitions/competition.entities.js';
import { registeredCommands } from '../../backend/src/modules/discord-bot/index.js';
import type { LeagueEvent } from '../../backend/src/modules/events/event.entities.js';
import { DriverProfile } from '../../backend/src/modules/profiles/driver-profile.entity.js';
import { newCar, newGameWithTrack } from '../factories/catalogue.js';
import { newCompetition, newSeason } from '../factories/competitions.js';
import { newAttendance, newEvent } from '../factories/events.js';
import { newRivalsServer, newRivalTime } from '../factories/rivals.js';
import { newStewardedRound, type StewardedRound } from '../factories/stewarding.js';
import { newDriver, newMember, type Member } from '../factories/users.js';
import { eventually } from '../support/eventually.js';
import { json } from '../support/responses.js';
import type { CookieJar } from '../support/sign-in.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const DAY = 24 * 3600 * 1000;

interface Sent {
  status: number;
  body: { type: number; data?: DiscordMessage };
  interaction: DiscordInteraction;
}

/** The league bot: signed interactions only, each command against arranged league data, deferred answers completed by the worker, and the channel's posts. */
describe('the Discord bot', () => {
  let t: TestApp;
  const channel = new WebhookReceiver();
  let driver: Member;
  let captain: Member;
  let as: Record<'driver' | 'organizer' | 'admin', CookieJar>;
  let game: Game;
  let gp: TrackVariant;
  let competition: Competition;
  let season: Season;
  let raced: StewardedRound;
  let nextRace: LeagueEvent;

  const interactionsUrl = () => `${t.baseUrl}/api/discord/interactions`;
  const postSigned = (body: string, headers: Record<string, string>) =>
    fetch(interactionsUrl(), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const PING = JSON.stringify({ id: '1', application_id: '2', type: 1, token: 'ping-token' });
  /** The stand-in plays Discord: it signs the command with the application key and posts it to the bot. */
  const send = async (command: string, options: Record<string, string> = {}, caller: { username?: string; userId?: string } = { username: 'driver' }) =>
    json<Sent>(await t.request('/api/discord-stand-in/interactions/send', { method: 'POST', json: { command, options, ...caller } }));
  const recorded = async () => json<{ followUps: RecordedCall[]; commandRegistrations: RecordedCall[] }>(await t.request('/api/discord-stand-in/recorded'));
  /** The answer the worker put in place of a deferred one, through the interaction's follow-up webhook. */
  const followUp = async (sent: Sent): Promise<DiscordMessage> => {
    expect(sent.body).toEqual({ type: 5 });
    let found: RecordedCall | undefined;
    await eventually(async () => {
      found = (await recorded()).followUps.find((call) => call.path === `/webhooks/${sent.interaction.application_id}/${sent.interaction.token}/messages/@original`);
      expect(found).toBeDefined();
    }, 15_000);
    const edit = found!.body as DiscordMessage;
    // Who sees a deferred answer was settled when it was deferred: an edit sends no flags.
    expect(edit.flags).toBeUndefined();
    expect(edit.allowed_mentions).toEqual({ parse: [] });
    return edit;
  };
  const immediate = (sent: Sent): DiscordMessage => {
    expect(sent.status).toBe(200);
    expect(sent.body.type).toBe(4);
    return sent.body.data!;
  };
  const saveResults = async (order: DriverProfile[]) =>
    json(
      await t.request(`/api/seasons/${season.id}/events/${raced.event.id}/results/${raced.raceId}`, {
        method: 'PUT',
        as: as.organizer,
        json: {
          results: order.map((profile, index) => ({ profileId: profile.id, position: index + 1, status: 'FINISHED', laps: 10, totalTimeMs: 1_200_000 + index * 1000 })),
        },
      }),
    );
  const channelEmbeds = () => channel.posts.flatMap((post) => (post.body as DiscordMessage).embeds ?? []);
  const postedEmbed = async (matching: (embed: DiscordEmbed) => boolean): Promise<DiscordEmbed> => {
    await eventually(() => expect(channelEmbeds().some(matching)).toBe(true), 15_000);
    return channelEmbeds().find(matching)!;
  };

  beforeAll(async () => {
    await channel.start();
    t = await startTestApp({ worker: true, env: { DISCORD_WEBHOOK_URL: channel.url } });
    const em = t.em();
    driver = await newMember(em, 'driver', { profile: { name: 'Dani Driver', driverNumber: 7 } });
    captain = await newMember(em, 'captain', { profile: { name: 'Cory Captain', driverNumber: 11 } });
    await newMember(em, 'organizer');
    await newMember(em, 'admin', { roles: ['ADMIN', 'HEAD_STEWARD'] });
    as = { driver: await t.signIn('driver'), organizer: await t.signIn('organizer'), admin: await t.signIn('admin') };
    ({ game, gp } = await newGameWithTrack(em, ['PC', 'XBOX']));
    competition = await newCompetition(em, { game, current: true, name: 'GT3 Sprint Cup' });
    season = await newSeason(em, competition, { name: 'Season 4' });
    raced = await newStewardedRound(em, season, { game, track: gp, hoursAgo: 2, drivers: [driver.profile, captain.profile] });
    nextRace = await newEvent(em, { game, track: gp, name: 'Friday Night GP', startsAt: new Date(Date.now() + 2 * DAY) });
    await newEvent(em, { game, track: gp, name: 'Secret Test', startsAt: new Date(Date.now() + DAY), published: false });
    await newEvent(em, { game, track: gp, name: 'Sunday Endurance', startsAt: new Date(Date.now() + 5 * DAY) });
    await newAttendance(em, nextRace, driver.profile);
    const car = await newCar(em, game, { name: 'Porsche 911 GT3 R' });
    await newRivalsServer(em, { game, tracks: [gp], platform: 'PC', name: 'Rivals PC' });
    await newRivalTime(em, { profile: driver.profile, game, track: gp, car, timeMs: 105_123 });
    await newRivalTime(em, { profile: captain.profile, game, track: gp, car, timeMs: 106_000 });
    await saveResults([driver.profile, captain.profile]);
    await t.settled();
  });
  afterAll(async () => {
    await t.close();
    await channel.stop();
  });

  describe('the interactions endpoint', () => {
    it('answers a PING signed with the application key with a PONG', async () => {
      const response = await postSigned(PING, signInteraction(standInPrivateKey(), PING, new Date()));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ type: 1 });
    });

    it('refuses (401 in the error shape) a request unsigned, signed with another key, with its body changed, or signed more than 5 minutes ago', async () => {
      const refused = async (response: Response, message: RegExp) => {
        const body = (await response.json()) as { status: number; message: string; path: string };
        expect({ status: response.status, bodyStatus: body.status, path: body.path }).toEqual({ status: 401, bodyStatus: 401, path: '/api/discord/interactions' });
        expect(body.message).toMatch(message);
      };
      await refused(await postSigned(PING, {}), /Invalid request signature/);
      await refused(await postSigned(PING, signInteraction(generateKeyPairSync('ed25519').privateKey, PING, new Date())), /Invalid request signature/);
      await refused(await postSigned(PING.replace('ping-token', 'other-token'), signInteraction(standInPrivateKey(), PING, new Date())), /Invalid request signature/);
      await refused(await postSigned(PING, signInteraction(standInPrivateKey(), PING, new Date(Date.now() - 6 * 60_000))), /more than 5 minutes/);
      // Well signed and fresh, but no interaction: 400, not a crash.
      const notAnInteraction = JSON.stringify({ hello: 'world' });
      expect((await postSigned(notAnInteraction, signInteraction(standInPrivateKey(), notAnInteraction, new Date()))).status).toBe(400);
    });

    it('tells the caller alone that a command is unknown', async () => {
      expect(immediate(await send('ban-everyone'))).toMatchObject({ content: 'Unknown command /ban-everyone.', flags: 64 });
    });
  });

  describe('the commands', () => {
    it('/next-race answers at once with the next published event, its date in each reader’s time zone', async () => {
      const answer = immediate(await send('next-race'));
      const unix = Math.floor(nextRace.startsAt.getTime() / 1000);
      expect(answer.embeds?.[0]).toMatchObject({ title: 'Next race: Friday Night GP', url: `${t.baseUrl}/events/${nextRace.id}` });
      expect(answer.embeds?.[0].description).toContain(`<t:${unix}:F>`);
      expect(answer.embeds?.[0].description).toContain('Brands Hatch – GP');
      expect(answer.allowed_mentions).toEqual({ parse: [] });
    });

    it('/my-races shows the caller (by their Discord id) their coming races, to them alone; someone who never signed in is told to', async () => {
      const mine = immediate(await send('my-races'));
      expect(mine.flags).toBe(64);
      expect(mine.embeds?.[0].description).toContain('Friday Night GP');
      expect(mine.embeds?.[0].description).not.toContain('Sunday Endurance');
      const stranger = immediate(await send('my-races', {}, { userId: '999999999999999999' }));
      expect(stranger).toMatchObject({ flags: 64 });
      expect(stranger.content).toContain('no league account');
      expect(immediate(await send('my-races', {}, { username: 'captain' })).content).toContain('not joined any coming race');
    });

    it('/standings is deferred and completed by the worker with the series’ standings', async () => {
      const answer = await followUp(await send('standings', { series: 'gt3' }));
      expect(answer.embeds?.[0]).toMatchObject({ title: 'GT3 Sprint Cup — Season 4', url: `${t.baseUrl}/events/competitions/current/${competition.id}/season/${season.id}` });
      expect(answer.embeds?.[0].description).toMatch(/^\*\*1\.\*\* \[ 7 \] - Dani Driver — 25 pts\n\*\*2\.\*\* \[ 11 \] - Cory Captain — 18 pts$/);
      expect((await followUp(await send('standings', { series: 'Formula' }))).content).toContain('No current series matches "Formula". Current series: GT3 Sprint Cup.');
    });

    it('/rivals is deferred and answers the board of a rotation track, on one platform or all', async () => {
      const board = await followUp(await send('rivals', { track: 'brands', platform: 'PC' }));
      expect(board.embeds?.[0]).toMatchObject({ title: 'Rivals: Brands Hatch – GP' });
      expect(board.embeds?.[0].description).toBe(
        '**1.** [ 7 ] - Dani Driver — 1:45.123 · Porsche 911 GT3 R\n**2.** [ 11 ] - Cory Captain — 1:46.000 (+0.877) · Porsche 911 GT3 R',
      );
      const current = await followUp(await send('rivals'));
      expect(current.embeds?.[0].title).toBe('Rivals: Brands Hatch – GP');
      expect((await followUp(await send('rivals', { track: 'Monza' }))).content).toContain(
        'No track in the rivals rotation matches "Monza". In the rotation: Brands Hatch – GP.',
      );
      expect((await followUp(await send('rivals', { platform: 'Dreamcast' }))).content).toBe('"Dreamcast" is not a platform: PC, XBOX or PLAYSTATION.');
    });

    it('/driver is deferred and shows a member’s record, the caller’s own without a member, and keeps a hidden driver private', async () => {
      const other = await followUp(await send('driver', { member: demoAccount('captain').id }));
      expect(other.embeds?.[0]).toMatchObject({ title: '[ 11 ] - Cory Captain', url: `${t.baseUrl}/grid/driver/${captain.profile.id}` });
      expect(other.embeds?.[0].fields).toEqual(
        expect.arrayContaining([
          { name: 'Starts', value: '1', inline: true },
          { name: 'Points', value: '18', inline: true },
        ]),
      );
      const own = await followUp(await send('driver'));
      expect(own.embeds?.[0].fields).toEqual(expect.arrayContaining([{ name: 'Wins', value: '1', inline: true }]));
      const hidden = await newDriver(t.em(), { profile: { name: 'Shy Racer' } });
      await t.em().nativeUpdate(DriverProfile, hidden.profile.id, { hidden: true });
      const shy = await followUp(await send('driver', { member: hidden.user.discordId }));
      expect(shy.embeds?.[0].description).toBe('This driver keeps their profile private.');
      expect(shy.embeds?.[0].title).toBe('Private driver');
      expect(shy.embeds?.[0].fields).toBeUndefined();
      expect((await followUp(await send('driver', { member: '999999999999999999' }))).content).toBe('That member has not signed in to the league website yet.');
    });
  });

  describe('the channel posts', () => {
    it('posts a race’s results and the season’s first leader once each', async () => {
      const results = await postedEmbed((embed) => embed.title.startsWith('Results: GT3 Sprint Cup round 1'));
      expect(results.description).toBe('Brands Hatch\n**1.** [ 7 ] - Dani Driver — 20:00.000\n**2.** [ 11 ] - Cory Captain — +1.000');
      expect(results.url).toBe(`${t.baseUrl}/events/competitions/current/${competition.id}/season/${season.id}#${raced.event.id}`);
      const leader = await postedEmbed((embed) => embed.title === 'New leader: GT3 Sprint Cup — Season 4');
      expect(leader.description).toBe('**[ 7 ] - Dani Driver** leads the season on 25 pts.');
      await t.settled();
      expect(channelEmbeds().filter((embed) => embed.title.startsWith('Results: GT3 Sprint Cup round 1'))).toHaveLength(1);
      expect(channelEmbeds().filter((embed) => embed.title.startsWith('New leader'))).toHaveLength(1);
    });

    it('posts the corrected results and the change of leader when the classification is saved again', async () => {
      await saveResults([captain.profile, driver.profile]);
      const change = await postedEmbed((embed) => embed.description === '**[ 11 ] - Cory Captain** takes the lead from [ 7 ] - Dani Driver, on 25 pts.');
      expect(change.title).toBe('New leader: GT3 Sprint Cup — Season 4');
      await eventually(() => expect(channelEmbeds().filter((embed) => embed.title.startsWith('Results: GT3 Sprint Cup round 1'))).toHaveLength(2), 15_000);
      // The same leader after a further save: no post.
      await saveResults([captain.profile, driver.profile]);
      await t.settled();
      expect(channelEmbeds().filter((embed) => embed.title.startsWith('New leader'))).toHaveLength(2);
    });

    it('posts a stewards’ decision as an embed', async () => {
      const { id } = await json<{ id: number }>(
        await t.request('/api/tickets', {
          method: 'POST',
          as: as.driver,
          json: { raceId: raced.raceId, accusedProfileIds: [captain.profile.id], lap: 3, corner: 'Turn 1', description: 'Pushed me wide at the first corner.', evidence: [] },
        }),
        201,
      );
      await json(
        await t.request(`/api/tickets/${id}/decision`, {
          method: 'POST',
          as: as.admin,
          json: { outcomes: [{ kind: 'WARNING', profileId: captain.profile.id }], reason: 'Moved under braking.' },
        }),
      );
      const decision = await postedEmbed((embed) => embed.title.startsWith(`Stewards’ decision: ticket #${id}`));
      expect(decision.description).toContain('Cory Captain: Warning');
      expect(decision.description).toContain('Moved under braking.');
      expect(decision.url).toBe(`${t.baseUrl}/paddock/safety-car`);
    });
  });

  describe('the command registration', () => {
    it('registers the commands with the stand-in through the bot API, which refuses another bot token', async () => {
      await t.app.get(DiscordBotApi).registerCommands(registeredCommands());
      const registration = (await recorded()).commandRegistrations.at(-1)!;
      expect(registration.path).toBe(`/applications/${t.config.discord.bot!.applicationId}/commands`);
      expect((registration.body as { name: string }[]).map((command) => command.name)).toEqual(['next-race', 'standings', 'rivals', 'driver', 'my-races']);
      const forged = await t.request(`/api/discord-stand-in/applications/${t.config.discord.bot!.applicationId}/commands`, {
        method: 'PUT',
        headers: { authorization: 'Bot stolen' },
        json: [],
      });
      expect(forged.status).toBe(401);
    });

    it('`npm run discord:register-commands` registers them at the configured API base', async () => {
      const before = (await recorded()).commandRegistrations.length;
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', '@swc-node/register/esm-register', 'scripts/discord-register-commands.ts'], {
        env: { ...process.env, SWC_NODE_PROJECT: 'backend/tsconfig.json', PORT: String(t.config.port), NODE_OPTIONS: '' },
        timeout: 60_000,
      });
      expect(stdout).toContain('Registered 5 commands (/next-race, /standings, /rivals, /driver, /my-races)');
      expect((await recorded()).commandRegistrations).toHaveLength(before + 1);
    });
  });
});
