import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { MyCalendarDto } from '../../contracts/calendar.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import { ReadCache } from '../../infra/read-cache/read-cache.js';
import { CompetitionsService, SeasonsService } from '../competitions/index.js';
import { feedEvents, type FeedSelection } from '../events/index.js';
import { ProfilesService } from '../profiles/index.js';
import { CalendarFeedToken } from './calendar.entities.js';
import { CALENDAR_READS } from './calendar.reads.js';
import { calendarText, type FeedSite } from './ics.js';

/** How far back the league's and a driver's feeds reach: recent races stay in calendars. */
export const FEED_DAYS_BACK = 60;

/** Calendar feeds of the league, a series, a season, an event and a driver's own races; and the driver's private token. */
@Injectable()
export class CalendarService {
  private readonly logger = new Logger(CalendarService.name);
  private readonly site: FeedSite;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly competitions: CompetitionsService,
    private readonly seasons: SeasonsService,
    private readonly profiles: ProfilesService,
    private readonly cache: ReadCache,
  ) {
    this.site = { leagueName: config.leagueName, publicUrl: config.publicUrl };
  }

  league(): Promise<string> {
    return this.feed(this.site.leagueName, { since: daysAgo(FEED_DAYS_BACK) });
  }

  async series(competitionId: number): Promise<string> {
    const { name } = await this.competitions.details(competitionId);
    return this.feed(`${this.site.leagueName}: ${name}`, { competitionId });
  }

  async season(seasonId: number): Promise<string> {
    const label = await this.seasons.label(this.em.fork(), seasonId);
    if (!label) throw new NotFoundException(`Season ${seasonId} not found`);
    return this.feed(`${this.site.leagueName}: ${label}`, { seasonId });
  }

  /** 404 for an event that was never published. */
  async event(eventId: number): Promise<string> {
    const events = await feedEvents(this.em.fork(), { eventId });
    if (!events.length) throw new NotFoundException(`Event ${eventId} not found`);
    return calendarText(`${this.site.leagueName}: ${events[0].name}`, events, this.site);
  }

  /** The races of the events the token's driver entered; 404 for a token that is unknown or was replaced. */
  async driver(token: string): Promise<string> {
    const found = await this.em.fork().findOne(CalendarFeedToken, { token });
    if (!found) throw new NotFoundException('No calendar has this address: it may have been replaced by a new one');
    return this.feed(`${this.site.leagueName}: my races`, { profileId: found.profile.id, since: daysAgo(FEED_DAYS_BACK) });
  }

  async mine(userId: number): Promise<MyCalendarDto> {
    const profileId = await this.profileOf(userId);
    const found = await this.em.fork().findOne(CalendarFeedToken, { profile: profileId });
    return { token: found?.token ?? null };
  }

  /** A new token for the caller's feed (the first, or one replacing the previous, whose address then answers 404). */
  async rotate(userId: number): Promise<MyCalendarDto> {
    const profileId = await this.profileOf(userId);
    const token = randomBytes(24).toString('base64url');
    await this.em.fork().upsert(CalendarFeedToken, { profile: profileId, token, createdAt: new Date() }, { onConflictFields: ['profile'] });
    // Feeds are cached by address: the old address must not be answered from the cache either.
    await this.cache.invalidate([CALENDAR_READS.name]).catch((error: Error) => this.logger.warn(`Calendar feeds not invalidated: ${error.message}`));
    return { token };
  }

  private async profileOf(userId: number): Promise<number> {
    const profile = await this.profiles.findByUser(userId);
    if (!profile) throw new NotFoundException('You have no driver profile yet: complete your profile first');
    return profile.id;
  }

  private async feed(name: string, selection: FeedSelection): Promise<string> {
    return calendarText(name, await feedEvents(this.em.fork(), selection), this.site);
  }
}

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
