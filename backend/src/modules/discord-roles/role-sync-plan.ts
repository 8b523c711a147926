import { createHash } from 'node:crypto';
import type { RoleSyncChange, RoleSyncMember, RoleSyncPlan, RoleSyncRemoval, SyncedRoleKind } from '../../contracts/discord-roles.js';

/** A league role as the server should show it: its name, colour and who holds it (Discord ids). */
export interface WantedRole {
  key: string;
  kind: SyncedRoleKind;
  name: string;
  /** `#rrggbb`, or null for none. */
  colour: string | null;
  holders: readonly string[];
}

/** What the server holds now (the fields the plan reads of Discord's answers). */
export interface GuildSnapshot {
  guildId: string;
  roles: readonly { id: string; name: string; color: number; managed: boolean }[];
  members: readonly { user: { id: string; username: string; global_name: string | null }; nick: string | null; roles: readonly string[] }[];
}

export interface StoredLink {
  key: string;
  discordRoleId: string;
  createdByLeague: boolean;
}

const KIND_ORDER: Record<SyncedRoleKind, number> = { crew: 0, licence: 1, team: 2 };

export const colourNumber = (colour: string | null): number => (colour ? parseInt(colour.slice(1), 16) : 0);

/**
 * What applying would change so that the server's roles follow the league's: for each league role
 * the Discord role it is linked to (else one of the same name nobody manages, adopted, else a new
 * one) and the members to add and remove; linked roles the league no longer has are deleted when the
 * league created them and otherwise released (left as they are). Members are matched by Discord id;
 * league members not on the server are listed, not planned. `leagueNames` names members (by Discord id).
 */
export function planRoleSync(
  wanted: readonly WantedRole[],
  guild: GuildSnapshot,
  links: readonly StoredLink[],
  leagueNames: ReadonlyMap<string, string>,
): Omit<RoleSyncPlan, 'computedAt'> {
  const onServer = new Map(guild.members.map((member) => [member.user.id, member]));
  const nameOf = (discordId: string): string => {
    const member = onServer.get(discordId);
    return leagueNames.get(discordId) ?? member?.nick ?? member?.user.global_name ?? member?.user.username ?? discordId;
  };
  const named = (ids: Iterable<string>): RoleSyncMember[] =>
    [...ids].map((discordId) => ({ discordId, name: nameOf(discordId) })).sort((a, b) => a.name.localeCompare(b.name) || a.discordId.localeCompare(b.discordId));
  const rolesById = new Map(guild.roles.map((role) => [role.id, role]));
  const linkOf = new Map(links.map((link) => [link.key, link]));
  const taken = new Set(links.filter((link) => rolesById.has(link.discordRoleId)).map((link) => link.discordRoleId));
  const holdersOf = (roleId: string) => new Set(guild.members.filter((member) => member.roles.includes(roleId)).map((member) => member.user.id));

  const changes: RoleSyncChange[] = [];
  const notOnServer = new Set<string>();
  const ordered = [...wanted].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name) || a.key.localeCompare(b.key));
  for (const role of ordered) {
    const link = linkOf.get(role.key);
    const linked = link ? rolesById.get(link.discordRoleId) : undefined;
    let action: RoleSyncChange['action'];
    let discordRoleId: string | null = null;
    if (linked && link) {
      discordRoleId = linked.id;
      // A role the league adopted keeps its own colour; one it created follows the league's.
      const recolour = link.createdByLeague && linked.color !== colourNumber(role.colour);
      action = linked.name !== role.name || recolour ? 'update' : 'keep';
    } else {
      const adoptable = guild.roles.find((candidate) => candidate.name === role.name && !candidate.managed && candidate.id !== guild.guildId && !taken.has(candidate.id));
      if (adoptable) {
        taken.add(adoptable.id);
        discordRoleId = adoptable.id;
        action = 'adopt';
      } else {
        action = 'create';
      }
    }
    const current = discordRoleId ? holdersOf(discordRoleId) : new Set<string>();
    const wantedHere = new Set(role.holders.filter((discordId) => onServer.has(discordId)));
    for (const discordId of role.holders) if (!onServer.has(discordId)) notOnServer.add(discordId);
    const add = named([...wantedHere].filter((discordId) => !current.has(discordId)));
    const remove = named([...current].filter((discordId) => !wantedHere.has(discordId)));
    if (action !== 'keep' || add.length || remove.length) {
      changes.push({ key: role.key, kind: role.kind, name: role.name, colour: role.colour, action, discordRoleId, add, remove });
    }
  }

  const wantedKeys = new Set(wanted.map((role) => role.key));
  const removals: RoleSyncRemoval[] = links
    .filter((link) => !wantedKeys.has(link.key))
    .map((link) => {
      const role = rolesById.get(link.discordRoleId);
      return { key: link.key, name: role?.name ?? link.key, discordRoleId: link.discordRoleId, action: role && link.createdByLeague ? 'delete' : 'release' } as const;
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key));

  const steps =
    changes.reduce((sum, change) => sum + (change.action === 'create' || change.action === 'update' ? 1 : 0) + change.add.length + change.remove.length, 0) +
    removals.filter((removal) => removal.action === 'delete').length;
  const version = createHash('sha256').update(JSON.stringify({ changes, removals })).digest('hex').slice(0, 16);
  return { version, inSync: changes.length === 0 && removals.length === 0, changes, removals, steps, notOnServer: named(notOnServer) };
}
