import { HttpException, Inject, Injectable } from '@nestjs/common';
import { PageQuery } from '../../common/pagination.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import type { DiscordMessage } from '../../infra/discord/interactions.js';
import { CompetitionsService, DriverRecordService, StandingsService } from '../competitions/index.js';
import { EventsService } from '../events/index.js';
import { ProfilesService } from '../profiles/index.js';
import { RivalsBoardsService, RivalsServersService } from '../rivals/index.js';
import { UsersService } from '../users/index.js';
import { platformOption, type CommandCall } from './bot-commands.js';
import { driverEmbed, eventEmbed, message, myRacesEmbed, notice, rivalsEmbed, standingsEmbed, TOP_ROWS } from './bot-embeds.js';

const MY_RACES = 5;

const page = (pageSize: number) => Object.assign(new PageQuery(), { pageNumber: 0, pageSize });
const contains = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());

/**
 * What the league bot answers to each slash command, read through the other modules' public services
 * as the website reads them (a visitor's view: hidden drivers stay private, unpublished events unseen).
 */
@Injectable()
export class BotAnswers {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly events: EventsService,
    private readonly competitions: CompetitionsService,
    private readonly standings: StandingsService,
    private readonly rivalsServers: RivalsServersService,
    private readonly rivalsBoards: RivalsBoardsService,
    private readonly profiles: ProfilesService,
    private readonly records: DriverRecordService,
  ) {}

  /** The answer to a call; what the website would refuse (an unknown season, a deleted driver) is said to the caller alone. */
  async answer(call: CommandCall): Promise<DiscordMessage> {
    try {
      return await this.dispatch(call);
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() < 500) return notice(error.message);
      throw error;
    }
  }

  private dispatch(call: CommandCall): Promise<DiscordMessage> {
    switch (call.command) {
      case 'next-race':
        return this.nextRace();
      case 'standings':
        return this.seriesStandings(call.options.series);
      case 'rivals':
        return this.rivals(call.options.track, call.options.platform);
      case 'driver':
        return this.driver(call.options.member ?? call.callerDiscordId, !call.options.member);
      case 'my-races':
        return this.myRaces(call.callerDiscordId);
    }
  }

  private async nextRace(): Promise<DiscordMessage> {
    const [next] = (await this.events.planned(page(1))).content;
    if (!next) return notice('No race is planned yet. Keep an eye on the announcements!');
    return message([eventEmbed(next, this.config.publicUrl, `Next race: ${next.name}`)]);
  }

  private async myRaces(discordId: string): Promise<DiscordMessage> {
    const userId = await this.users.idByDiscordId(discordId);
    if (userId === null) return notice(this.notLinked(true));
    const events = await this.events.upcomingOf(userId, MY_RACES);
    if (!events.length) return notice(`You have not joined any coming race. Find one at ${this.config.publicUrl}/events`);
    return message([myRacesEmbed(events, this.config.publicUrl)], { ephemeral: true });
  }

  private async seriesStandings(series: string | undefined): Promise<DiscordMessage> {
    const current = (await this.competitions.current(page(100))).content.filter((competition) => competition.currentSeason);
    const matches = series ? current.filter((competition) => contains(competition.name, series)) : current;
    const chosen = matches.find((competition) => competition.name.toLowerCase() === series?.toLowerCase()) ?? matches[0];
    if (!chosen?.currentSeason) {
      const offered = current.map((competition) => competition.name).join(', ');
      return notice(series ? `No current series matches "${series}".${offered ? ` Current series: ${offered}.` : ''}` : 'No series is running right now.');
    }
    const standings = await this.standings.read(chosen.currentSeason.id, null);
    return message([standingsEmbed(chosen, chosen.currentSeason, standings, this.config.publicUrl)]);
  }

  private async rivals(track: string | undefined, platformText: string | undefined): Promise<DiscordMessage> {
    const platform = platformOption(platformText);
    if (platform === null) return notice(`"${platformText}" is not a platform: PC, XBOX or PLAYSTATION.`);
    const servers = (await this.rivalsServers.live()).filter((server) => !platform || server.platforms.includes(platform));
    const tracks = servers.flatMap((server) => [server.currentTrack, ...(track ? [server.nextTrack] : [])]).filter((candidate) => candidate !== null);
    const chosen = track ? tracks.find((candidate) => contains(`${candidate.trackName} ${candidate.name}`, track)) : tracks[0];
    if (!chosen) {
      const offered = [...new Set(tracks.map((candidate) => `${candidate.trackName} – ${candidate.name}`))].join(', ');
      return notice(track ? `No track in the rivals rotation matches "${track}".${offered ? ` In the rotation: ${offered}.` : ''}` : 'No rivals server is running right now.');
    }
    const board = await this.rivalsBoards.board(chosen.id, platform, page(TOP_ROWS));
    return message([rivalsEmbed(board, this.config.publicUrl)]);
  }

  private async driver(discordId: string, self: boolean): Promise<DiscordMessage> {
    const userId = await this.users.idByDiscordId(discordId);
    const profile = userId === null ? null : await this.profiles.findByUser(userId);
    if (!profile) return notice(userId === null ? this.notLinked(self) : self ? 'You have no driver profile yet.' : 'That member has no driver profile yet.');
    const shown = await this.profiles.publicProfile(profile.id, null);
    const stats = shown.hidden ? null : await this.records.stats(profile.id, undefined);
    return message([driverEmbed(shown, stats, this.config.publicUrl)]);
  }

  private notLinked(self: boolean): string {
    return self
      ? `Your Discord account has no league account yet: sign in with Discord at ${this.config.publicUrl} first.`
      : 'That member has not signed in to the league website yet.';
  }
}
