import type { Opt } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * Which Discord role stands for a league role (`team:<id>`, `crew:<ROLE>`, `licence:NEW`), and whether
 * the league created it (only those are ever deleted from the server).
 */
@Entity({ tableName: 'discord_role_links' })
export class DiscordRoleLink {
  @PrimaryKey({ type: 'string', length: 64 })
  key!: string;

  /** A Discord snowflake. */
  @Property({ type: 'string', length: 32, unique: true })
  discordRoleId!: string;

  @Property({ type: 'boolean' })
  createdByLeague!: boolean;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  linkedAt: Date & Opt = new Date();
}

/** The Discord roles module's tables. */
export const DISCORD_ROLES_ENTITIES = [DiscordRoleLink] as const;
