import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { LiveResultDraft } from './competition.entities.js';
import type { ImportedClassification } from './result-import/index.js';

/**
 * The races' results drafted by live timing at the flag (issue #26): the worker stores a race's draft
 * once; the organizer reads it as an import preview and confirms it into a revision.
 */
@Injectable()
export class LiveDraftsService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Keeps the classification as the race's pending live draft. Only the first store counts (a worker
   * resuming the race after a takeover sees the flag again): true when this call wrote it.
   */
  async store(raceId: number, classification: ImportedClassification): Promise<boolean> {
    const written = await this.em
      .fork()
      .execute<{ race_id: number }[]>(
        'insert into live_result_drafts (race_id, classification, stored_at) values (?, ?::jsonb, now()) on conflict (race_id) do nothing returning race_id',
        [raceId, JSON.stringify(classification)],
      );
    return written.length > 0;
  }

  /** The race's pending live draft, or null. */
  async draftOf(raceId: number, em: EntityManager = this.em.fork()): Promise<ImportedClassification | null> {
    const draft = await em.findOne(LiveResultDraft, { race: raceId });
    return draft?.classification ?? null;
  }
}
