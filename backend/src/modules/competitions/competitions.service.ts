import { UniqueConstraintViolationException, type EntityClass, type FilterQuery, type QueryOrderMap, type RequiredEntityData } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { toPage, type PageQuery } from '../../common/pagination.js';
import type { Principal } from '../../common/principal.js';
import { invalidField } from '../../common/validation.js';
import type { Page } from '../../contracts/api.js';
import type { AuditKind } from '../../contracts/audit.js';
import type { CompetitionDto, CompetitionGroupDto, CompetitionSortField, CompetitionSummaryDto, ResultSourceDto } from '../../contracts/competitions.js';
import { recordDomainEvent } from '../../infra/outbox/domain-events.js';
import { recordStaffSave, snapshotOf } from '../audit/index.js';
import { GamesService } from '../catalogue/index.js';
import { BANNER_BOUNDS, ICON_BOUNDS, type UploadedImages, ImagesService } from '../images/index.js';
import { Competition, CompetitionGroup } from './competition.entities.js';
import { COMPETITION_POPULATE, toCompetitionDto, toCompetitionSummaryDto, toGroupDto } from './competitions.mappers.js';
import type { CompetitionBody, CompetitionGroupBody, CompetitionSearchBody } from './dto/competition.dto.js';
import { seasonStats } from './season-stats.js';

export type PictureField = 'icon' | 'banner';

export const groupAggregate = (id: number) => ({ type: 'competition-group', id });
export const competitionAggregate = (id: number) => ({ type: 'competition', id });

const SORT_COLUMNS: Record<CompetitionSortField, keyof Competition> = { name: 'name', createdAt: 'createdAt', current: 'current', style: 'style' };

/** What the audit log keeps of a group and of a competition (pictures are left out). */
const GROUP_AUDITED_FIELDS = ['name', 'description', 'position'] as const;
const COMPETITION_AUDITED_FIELDS = ['name', 'description', 'style', 'group', 'game', 'platforms', 'current', 'leaderboardsEnabled'] as const;

/** How `savePictured` saves a group or a competition. */
interface PicturedKind<T> {
  entity: EntityClass<T>;
  name: string;
  auditKind: AuditKind;
  auditedFields: readonly (keyof T & string)[];
  recordChanged(em: EntityManager, id: number): void;
}

const GROUP_SAVE: PicturedKind<CompetitionGroup> = {
  entity: CompetitionGroup,
  name: 'Competition group',
  auditKind: 'competition-group',
  auditedFields: GROUP_AUDITED_FIELDS,
  recordChanged: (em, id) => recordDomainEvent(em, 'CompetitionGroupChanged', groupAggregate(id), { groupId: id }),
};

const COMPETITION_SAVE: PicturedKind<Competition> = {
  entity: Competition,
  name: 'Competition',
  auditKind: 'competition',
  auditedFields: COMPETITION_AUDITED_FIELDS,
  recordChanged: (em, id) => recordDomainEvent(em, 'CompetitionChanged', competitionAggregate(id), { competitionId: id }),
};

/** The import formats of result files (`GET /api/competitions/external/sources`). */
export const RESULT_SOURCE_LIST: ResultSourceDto[] = [
  { id: 'ACC', name: 'Assetto Corsa Competizione', extensions: ['.json'] },
  { id: 'AC', name: 'Assetto Corsa', extensions: ['.json'] },
  { id: 'RF2', name: 'rFactor 2', extensions: ['.xml'] },
];

