import { createHash } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import { invalidField } from '../../common/validation.js';
import type {
  ImportDecision,
  ImportPreviewLineDto,
  LiveDraftConfirmRequest,
  LiveDraftDto,
  RaceResultLine,
  ResultImportDto,
  ResultImportDecisions,
  ResultImportPreviewDto,
  ResultSession,
  UnmatchedImportLineDto,
} from '../../contracts/competitions.js';
import { driverDisplayName } from '../../contracts/driver-name.js';
import type { DriverProfile as DriverProfileDto } from '../../contracts/api.js';
import { raceSetting } from '../events/index.js';
import { ProfilesService } from '../profiles/index.js';
import { RememberedIdentity } from './remembered-identity.entity.js';
import {
  type DriverCandidate,
  type ImportedClassification,
  type ImportedDriver,
  type MatchedBy,
  identityKey,
  identityOf,
  matchDrivers,
  parseResultFile,
  ResultFileError,
} from './result-import/index.js';
import { liveDraftDifferences } from './result-import/live-draft-diff.js';
import { raceMismatch } from './result-import/race-match.js';
import { LiveResultDraft, ResultRevision } from './competition.entities.js';
import { LiveDraftsService } from './live-drafts.service.js';
import { ResultsService, revisionLines, type RaceRef } from './results.service.js';

/** The uploaded result file, as multer hands it over (memory storage). */
export interface UploadedResultFile {
  originalname: string;
  buffer: Buffer;
}

/** The text fields beside the file. */
export interface ResultImportFields {
  decisions?: string;
  /** Older clients: `{"<line>": profileId}`, the same as a decision for the line's first driver. */
  mapping?: string;
  /** The organizer imports a file of another game or track on purpose. */
  confirmMismatch?: boolean;
  /** The organizer saves results for a race that has not started yet (else 409, as saving results by hand). */
  confirmFuture?: boolean;
}

/** How a 400 shows `mapping` and `decisions`. */
const MAPPING_EXAMPLE = '{"3": 12}: a line of the file → a driver profile id';
const DECISIONS_EXAMPLE = '{"3": 12, "4": "GUEST", "5.1": "SKIP"}: a driver of the file → a profile id, GUEST or SKIP';

/** What the organizer's screens call the live draft where they name a file. */
const LIVE_DRAFT_NAME = 'Live timing draft';

/** How the revision made from a race's live draft is noted. */
const LIVE_DRAFT_NOTE = 'confirmed from the live timing draft';

/** Where a saved classification came from: the revision's note, and the hash telling the same source saved again. */
interface ClassificationSource {
  note: string;
  hash: (decided: readonly (FileDriver & { decision: ImportDecision | null })[]) => string;
  /** Runs in the transaction that wrote the revision (or found it unchanged). */
  saved?: (em: EntityManager) => Promise<unknown>;
}

/** A file name fit for a note: no control characters, no lone surrogates (the `u` flag matches only unpaired ones). */
const cleanName = (name: string) => name.replace(/\p{Cc}|[\uD800-\uDFFF]/gu, '').trim() || 'a file';

/** A driver's key in the preview and in `decisions`: "3" for line 3's first driver, "3.1" for its first co-driver. */
const driverKey = (line: number, index: number) => (index === 0 ? String(line) : `${line}.${index}`);

/** One driver of the file, where it sits, and the profile matching suggests. */
interface FileDriver {
  key: string;
  line: number;
  index: number;
  driver: ImportedDriver;
  match: { profileId: number; by: MatchedBy } | null;
}

type MatchedProfile = DriverProfileDto;

