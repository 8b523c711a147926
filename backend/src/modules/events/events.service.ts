import { CheckConstraintViolationException, ForeignKeyConstraintViolationException, LockMode, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { ICON_BOUNDS, type UploadedImage, ImagesService } from '../images/index.js';
import { toPage, type PageQuery } from '../../common/pagination.js';
import { seesHiddenDrivers, type Principal } from '../../common/principal.js';
import type { Page } from '../../contracts/api.js';
import { parseYoutubeVideoId, TEAM_SIZE_DEFAULTS, type EventDetailsDto, type EventDto } from '../../contracts/events.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { recordStaffChange, recordStaffSave, snapshotOf } from '../audit/index.js';
import type { TrackVariant } from '../catalogue/catalogue.entities.js';
import { invalidField } from '../../common/validation.js';
import { GamesService, TracksService } from '../catalogue/index.js';
import type { EventBody, EventListQuery, EventSearchBody, EventSortField } from './dto/event.dto.js';
import { EventAttendance, LeagueEvent, LiveEvent, Race, RaceEvent } from './event.entities.js';
import { EVENT_POPULATE, toAttendeeDto, toEventDto, toStaffAttendeeDto } from './events.mappers.js';

export type EventKind = 'individual' | 'assessment';

export const eventAggregate = (id: number) => ({ type: 'event', id });

/** Organizers see unpublished events; everyone else only published ones. */
export function seesUnpublished(principal: Principal | undefined | null): boolean {
  return !!principal?.flags.isOrganizer;
}

/** The event if `principal` may see it; 404 otherwise (an unpublished event does not exist for drivers). */
export async function findVisibleEvent(em: EntityManager, id: number, principal: Principal | undefined | null): Promise<LeagueEvent> {
  const event = await em.findOne(LeagueEvent, id);
  if (!event || (!event.published && !seesUnpublished(principal))) throw new NotFoundException(`Event ${id} not found`);
  return event;
}

const SORT_COLUMNS: Record<EventSortField, keyof LeagueEvent> = {
  date: 'startsAt',
  name: 'name',
  seats: 'seats',
  createdAt: 'createdAt',
  published: 'published',
};

/** What the audit log keeps of an event's own settings. */
const EVENT_AUDITED_FIELDS = [
  'name',
  'startsAt',
  'assessment',
  'game',
  'platforms',
  'seats',
  'competitionStyle',
  'carTuningRule',
  'carUpgradeRule',
  'stewarded',
  'leaderboardsEnabled',
  'teamSizeMin',
  'teamSizeMax',
  'lineupLockMinutes',
  'youtubeVideoId',
  'published',
] as const;

/** An event as the audit log keeps it: its settings and its race events' tracks and races. */
function eventSnapshot(event: LeagueEvent): Record<string, unknown> {
  return {
    ...snapshotOf(event, [...EVENT_AUDITED_FIELDS]),
    raceEvents: event.raceEvents.getItems().map((raceEvent) => ({
      trackVariant: raceEvent.trackVariant?.id ?? null,
      races: raceEvent.races.getItems().map((race) => ({ type: race.raceEventType, laps: race.laps, minutes: race.lengthMinutes })),
    })),
  };
}

/** Events: organizers create, edit, search and publish them; everyone reads the published ones. */
@Injectable()
export class EventsService {
  constructor(
    private readonly em: EntityManager,
    private readonly images: ImagesService,
    private readonly games: GamesService,
    private readonly tracks: TracksService,
  ) {}

  /** Creates (no `id`) or updates an event of that kind; new events start unpublished. */
  async save(organizer: Principal, kind: EventKind, body: EventBody, upload?: UploadedImage): Promise<EventDetailsDto> {
    const icon = await this.images.prepare(upload, ICON_BOUNDS);
    let id: number;
    try {
      id = await this.em.transactional(async (em) => {
        const game = await this.games.find(em, body.game.id).catch(() => {
          throw invalidField('game.id', `game ${body.game.id} does not exist`);
        });
        const foreign = body.platforms.filter((platform) => !game.platforms.includes(platform));
        if (foreign.length) throw invalidField('platforms', `${game.name} is not on ${foreign.join(', ')}`);
        const variants = await this.variantsOfGame(em, body, game.id);
        const teamSizeMin = body.teamSizeMin ?? TEAM_SIZE_DEFAULTS.teamSizeMin;
        const teamSizeMax = body.teamSizeMax ?? TEAM_SIZE_DEFAULTS.teamSizeMax;
        if (teamSizeMin > teamSizeMax) throw invalidField('teamSizeMax', `the largest team (${teamSizeMax}) cannot be smaller than the smallest (${teamSizeMin})`);

        const fields = {
          name: body.name,
          startsAt: new Date(body.date),
          assessment: kind === 'assessment',
          game,
          platforms: body.platforms,
          seats: body.seats,
          competitionStyle: body.competitionStyle,
          carTuningRule: body.carTuningRule,
          carUpgradeRule: body.carUpgradeRule,
          stewarded: body.stewarded ?? false,
          leaderboardsEnabled: body.leaderboardsEnabled ?? false,
          teamSizeMin,
          teamSizeMax,
          lineupLockMinutes: body.lineupLockMinutes ?? TEAM_SIZE_DEFAULTS.lineupLockMinutes,
          youtubeVideoId: body.youtubeUrl ? parseYoutubeVideoId(body.youtubeUrl) : null,
        };
        let event: LeagueEvent;
        let before: Record<string, unknown> | null = null;
        if (body.id) {
          // The row first, locked: a concurrent line-up change raises the same revision (raiseLineupRevision).
          await em.findOne(LeagueEvent, body.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
          const found = await em.findOne(LeagueEvent, { id: body.id, assessment: kind === 'assessment' }, { populate: ['raceEvents.races'] });
          if (!found) throw new NotFoundException(`${kind === 'assessment' ? 'Assessment' : 'Individual'} event ${body.id} not found`);
          before = eventSnapshot(found);
          event = em.assign(found, fields);
          if (event.published || event.revision > 0) event.revision += 1;
          if (event.published) recordDomainEvent(em, 'EventDetailsChanged', eventAggregate(event.id), { eventId: event.id });
        } else {
          event = em.create(LeagueEvent, fields);
        }
        this.images.setIcon(em, event, icon);
        this.updateRaceEvents(em, event, body, variants);
        await em.flush();
        recordStaffSave(em, organizer, { kind: 'event', entityId: event.id, label: event.name, before, after: eventSnapshot(event) });
        await em.flush();
        return event.id;
      });
    } catch (error) {
      if (error instanceof CheckConstraintViolationException && error.message.includes('events_seats_taken_within_seats')) {
        throw new ConflictException('Seats cannot be fewer than the drivers already in the event');
      }
      if (error instanceof ForeignKeyConstraintViolationException && error.message.includes('result_revisions_race_id_fkey')) {
        throw new ConflictException('A race that has results cannot be removed from the event');
      }
      throw error;
    }
    return this.details(id, null, true);
  }

  /**
   * Makes the event's race events and races those of the form, matched by position: existing ones are
   * updated in place (their ids stay, so results and line-ups that point at them stay attached), new
   * positions are added and positions past the form's are removed.
   */
  private updateRaceEvents(em: EntityManager, event: LeagueEvent, body: EventBody, variants: Map<number, TrackVariant>): void {
    const variant = (ref: { id: number } | null | undefined) => (ref ? variants.get(ref.id)! : null);
    const existing = event.raceEvents.isInitialized() ? event.raceEvents.getItems() : [];
    body.raceEvents.forEach((given, index) => {
      const fields = {
        trackVariant: variant(given.track),
        externalTrackName: given.externalTrackName || null,
        qualifyEnabled: given.qualifyEnabled ?? false,
        qualifyTrackVariant: variant(given.qualify?.track),
        qualifyLaps: given.qualify?.laps ?? null,
        qualifyLengthMinutes: given.qualify?.length ?? null,
      };
      const kept = existing.find((raceEvent) => raceEvent.position === index);
      const raceEvent = kept ? em.assign(kept, fields) : em.create(RaceEvent, { event, position: index, ...fields });
      const races = kept ? kept.races.getItems() : [];
      given.races.forEach((race, position) => {
        const raceFields = { raceEventType: race.raceEventType, trackVariant: variant(race.track), laps: race.laps ?? null, lengthMinutes: race.length ?? null };
        const keptRace = races.find((candidate) => candidate.position === position);
        if (keptRace) em.assign(keptRace, raceFields);
        else em.create(Race, { raceEvent, position, ...raceFields });
      });
      for (const removed of races.filter((race) => race.position >= given.races.length)) em.remove(removed);
    });
    for (const removed of existing.filter((raceEvent) => raceEvent.position >= body.raceEvents.length)) em.remove(removed);
  }

  /** Every track variant the body names, checked to exist and to belong to the event's game (400 naming the field). */
  private async variantsOfGame(em: EntityManager, body: EventBody, gameId: number): Promise<Map<number, TrackVariant>> {
    const named: [string, number][] = [];
    body.raceEvents.forEach((raceEvent, i) => {
      if (!raceEvent.track && !raceEvent.externalTrackName) {
        throw invalidField(`raceEvents.${i}.track`, 'a race event needs a track or an externalTrackName');
      }
      if (raceEvent.track) named.push([`raceEvents.${i}.track.id`, raceEvent.track.id]);
      if (raceEvent.qualify?.track) named.push([`raceEvents.${i}.qualify.track.id`, raceEvent.qualify.track.id]);
      raceEvent.races.forEach((race, j) => {
        if (race.track) named.push([`raceEvents.${i}.races.${j}.track.id`, race.track.id]);
      });
    });
    const variants = await this.tracks.variantsOfGame(
      em,
      gameId,
      named.map(([, id]) => id),
    );
    const missing = named.find(([, id]) => !variants.has(id));
    if (missing) throw invalidField(missing[0], `track ${missing[1]} is not a track variant of this game`);
    return variants;
  }

  /** One event with who is in; `kind` narrows it to assessment events. */
  async details(id: number, principal: Principal | null | undefined, asOrganizer = false, kind?: EventKind): Promise<EventDetailsDto> {
    const em = this.em.fork();
    const event = await em.findOne(LeagueEvent, { id, ...(kind ? { assessment: kind === 'assessment' } : {}) }, { populate: EVENT_POPULATE });
    if (!event || (!event.published && !asOrganizer && !seesUnpublished(principal))) throw new NotFoundException(`Event ${id} not found`);
    const [attendance, liveEventId] = await Promise.all([
      em.find(EventAttendance, { event: id }, { populate: ['profile', 'team'], orderBy: { joinedAt: 'asc', profile: { id: 'asc' } } }),
      this.liveEventId(em),
    ]);
    const toAttendee = asOrganizer || seesHiddenDrivers(principal ?? undefined) ? toStaffAttendeeDto : toAttendeeDto;
    return { ...toEventDto(event, liveEventId), attendance: attendance.map(toAttendee) };
  }

  /** Upcoming published events, soonest first (the header's next race is page 0 of size 1). */
  planned(query: EventListQuery, onlyAssessments = false): Promise<Page<EventDto>> {
    const where = this.publicFilter(query, { startsAt: { $gte: new Date() } });
    if (onlyAssessments) where.assessment = true;
    return this.page(where, { startsAt: 'asc', id: 'asc' }, query);
  }

  /** Published events that have started, latest first. */
  past(query: EventListQuery): Promise<Page<EventDto>> {
    return this.page(this.publicFilter(query, { startsAt: { $lt: new Date() } }), { startsAt: 'desc', id: 'desc' }, query);
  }

  /** The organizers' lists of individual or assessment events, published or not. */
  search(kind: EventKind, body: EventSearchBody, query: PageQuery): Promise<Page<EventDto>> {
    const where: FilterQuery<LeagueEvent> = { assessment: kind === 'assessment' };
    if (body.name) where.name = { $ilike: `%${body.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` };
    if (body.gameId) where.game = body.gameId;
    if (body.platform) where.platforms = { $contains: [body.platform] };
    if (body.published !== undefined) where.published = body.published;
    const range: Record<string, Date> = {};
    if (body.from) range.$gte = this.date(body.from, 'from');
    if (body.to) range.$lt = this.date(body.to, 'to');
    if (Object.keys(range).length) where.startsAt = range;
    const orderBy = [
      ...(body.sort ?? []).map(({ field, direction }) => ({ [SORT_COLUMNS[field]]: direction?.toUpperCase() === 'DESC' ? 'desc' : 'asc' })),
      ...(body.sort?.length ? [] : [{ startsAt: 'desc' }]),
      { id: 'desc' },
    ] as QueryOrderMap<LeagueEvent>[];
    return this.page(where, orderBy, query);
  }

  /** The next event the caller is in, or null. */
  async myNext(userId: number): Promise<EventDto | null> {
    const em = this.em.fork();
    const [next] = await em.find(
      EventAttendance,
      { profile: { user: userId }, event: { published: true, startsAt: { $gte: new Date() } } },
      { orderBy: { event: { startsAt: 'asc', id: 'asc' } }, limit: 1 },
    );
    if (!next) return null;
    const event = await em.findOneOrFail(LeagueEvent, next.event.id, { populate: EVENT_POPULATE });
    return toEventDto(event, await this.liveEventId(em));
  }

  /** The caller's coming events (published, not started), soonest first, at most `limit`. */
  async upcomingOf(userId: number, limit: number): Promise<EventDto[]> {
    const em = this.em.fork();
    const entries = await em.find(
      EventAttendance,
      { profile: { user: userId }, event: { published: true, startsAt: { $gte: new Date() } } },
      { orderBy: { event: { startsAt: 'asc', id: 'asc' } }, limit },
    );
    if (!entries.length) return [];
    const events = await em.find(LeagueEvent, { id: { $in: entries.map((entry) => entry.event.id) } }, { populate: EVENT_POPULATE, orderBy: { startsAt: 'asc', id: 'asc' } });
    const liveEventId = await this.liveEventId(em);
    return events.map((event) => toEventDto(event, liveEventId));
  }

  /** Publishes or unpublishes; with `sendNotification`, publishing also announces the event on Discord (by the worker). */
  async publish(organizer: Principal, id: number, publish: boolean, sendNotification: boolean): Promise<EventDto> {
    await this.em.transactional(async (em) => {
      const event = await em.findOne(LeagueEvent, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!event) throw new NotFoundException(`Event ${id} not found`);
      if (event.published !== publish) {
        recordStaffChange(em, {
          actorId: organizer.userId,
          kind: 'event',
          entityId: id,
          label: event.name,
          action: publish ? 'published' : 'unpublished (cancelled)',
          before: { published: event.published },
          after: { published: publish },
        });
        event.published = publish;
        event.publishedAt = publish ? new Date() : null;
        event.revision += 1;
        recordDomainEvent(em, 'EventPublicationChanged', eventAggregate(id), { eventId: id, published: publish });
      }
      if (publish && sendNotification) recordDomainEvent(em, 'EventAnnouncementRequested', eventAggregate(id), { eventId: id });
      await em.flush();
    });
    const { attendance: _attendance, ...event } = await this.details(id, null, true);
    return event;
  }

  async liveEventId(em: EntityManager = this.em): Promise<number | null> {
    const live = await em.findOne(LiveEvent, { singleton: true });
    return live?.event.id ?? null;
  }

  /** Published events matching Event-List's filters, and `when`. */
  private publicFilter(query: EventListQuery, when: { startsAt: { $gte: Date } | { $lt: Date } }): Record<string, unknown> {
    const where: Record<string, unknown> = { published: true, ...when };
    if (query.gameId) where.game = query.gameId;
    if (query.platform && query.platform !== 'ALL') where.platforms = { $contains: [query.platform] };
    return where;
  }

  private date(text: string, field: string): Date {
    const date = new Date(text);
    if (Number.isNaN(date.getTime())) throw invalidField(field, `${field} is not a valid date`);
    return date;
  }

  private async page(where: FilterQuery<LeagueEvent>, orderBy: QueryOrderMap<LeagueEvent> | QueryOrderMap<LeagueEvent>[], query: PageQuery): Promise<Page<EventDto>> {
    const em = this.em.fork();
    const [events, total] = await em.findAndCount(LeagueEvent, where, { populate: EVENT_POPULATE, orderBy, limit: query.pageSize, offset: query.offset });
    const liveEventId = await this.liveEventId(em);
    return toPage(
      events.map((event) => toEventDto(event, liveEventId)),
      total,
      query,
    );
  }
}