/** Competition groups and competitions: admins arrange groups, organizers run competitions, everyone reads them. */
@Injectable()
export class CompetitionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly images: ImagesService,
    private readonly games: GamesService,
  ) {}

  /** Every group (or only those with a current competition), by position then name. */
  async groups(onlyLive = false): Promise<CompetitionGroupDto[]> {
    const em = this.em.fork();
    const live = await this.liveGroupIds(em);
    const groups = await em.find(CompetitionGroup, onlyLive ? { id: { $in: [...live] } } : {}, { orderBy: { position: 'asc', name: 'asc', id: 'asc' } });
    return groups.map((group) => toGroupDto(group, live.has(group.id)));
  }

  async group(id: number): Promise<CompetitionGroupDto> {
    const em = this.em.fork();
    const group = await em.findOne(CompetitionGroup, id);
    if (!group) throw new NotFoundException(`Competition group ${id} not found`);
    return toGroupDto(group, (await this.liveGroupIds(em)).has(id));
  }

  /** Creates (no `id`) or updates a group, with its new icon and banner if uploaded. 409 for a taken name. */
  async saveGroup(admin: Principal, body: CompetitionGroupBody, uploads: UploadedImages<PictureField> = {}): Promise<CompetitionGroupDto> {
    const pictures = await this.pictures(uploads);
    let id: number;
    try {
      id = await this.em.transactional((em) => {
        const fields = { name: body.name, description: body.description || null, ...(body.position !== undefined ? { position: body.position } : {}) };
        return this.savePictured(em, GROUP_SAVE, admin, body.id, fields, pictures);
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException && error.message.includes('competition_groups_name_key')) {
        throw new ConflictException(`A competition group named "${body.name}" exists already`);
      }
      throw error;
    }
    return this.group(id);
  }

  /** Current competitions (the Series page), optionally of one group: by group position, group name, then name. */
  async current(query: PageQuery, groupId?: number): Promise<Page<CompetitionSummaryDto>> {
    const em = this.em.fork();
    if (groupId !== undefined && !(await em.count(CompetitionGroup, groupId))) throw new NotFoundException(`Competition group ${groupId} not found`);
    const where: FilterQuery<Competition> = { current: true, ...(groupId !== undefined ? { group: groupId } : {}) };
    return this.page(em, where, [{ group: { position: 'asc nulls last', name: 'asc' } }, { name: 'asc' }, { id: 'asc' }] as QueryOrderMap<Competition>[], query);
  }

  /** One competition with its seasons (current or not). */
  async details(id: number): Promise<CompetitionDto> {
    const em = this.em.fork();
    const competition = await em.findOne(Competition, id, { populate: COMPETITION_POPULATE });
    if (!competition) throw new NotFoundException(`Competition ${id} not found`);
    const stats = await seasonStats(
      em,
      competition.seasons.getItems().map((season) => season.id),
    );
    return toCompetitionDto(competition, stats, new Date());
  }

  /** Competitions offered on the Series leaderboard: enabled, with at least one season, current ones first. */
  async leaderboards(): Promise<CompetitionDto[]> {
    const em = this.em.fork();
    const competitions = await em.find(
      Competition,
      { leaderboardsEnabled: true, seasons: { $some: {} } },
      { populate: COMPETITION_POPULATE, orderBy: [{ current: 'desc' }, { name: 'asc' }, { id: 'asc' }] },
    );
    const stats = await seasonStats(
      em,
      competitions.flatMap((competition) => competition.seasons.getItems().map((season) => season.id)),
    );
    const now = new Date();
    return competitions.map((competition) => toCompetitionDto(competition, stats, now));
  }

  /** Creates (no `id`) or updates a competition, with its new icon and banner if uploaded. */
  async save(organizer: Principal, body: CompetitionBody, uploads: UploadedImages<PictureField> = {}): Promise<CompetitionDto> {
    const pictures = await this.pictures(uploads);
    const id = await this.em.transactional(async (em) => {
      const group = body.group ? await em.findOne(CompetitionGroup, body.group.id) : null;
      if (body.group && !group) throw invalidField('group.id', `competition group ${body.group.id} does not exist`);
      const game = body.game
        ? await this.games.find(em, body.game.id).catch(() => {
            throw invalidField('game.id', `game ${body.game!.id} does not exist`);
          })
        : null;
      if (game) {
        const foreign = body.platforms.filter((platform) => !game.platforms.includes(platform));
        if (foreign.length) throw invalidField('platforms', `${game.name} is not on ${foreign.join(', ')}`);
      }
      const fields = {
        name: body.name,
        description: body.description || null,
        style: body.style,
        group,
        game,
        platforms: body.platforms,
        ...(body.current !== undefined ? { current: body.current } : {}),
        ...(body.leaderboardsEnabled !== undefined ? { leaderboardsEnabled: body.leaderboardsEnabled } : {}),
      };
      return this.savePictured(em, COMPETITION_SAVE, organizer, body.id, fields, pictures);
    });
    return this.details(id);
  }

  /** The organizers' list of every competition: filters and sort in the body (default: by name). */
  search(body: CompetitionSearchBody, query: PageQuery): Promise<Page<CompetitionSummaryDto>> {
    const where: FilterQuery<Competition> = {};
    if (body.name) where.name = { $ilike: `%${body.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` };
    if (body.groupId) where.group = body.groupId;
    if (body.current !== undefined) where.current = body.current;
    if (body.style) where.style = body.style;
    const orderBy = [
      ...(body.sort ?? []).map(({ field, direction }) => ({ [SORT_COLUMNS[field]]: direction?.toUpperCase() === 'DESC' ? 'desc' : 'asc' })),
      ...(body.sort?.length ? [] : [{ name: 'asc' }]),
      { id: 'asc' },
    ] as QueryOrderMap<Competition>[];
    return this.page(this.em.fork(), where, orderBy, query);
  }

  private async page(em: EntityManager, where: FilterQuery<Competition>, orderBy: QueryOrderMap<Competition>[], query: PageQuery): Promise<Page<CompetitionSummaryDto>> {
    const [competitions, total] = await em.findAndCount(Competition, where, { populate: COMPETITION_POPULATE, orderBy, limit: query.pageSize, offset: query.offset });
    const stats = await seasonStats(
      em,
      competitions.flatMap((competition) => competition.seasons.getItems().map((season) => season.id)),
    );
    const now = new Date();
    return toPage(
      competitions.map((competition) => toCompetitionSummaryDto(competition, stats, now)),
      total,
      query,
    );
  }

  /** Groups with at least one current competition. */
  private async liveGroupIds(em: EntityManager): Promise<Set<number>> {
    const rows = await em.execute<{ group_id: number }[]>('select distinct group_id from competitions where current and group_id is not null');
    return new Set(rows.map((row) => row.group_id));
  }

  /** Decodes the uploaded icon and banner (before any transaction opens). */
  /**
   * Creates (no `id`) or updates a group or a competition in `em`'s transaction: its fields, its new
   * icon and banner, the domain event and the audit log's entry. Returns its id.
   */
  private async savePictured<T extends CompetitionGroup | Competition>(
    em: EntityManager,
    kind: PicturedKind<T>,
    actor: Principal,
    id: number | undefined,
    fields: RequiredEntityData<T>,
    [icon, banner]: Awaited<ReturnType<CompetitionsService['pictures']>>,
  ): Promise<number> {
    let saved: T;
    let before: Record<string, unknown> | null = null;
    if (id) {
      const found = await em.findOne(kind.entity, id as FilterQuery<T>);
      if (!found) throw new NotFoundException(`${kind.name} ${id} not found`);
      before = snapshotOf(found, kind.auditedFields);
      saved = em.assign(found, fields as never);
    } else {
      saved = em.create(kind.entity, fields);
    }
    this.images.setIcon(em, saved, icon);
    this.images.setImage(em, saved, 'banner', banner);
    await em.flush();
    kind.recordChanged(em, saved.id);
    recordStaffSave(em, actor, { kind: kind.auditKind, entityId: saved.id, label: saved.name, before, after: snapshotOf(saved, kind.auditedFields) });
    await em.flush();
    return saved.id;
  }

  private pictures(uploads: UploadedImages<PictureField>) {
    return Promise.all([this.images.prepare(uploads.icon?.[0], ICON_BOUNDS, 'icon'), this.images.prepare(uploads.banner?.[0], BANNER_BOUNDS, 'banner')]);
  }
}