/**
 * Imports a game server's result file into a race in two steps. The preview reads the file (whole, or
 * refused whole with why) and answers every line with its drivers and the profile suggested for each:
 * by a game identity mapped in an earlier import, then by platform id, then by name. The save takes
 * the organizer's decision for any driver (a profile, a guest, or skipped), remembers the game
 * identities mapped to profiles, and writes the lines as the race's next revision — of its
 * qualifying for a qualifying file. A file of another game or track is refused unless confirmed, and
 * the very file the race's results already came from makes no new revision. The race's live draft from
 * the flag (issue #26) goes the same two steps, and a file's preview lists where the two differ.
 */
@Injectable()
export class ResultImportService {
  constructor(
    private readonly em: EntityManager,
    private readonly results: ResultsService,
    private readonly profiles: ProfilesService,
    private readonly drafts: LiveDraftsService,
  ) {}

  async preview(ref: RaceRef, file: UploadedResultFile | undefined, fields: ResultImportFields, principal: Principal): Promise<ResultImportPreviewDto> {
    const upload = requireFile(file);
    const classification = read(upload);
    const em = this.em.fork();
    await this.checkRace(em, ref, classification, fields.confirmMismatch, principal);
    const preview = await this.previewOf(em, ref, classification, cleanName(upload.originalname));
    const draft = classification.session === 'RACE' ? await this.drafts.draftOf(ref.raceId, em) : null;
    return draft ? { ...preview, liveDraftDifferences: liveDraftDifferences(classification, draft) } : preview;
  }

  /** The race's live draft from the flag as a file's preview (never refused for its game or track: the confirm is); 404 when it has none. */
  async livePreview(ref: RaceRef, principal: Principal): Promise<LiveDraftDto> {
    const em = this.em.fork();
    await this.results.findRace(em, ref, principal);
    const draft = await em.findOne(LiveResultDraft, { race: ref.raceId });
    if (!draft) throw new NotFoundException(`Race ${ref.raceId} has no live timing draft`);
    return {
      preview: await this.previewOf(em, ref, draft.classification, LIVE_DRAFT_NAME),
      storedAt: draft.storedAt.toISOString(),
      confirmedAt: draft.confirmedAt?.toISOString() ?? null,
    };
  }

  /** Saves the race's live draft as its next revision exactly as an imported file would be; 404 when it has none. */
  async confirmLiveDraft(ref: RaceRef, request: LiveDraftConfirmRequest, principal: Principal): Promise<ResultImportDto> {
    const { decisions, fieldOf } = bodyDecisions(request.decisions);
    await this.results.findRace(this.em.fork(), ref, principal);
    const draft = await this.drafts.draftOf(ref.raceId);
    if (!draft) throw new NotFoundException(`Race ${ref.raceId} has no live timing draft`);
    const fields = { confirmMismatch: request.confirmMismatch, confirmFuture: request.confirmFuture };
    return this.save(ref, draft, decisions, fieldOf, fields, principal, {
      note: LIVE_DRAFT_NOTE,
      hash: (decided) => sourceHash(Buffer.from(JSON.stringify(draft)), decided),
      saved: (em) => em.nativeUpdate(LiveResultDraft, { race: ref.raceId, confirmedAt: null }, { confirmedAt: new Date() }),
    });
  }

  /** The classification's lines with their drivers and the profile suggested for each. */
  private async previewOf(em: EntityManager, ref: RaceRef, classification: ImportedClassification, fileName: string): Promise<ResultImportPreviewDto> {
    const { drivers, profiles } = await this.suggest(em, classification);
    const base = await latestBaseLines(em, ref, classification.session);
    const unchanged = base !== null && sameLines(buildLines(classification, asLastTime(drivers, base), new Map(), String).lines, base);
    return {
      fileName,
      format: classification.format,
      session: classification.session,
      gameName: classification.gameName,
      trackName: classification.trackName,
      unchanged,
      lines: classification.lines.map((line, index): ImportPreviewLineDto => ({
        line: index,
        position: line.position,
        status: line.status,
        reason: line.reason,
        laps: line.laps,
        totalTimeMs: line.totalTimeMs,
        bestLapMs: line.bestLapMs,
        penaltyMs: line.penaltyMs,
        fastestLap: line.fastestLap,
        carModel: line.carModel,
        drivers: drivers
          .filter((each) => each.line === index)
          .map(({ key, driver, match }) => ({
            key,
            name: driver.name,
            platformId: driver.platformId,
            raceNumber: driver.raceNumber,
            teamName: driver.teamName,
            laps: driver.laps,
            drivingTimeMs: driver.drivingTimeMs,
            match: match && { profileId: match.profileId, driverName: driverDisplayName(profiles.get(match.profileId)), by: match.by },
          })),
      })),
    };
  }

