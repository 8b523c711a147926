import type { EntityManager } from '@mikro-orm/postgresql';
import { INCOMPLETE_PROFILE } from '../../contracts/driver-name.js';
import type { LicenceDto, StewardingSettingsDto, TicketOutcome } from '../../contracts/stewarding.js';
import { DEFAULT_STEWARDING_SETTINGS } from '../../contracts/stewarding.js';
import { eventsAfter, eventsStartedBetween, type EventRef } from '../events/index.js';
import { LicenceEntry, RaceBan, type Ticket } from './stewarding.entities.js';

/** The driver's licence points that have not expired (each entry expires after its number of league events). */
export async function activePoints(em: EntityManager, profileId: number, exceptTicket?: number): Promise<number> {
  const entries = await em.find(LicenceEntry, { profile: profileId, ...(exceptTicket ? { ticket: { $ne: exceptTicket } } : {}) }, { populate: ['event'] });
  let total = 0;
  for (const entry of entries) if ((await eventsStartedBetween(em, entry.event.startsAt)) < entry.expiryEvents) total += entry.points;
  return total;
}

/**
 * Rewrites the ticket's licence points and bans from its standing outcomes (replacing what an earlier
 * decision gave), and bans a driver whose active points reach the threshold with this ticket. A race ban
 * covers the next events of the ticket's season after its incident; reaching the threshold, the league's
 * next events. Returns the audit details of the bans made, naming drivers by `driverNames`.
 */
export async function rewriteLedger(
  em: EntityManager,
  ticket: Ticket,
  outcomes: readonly TicketOutcome[],
  settings: StewardingSettingsDto,
  driverNames: ReadonlyMap<number, string>,
): Promise<string[]> {
  await em.nativeDelete(LicenceEntry, { ticket: ticket.id });
  await em.nativeDelete(RaceBan, { ticket: ticket.id });
  const notes: string[] = [];
  const banned = new Set<string>();
  const ban = (profileId: number, event: EventRef, reason: string) => {
    const key = `${profileId}:${event.id}`;
    if (banned.has(key)) return;
    banned.add(key);
    em.create(RaceBan, { ticket, profile: profileId, event: event.id, reason });
  };
  const nameOf = (profileId: number) => driverNames.get(profileId) ?? INCOMPLETE_PROFILE;
  for (const outcome of outcomes) {
    const amount = outcome.amount ?? 0;
    if (outcome.kind === 'RACE_BAN') {
      const events = await eventsAfter(em, ticket.event.startsAt, amount, ticket.season.id);
      for (const event of events) ban(outcome.profileId, event, `Race ban from ticket #${ticket.id}`);
      notes.push(`${nameOf(outcome.profileId)} banned from ${events.length} event(s): ${events.map((event) => event.name).join(', ') || 'none left in the season'}`);
    }
    if (outcome.kind === 'LICENCE_POINTS') {
      const before = await activePoints(em, outcome.profileId, ticket.id);
      em.create(LicenceEntry, {
        ticket,
        profile: outcome.profileId,
        points: amount,
        event: ticket.event,
        expiryEvents: settings.licenceExpiryEvents,
      });
      const after = before + amount;
      if (before < settings.licenceBanThreshold && after >= settings.licenceBanThreshold) {
        const events = await eventsAfter(em, new Date(), settings.licenceBanEvents);
        for (const event of events) ban(outcome.profileId, event, `${after} licence points reached (ban at ${settings.licenceBanThreshold})`);
        notes.push(`${nameOf(outcome.profileId)} reached ${after} licence points: banned from ${events.map((event) => event.name).join(', ') || 'no upcoming event'}`);
      }
    }
  }
  await em.flush();
  return notes;
}

/** Why the driver may not sign up for the event (a ban covers it), or null. */
export async function banReason(em: EntityManager, profileId: number, eventId: number): Promise<string | null> {
  const found = await em.findOne(RaceBan, { profile: profileId, event: eventId }, { orderBy: { id: 'asc' } });
  return found ? `You are banned from this event: ${found.reason}` : null;
}

/** The driver's ledger: entries with their expiry, and the bans of events not yet raced. */
export async function licenceOf(em: EntityManager, profileId: number): Promise<LicenceDto> {
  const [entries, bans, latestSettings] = await Promise.all([
    em.find(LicenceEntry, { profile: profileId }, { populate: ['event'], orderBy: { id: 'desc' } }),
    em.find(RaceBan, { profile: profileId, event: { startsAt: { $gt: new Date() } } }, { populate: ['event'], orderBy: { event: { startsAt: 'asc' } } }),
    em.getConnection().execute<{ licence_ban_threshold: number }[]>(
      `select s.licence_ban_threshold from season_stewarding_settings s join tickets t on t.season_id = s.season_id
       join ticket_parties p on p.ticket_id = t.id where p.profile_id = ? order by t.id desc limit 1`,
      [profileId],
    ),
  ]);
  let activePoints = 0;
  const entryDtos = [];
  for (const entry of entries) {
    const aged = await eventsStartedBetween(em, entry.event.startsAt);
    const eventsLeft = Math.max(0, entry.expiryEvents - aged);
    if (eventsLeft > 0) activePoints += entry.points;
    entryDtos.push({
      ticketId: entry.ticket.id,
      points: entry.points,
      event: { id: entry.event.id, name: entry.event.name, date: entry.event.startsAt.toISOString() },
      createdAt: entry.createdAt.toISOString(),
      eventsLeft,
      expired: eventsLeft === 0,
    });
  }
  const byTicket = new Map<string, LicenceDto['bans'][number]>();
  for (const ban of bans) {
    const key = `${ban.ticket.id}:${ban.reason}`;
    const dto = byTicket.get(key) ?? { id: ban.id, ticketId: ban.ticket.id, reason: ban.reason, events: [] };
    dto.events.push({ id: ban.event.id, name: ban.event.name, date: ban.event.startsAt.toISOString() });
    byTicket.set(key, dto);
  }
  return {
    profileId,
    activePoints,
    banThreshold: latestSettings[0]?.licence_ban_threshold ?? DEFAULT_STEWARDING_SETTINGS.licenceBanThreshold,
    entries: entryDtos,
    bans: [...byTicket.values()],
  };
}
