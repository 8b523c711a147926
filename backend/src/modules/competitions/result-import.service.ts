import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable } from '@nestjs/common';
import type { Principal } from '../../common/principal.js';
import { invalidField } from '../../common/validation.js';
import type { RaceResultLine, ResultImportDto } from '../../contracts/competitions.js';
import { DriverProfile } from '../profiles/driver-profile.entity.js';
import { type DriverCandidate, type ImportedClassification, matchDrivers, parseResultFile, ResultFileError } from './result-import/index.js';
import { ResultsService, type RaceRef } from './results.service.js';

/** The uploaded result file, as multer hands it over (memory storage). */
export interface UploadedResultFile {
  originalname: string;
  buffer: Buffer;
}

/** A file name fit for a note: no control characters, no lone surrogates (the `u` flag matches only unpaired ones). */
const cleanName = (name: string) => name.replace(/\p{Cc}|[\uD800-\uDFFF]/gu, '').trim() || 'a file';

/**
 * Imports a game server's result file into a race: parsed whole (or refused whole with why), its
 * drivers matched to profiles by platform id then name, lines the organizer mapped by hand taken as
 * given. Saved as a new revision only when every line has its driver; otherwise nothing is written
 * and the unmatched lines are answered, to be sent again with a mapping.
 */
@Injectable()
export class ResultImportService {
  constructor(
    private readonly em: EntityManager,
    private readonly results: ResultsService,
  ) {}

  async import(ref: RaceRef, file: UploadedResultFile | undefined, mappingText: string | undefined, principal: Principal): Promise<ResultImportDto> {
    if (!file) throw invalidField('file', 'file is required: the server’s result file (ACC or Assetto Corsa JSON, rFactor 2 XML) as the multipart field "file"');
    const mapping = parseMapping(mappingText);
    const classification = this.parse(file);
    const lines = classification.lines;
    for (const index of mapping.keys()) {
      if (index >= lines.length) throw invalidField(`mapping.${index}`, `the file has no line ${index}: its lines are 0 to ${lines.length - 1}`);
    }

    const saved = await this.em.transactional(async (em) => {
      const { season } = await this.results.findRace(em, ref, principal);
      const profiles = await em.find(DriverProfile, {}, { fields: ['id', 'name', 'alternativeName', 'steamUsername', 'steamId', 'xboxUsername', 'psnName'] });
      const known = new Set(profiles.map((profile) => profile.id));
      for (const [index, profileId] of mapping) if (!known.has(profileId)) throw invalidField(`mapping.${index}`, `driver profile ${profileId} does not exist`);

      // Lines the organizer mapped are theirs; the other lines are matched among the other profiles.
      const mapped = new Set(mapping.values());
      const indexed = lines.map((line, index) => ({ ...line, index }));
      const { matched, unmatched } = matchDrivers(
        indexed.filter((line) => !mapping.has(line.index)),
        profiles.filter((profile) => !mapped.has(profile.id)).map(toCandidate),
      );
      if (unmatched.length) {
        return {
          saved: false as const,
          unmatched: unmatched.map((line) => ({
            line: line.index,
            position: line.position,
            name: line.driver.name,
            platformId: line.driver.platformId,
            raceNumber: line.driver.raceNumber,
            teamName: line.driver.teamName,
          })),
        };
      }
      const profileOf = new Map([...matched.map(({ line, profileId }) => [line.index, profileId] as const), ...mapping]);
      const entered: RaceResultLine[] = lines.map((line, index) => ({
        profileId: profileOf.get(index)!,
        position: line.position,
        status: line.status,
        laps: line.laps,
        totalTimeMs: line.totalTimeMs,
        bestLapMs: line.bestLapMs,
        pole: false,
        fastestLap: line.fastestLap,
      }));
      await this.results.writeRevision(em, season, ref, entered, principal, `imported from ${cleanName(file.originalname)}`, (index, field) =>
        mapping.has(index) ? `mapping.${index}` : `lines.${index}${field ? `.${field}` : ''}`,
      );
      return { saved: true as const };
    });
    if (!saved.saved) return { results: null, unmatched: saved.unmatched };
    return { results: await this.results.latest(ref, principal), unmatched: [] };
  }

  /** The file's classification of a race; 400 saying what is wrong with any other file. */
  private parse(file: UploadedResultFile): ImportedClassification {
    let classification: ImportedClassification;
    try {
      classification = parseResultFile(file.buffer, file.originalname);
    } catch (error) {
      if (error instanceof ResultFileError) throw new BadRequestException({ message: error.message, errors: { file: [error.message] } });
      throw error;
    }
    if (classification.session !== 'RACE') {
      const message = 'The file holds a qualifying session: import the race’s result file';
      throw new BadRequestException({ message, errors: { file: [message] } });
    }
    return classification;
  }
}

/** `{"<line index>": <profile id>}` from the `mapping` text field; 400 naming what is wrong. */
export function parseMapping(text: string | undefined): Map<number, number> {
  if (text === undefined || text.trim() === '') return new Map();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidField('mapping', 'mapping must be JSON like {"3": 12}: a line of the file → a driver profile id');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidField('mapping', 'mapping must be a JSON object like {"3": 12}: a line of the file → a driver profile id');
  }
  const mapping = new Map<number, number>();
  for (const [key, profileId] of Object.entries(value)) {
    if (!/^(0|[1-9]\d{0,3})$/.test(key)) throw invalidField(`mapping.${key}`, 'each key of mapping must be a line index of the file (0, 1, 2 …)');
    if (!Number.isInteger(profileId) || (profileId as number) < 1) throw invalidField(`mapping.${key}`, 'each value of mapping must be a driver profile id');
    mapping.set(Number(key), profileId as number);
  }
  return mapping;
}

/** A profile as the matching knows it: its platform ids, and the name a game server most likely shows. */
function toCandidate(profile: Pick<DriverProfile, 'id' | 'name' | 'alternativeName' | 'steamUsername' | 'steamId' | 'xboxUsername' | 'psnName'>): DriverCandidate {
  return {
    profileId: profile.id,
    driverName: profile.steamUsername ?? profile.alternativeName ?? profile.name ?? '',
    steamId: profile.steamId,
    xboxGamertag: profile.xboxUsername,
    psnId: profile.psnName,
  };
}