  async import(ref: RaceRef, file: UploadedResultFile | undefined, fields: ResultImportFields, principal: Principal): Promise<ResultImportDto> {
    const upload = requireFile(file);
    const { decisions, fieldOf } = parseDecisions(fields.decisions, fields.mapping);
    const classification = read(upload);
    return this.save(ref, classification, decisions, fieldOf, fields, principal, {
      note: `imported from ${cleanName(upload.originalname)}`,
      hash: (decided) => sourceHash(upload.buffer, decided),
    });
  }

  /** Writes the classification as the race's next revision once every driver has a profile or a decision. */
  private async save(
    ref: RaceRef,
    classification: ImportedClassification,
    decisions: ReadonlyMap<string, ImportDecision>,
    decisionField: (key: string) => string,
    fields: Pick<ResultImportFields, 'confirmMismatch' | 'confirmFuture'>,
    principal: Principal,
    source: ClassificationSource,
  ): Promise<ResultImportDto> {
    const outcome = await this.em.transactional(async (em): Promise<{ unmatched: UnmatchedImportLineDto[] } | { unchanged: boolean }> => {
      const { season } = await this.checkRace(em, ref, classification, fields.confirmMismatch, principal);
      const { drivers } = await this.suggest(em, classification);
      const byKey = new Map(drivers.map((each) => [each.key, each]));
      for (const key of decisions.keys()) {
        if (!byKey.has(key))
          throw invalidField(decisionField(key), `the file has no driver ${key}: its lines are 0 to ${classification.lines.length - 1} (co-drivers "<line>.<n>")`);
      }
      await checkProfilesExist(em, this.profiles, decisions, decisionField);

      const decided = drivers.map((each) => ({ ...each, decision: decisions.get(each.key) ?? each.match?.profileId ?? null }));
      const undecided = decided.filter((each) => each.decision === null);
      if (undecided.length) {
        return {
          unmatched: undecided.map(({ line, key, driver }) => ({
            line,
            key,
            position: classification.lines[line].position,
            name: driver.name,
            platformId: driver.platformId,
            raceNumber: driver.raceNumber,
            teamName: driver.teamName,
          })),
        };
      }

      const { lines, fieldOf } = buildLines(classification, decided as (FileDriver & { decision: ImportDecision })[], decisions, decisionField);
      await rememberMappings(em, decided, decisions);
      const base = await latestBaseLines(em, ref, classification.session);
      if (base && sameLines(lines, base)) {
        await source.saved?.(em);
        return { unchanged: true };
      }
      const written = await this.results.writeRevision(em, season, ref, lines, principal, source.note, fieldOf, {
        session: classification.session,
        sourceHash: source.hash(decided),
        confirmFuture: fields.confirmFuture,
      });
      await source.saved?.(em);
      return { unchanged: written.unchanged };
    });
    if ('unmatched' in outcome) return { results: null, unmatched: outcome.unmatched, unchanged: false };
    return { results: await this.results.latest(ref, principal), unmatched: [], unchanged: outcome.unchanged };
  }

