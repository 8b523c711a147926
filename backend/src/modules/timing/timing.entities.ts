import type { Opt, Rel } from '@mikro-orm/core';
import { Check, Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { TimingGame } from '../../contracts/timing.js';
import { entityNamed } from '../../infra/database/entity-by-name.js';
import type { Race } from '../events/event.entities.js';

/**
 * Where a race's live timing comes from: a game server's UDP timing port. The passwords are the
 * server's secrets: they are read only by the worker that ingests the source, never answered.
 */
@Entity({ tableName: 'timing_sources' })
@Check({ name: 'timing_sources_game_known', expression: "game in ('ACC','AC')" })
@Check({ name: 'timing_sources_port_range', expression: 'port >= 1 and port <= 65535' })
@Check({ name: 'timing_sources_local_port_range', expression: 'local_port is null or (local_port >= 1 and local_port <= 65535)' })
export class TimingSource {
  @ManyToOne(entityNamed<Race>('Race'), { primary: true, deleteRule: 'cascade', updateRule: 'no action' })
  race!: Rel<Race>;

  @Property({ type: 'string', length: 8 })
  game!: TimingGame;

  @Property({ type: 'string', length: 255 })
  host!: string;

  @Property({ type: 'integer' })
  port!: number;

  /** AC: the port the worker listens on for the server's plugin messages. */
  @Property({ type: 'integer', nullable: true })
  localPort: number | null = null;

  @Property({ type: 'string', length: 128, nullable: true })
  password: string | null = null;

  /** ACC: lets the ingester send commands; without it the game registers us read-only. */
  @Property({ type: 'string', length: 128, nullable: true })
  commandPassword: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date & Opt = new Date();
}

export const TIMING_ENTITIES = [TimingSource];