  /** 409 naming both when the file is of another game or track than the race, unless the organizer confirmed it. */
  private async checkRace(em: EntityManager, ref: RaceRef, classification: ImportedClassification, confirmed: boolean | undefined, principal: Principal) {
    const found = await this.results.findRace(em, ref, principal);
    if (confirmed) return found;
    const mismatch = raceMismatch(
      { gameName: classification.gameName, trackName: classification.trackName },
      await raceSetting(em, ref.raceId, classification.session === 'QUALIFYING'),
    );
    if (mismatch) throw new ConflictException(`${mismatch}. Check the file, or import it anyway if it is the right one.`);
    return found;
  }

  /** Every driver of the file with the profile suggested for them. */
  private async suggest(em: EntityManager, classification: ImportedClassification): Promise<{ drivers: FileDriver[]; profiles: Map<number, MatchedProfile> }> {
    const drivers: FileDriver[] = classification.lines.flatMap((line, lineIndex) =>
      line.drivers.map((driver, index) => ({ key: driverKey(lineIndex, index), line: lineIndex, index, driver, match: null })),
    );
    const identities = drivers.map((each) => identityOf(each.driver)).filter((identity) => identity !== null);
    const [profiles, remembered] = await Promise.all([
      this.profiles.all(em),
      identities.length ? em.find(RememberedIdentity, { $or: identities.map(({ kind, identity }) => ({ kind, identity })) }) : Promise.resolve([] as RememberedIdentity[]),
    ]);
    const { matched } = matchDrivers(drivers, profiles.map(toCandidate), new Map(remembered.map((row) => [identityKey(row), row.profile.id])));
    for (const { line, profileId, by } of matched) line.match = { profileId, by };
    return { drivers, profiles: new Map(profiles.map((profile) => [profile.id, profile])) };
  }
}

function requireFile(file: UploadedResultFile | undefined): UploadedResultFile {
  if (!file)
    throw invalidField('file', 'file is required: the server’s result file (ACC or Assetto Corsa JSON, rFactor 2 or Le Mans Ultimate XML) as the multipart field "file"');
  return file;
}

/** The file's classification; 400 saying what is wrong with any other file. */
function read(file: UploadedResultFile): ImportedClassification {
  try {
    return parseResultFile(file.buffer, file.originalname);
  } catch (error) {
    if (error instanceof ResultFileError) throw new BadRequestException({ message: error.message, errors: { file: [error.message] } });
    throw error;
  }
}

/** The latest base revision of the race's session (what an import replaces) as lines, or null when it has none. */
async function latestBaseLines(em: EntityManager, ref: RaceRef, session: ResultSession): Promise<RaceResultLine[] | null> {
  const base = await em.findOne(ResultRevision, { race: ref.raceId, session, kind: 'BASE' }, { populate: ['lines.coDrivers'], orderBy: { number: 'desc' } });
  return base && revisionLines(base);
}

/**
 * sha256 of the file's bytes and of the profile or guest each of its drivers became: the same file
 * saved again with other decisions (a driver mapped who was skipped) is another source, and is written.
 */
function sourceHash(bytes: Buffer, decided: readonly (FileDriver & { decision: ImportDecision | null })[]): string {
  return createHash('sha256')
    .update(bytes)
    .update(JSON.stringify(decided.map(({ key, decision }) => [key, decision])))
    .digest('hex');
}

/**
 * The decisions the race's latest base implies for the file's drivers: a matched driver keeps their
 * profile, an unmatched one is the guest of that name when the base has one, else was skipped. Built
 * into lines, they equal the base exactly when this file (with those decisions) is the race's results.
 */
function asLastTime(drivers: FileDriver[], base: RaceResultLine[]): (FileDriver & { decision: ImportDecision })[] {
  const guests = new Set(
    base.flatMap((line) => [line.profileId === null ? line.guestName : null, ...(line.coDrivers ?? []).map((co) => (co.profileId === null ? co.name : null))]),
  );
  return drivers.map((each) => ({ ...each, decision: each.match?.profileId ?? (guests.has(each.driver.name) ? 'GUEST' : 'SKIP') }));
}

/** Whether saving `lines` would store what `base` holds (the fields an import sets). */
function sameLines(lines: readonly RaceResultLine[], base: readonly RaceResultLine[]): boolean {
  const key = (line: RaceResultLine) =>
    JSON.stringify([
      line.profileId,
      line.profileId === null ? (line.guestName ?? null) : null,
      line.position,
      line.status,
      line.laps,
      line.totalTimeMs ?? null,
      line.bestLapMs ?? null,
      line.pole ?? false,
      line.fastestLap ?? false,
      line.penaltyMs ?? null,
      line.reason ?? null,
      (line.coDrivers ?? []).map((co) => [co.profileId, co.profileId === null ? (co.name ?? null) : null]),
    ]);
  return lines.length === base.length && lines.every((line, index) => key(line) === key(base[index]));
}

/**
 * The lines to save: each car with its drivers as decided. A skipped driver is left out of the car; a
 * car with no driver left is removed and the positions close up. A guest keeps the file's name.
 */
function buildLines(
  classification: ImportedClassification,
  decided: (FileDriver & { decision: ImportDecision })[],
  decisions: ReadonlyMap<string, ImportDecision>,
  decisionField: (key: string) => string,
): { lines: RaceResultLine[]; fieldOf: (index: number, field?: string) => string } {
  const kept: { fileLine: number; drivers: (FileDriver & { decision: ImportDecision })[] }[] = [];
  classification.lines.forEach((_line, fileLine) => {
    const drivers = decided.filter((each) => each.line === fileLine && each.decision !== 'SKIP');
    if (drivers.length) kept.push({ fileLine, drivers });
  });
  const lines = kept.map(({ fileLine, drivers: [first, ...others] }, index): RaceResultLine => {
    const line = classification.lines[fileLine];
    return {
      profileId: typeof first.decision === 'number' ? first.decision : null,
      guestName: first.decision === 'GUEST' ? first.driver.name : null,
      position: index + 1,
      status: line.status,
      laps: line.laps,
      totalTimeMs: line.totalTimeMs,
      bestLapMs: line.bestLapMs,
      pole: classification.session === 'QUALIFYING' && index === 0,
      fastestLap: line.fastestLap,
      coDrivers: others.map((each) => ({
        profileId: typeof each.decision === 'number' ? each.decision : null,
        name: each.driver.name,
        laps: each.driver.laps,
        drivingTimeMs: each.driver.drivingTimeMs,
      })),
      // The file says 0 for no penalty; results store none as null.
      penaltyMs: line.penaltyMs || null,
      reason: line.reason,
      drivingTimeMs: first.driver.drivingTimeMs,
    };
  });
  // A problem of a saved line is reported where the organizer can act: the decision that put the driver there, or the file's line.
  const fieldOf = (index: number, field?: string) => {
    const source = kept[index];
    if (!source) return `lines.${index}`;
    const first = source.drivers[0];
    if (field === 'profileId' && decisions.has(first.key)) return decisionField(first.key);
    return `lines.${source.fileLine}${field ? `.${field}` : ''}`;
  };
  return { lines, fieldOf };
}

/** The organizer's mappings of game identities to profiles, kept for later imports (a newer mapping replaces an older one). */
async function rememberMappings(em: EntityManager, decided: (FileDriver & { decision: ImportDecision | null })[], decisions: ReadonlyMap<string, ImportDecision>) {
  for (const each of decided) {
    const decision = decisions.get(each.key);
    const identity = identityOf(each.driver);
    if (typeof decision !== 'number' || !identity) continue;
    await em.execute(
      `insert into remembered_identities (kind, identity, profile_id) values (?, ?, ?)
       on conflict (kind, identity) do update set profile_id = excluded.profile_id, remembered_at = now()`,
      [identity.kind, identity.identity, decision],
    );
  }
}

async function checkProfilesExist(em: EntityManager, profiles: ProfilesService, decisions: ReadonlyMap<string, ImportDecision>, decisionField: (key: string) => string) {
  const ids = [...new Set([...decisions.values()].filter((decision): decision is number => typeof decision === 'number'))];
  if (!ids.length) return;
  const found = await profiles.existing(ids, em);
  for (const [key, decision] of decisions) {
    if (typeof decision === 'number' && !found.has(decision)) throw invalidField(decisionField(key), `driver profile ${decision} does not exist`);
  }
}

/**
 * `decisions` (`{"3": 12, "4": "GUEST", "4.1": "SKIP"}`) and the older `mapping` (`{"3": 12}`) as one
 * map of driver key → decision, and the field each came from (to name in a 400); 400 naming what is wrong.
 */
export function parseDecisions(decisionsText: string | undefined, mappingText?: string): { decisions: Map<string, ImportDecision>; fieldOf: (key: string) => string } {
  const decisions = new Map<string, ImportDecision>();
  const origin = new Map<string, string>();
  for (const [field, text] of [
    ['mapping', mappingText],
    ['decisions', decisionsText],
  ] as const) {
    if (text === undefined || text.trim() === '') continue;
    const example = field === 'mapping' ? MAPPING_EXAMPLE : DECISIONS_EXAMPLE;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw invalidField(field, `${field} must be JSON like ${example}`);
    }
    addDecisions(field, value, decisions, origin);
  }
  return { decisions, fieldOf: (key) => `${origin.get(key) ?? 'decisions'}.${key}` };
}

/** The `decisions` object of a JSON body (the live draft's confirm) as the same map; 400 naming what is wrong. */
export function bodyDecisions(value: ResultImportDecisions | undefined): { decisions: Map<string, ImportDecision>; fieldOf: (key: string) => string } {
  const decisions = new Map<string, ImportDecision>();
  if (value !== undefined) addDecisions('decisions', value, decisions, new Map());
  return { decisions, fieldOf: (key) => `decisions.${key}` };
}

/** Checks one decisions (or mapping) object and adds its entries, remembering the field each came from. */
function addDecisions(field: 'mapping' | 'decisions', value: unknown, decisions: Map<string, ImportDecision>, origin: Map<string, string>): void {
  const example = field === 'mapping' ? MAPPING_EXAMPLE : DECISIONS_EXAMPLE;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidField(field, `${field} must be a JSON object like ${example}`);
  for (const [key, decision] of Object.entries(value)) {
    const keyPattern = field === 'mapping' ? /^(0|[1-9]\d{0,3})$/ : /^(0|[1-9]\d{0,3})(\.[1-9]\d{0,2})?$/;
    if (!keyPattern.test(key)) {
      throw invalidField(
        `${field}.${key}`,
        field === 'mapping'
          ? 'each key of mapping must be a line index of the file (0, 1, 2 …)'
          : 'each key of decisions must be a driver of the file ("3", or "3.1" for a co-driver)',
      );
    }
    const isProfile = Number.isInteger(decision) && (decision as number) >= 1;
    if (field === 'mapping' ? !isProfile : !isProfile && decision !== 'GUEST' && decision !== 'SKIP') {
      throw invalidField(
        `${field}.${key}`,
        field === 'mapping' ? 'each value of mapping must be a driver profile id' : 'each decision is a driver profile id, "GUEST" or "SKIP"',
      );
    }
    decisions.set(key, decision as ImportDecision);
    origin.set(key, field);
  }
}

/** A profile as the matching knows it: its platform ids, and the name a game server most likely shows. */
function toCandidate(profile: MatchedProfile): DriverCandidate {
  return {
    profileId: profile.id,
    driverName: profile.steamUsername ?? profile.alternativeName ?? profile.name ?? '',
    steamId: profile.steamId,
    xboxGamertag: profile.xboxUsername,
    psnId: profile.psnName,
  };
}
