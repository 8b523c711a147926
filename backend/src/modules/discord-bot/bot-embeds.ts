import type { RaceResultDto, StandingsDto } from '../../contracts/competitions.js';
import type { EventDto } from '../../contracts/events.js';
import type { PublicProfileDto, StatsSummaryDto } from '../../contracts/profiles.js';
import { gapText, lapTimeText, type RivalBoardDto } from '../../contracts/rivals.js';
import { EPHEMERAL, type DiscordEmbed, type DiscordMessage } from '../../infra/discord/interactions.js';
import { eventLink, trackNames } from '../events/index.js';

/** The league's colour on every embed. */
export const EMBED_COLOUR = 0xe10600;
/** How many rows a standings, results or board embed lists. */
export const TOP_ROWS = 10;

/** A time Discord shows in each reader's own time zone, with how far off it is. */
export function discordTime(iso: string): string {
  const unix = Math.floor(new Date(iso).getTime() / 1000);
  return `<t:${unix}:F> (<t:${unix}:R>)`;
}

export function message(embeds: DiscordEmbed[], options: { ephemeral?: boolean; content?: string } = {}): DiscordMessage {
  return {
    ...(options.content ? { content: options.content } : {}),
    embeds,
    ...(options.ephemeral ? { flags: EPHEMERAL } : {}),
    allowed_mentions: { parse: [] },
  };
}

/** A plain answer only the caller sees (nothing found, not linked, a failure). */
export function notice(text: string): DiscordMessage {
  return { content: text, flags: EPHEMERAL, allowed_mentions: { parse: [] } };
}

/** The Series details page of a season. */
export const seasonLink = (publicUrl: string, competitionId: number, seasonId: number) => `${publicUrl}/events/competitions/current/${competitionId}/season/${seasonId}`;

/** Discord refuses an embed description over 4096 characters. */
const clip = (text: string) => (text.length > 4000 ? `${text.slice(0, 3999)}…` : text);

export function eventEmbed(event: EventDto, publicUrl: string, title = event.name): DiscordEmbed {
  return {
    title,
    url: eventLink(publicUrl, event),
    description: clip([discordTime(event.date), ...trackNames(event).map((track) => `• ${track}`)].join('\n')),
    timestamp: event.date,
    color: EMBED_COLOUR,
    fields: [
      { name: 'Game', value: event.game.name, inline: true },
      { name: 'Platforms', value: event.platforms.join(', '), inline: true },
      { name: 'Seats left', value: `${event.seatsLeft} of ${event.seats}`, inline: true },
    ],
  };
}

export function myRacesEmbed(events: EventDto[], publicUrl: string): DiscordEmbed {
  return {
    title: 'Your next races',
    url: `${publicUrl}/events`,
    description: clip(
      events.map((event) => `**[${event.name}](${eventLink(publicUrl, event)})** — ${discordTime(event.date)}\n${trackNames(event).join(' · ')}`).join('\n\n'),
    ),
    color: EMBED_COLOUR,
  };
}

export function standingsEmbed(series: { id: number; name: string }, season: { id: number; name: string }, standings: StandingsDto, publicUrl: string): DiscordEmbed {
  const rows = standings.drivers
    .slice(0, TOP_ROWS)
    .map((driver) => `**${driver.position}.** ${driver.profile.driverName}${driver.team ? ` (${driver.team.name})` : ''} — ${driver.points} pts`);
  return {
    title: `${series.name} — ${season.name}`,
    url: seasonLink(publicUrl, series.id, season.id),
    description: rows.length ? clip(rows.join('\n')) : 'No results yet this season.',
    color: EMBED_COLOUR,
    ...(standings.drivers.length > TOP_ROWS ? { footer: { text: `Top ${TOP_ROWS} of ${standings.drivers.length} drivers` } } : {}),
  };
}

const PLATFORM_LABEL: Record<string, string> = { PC: 'PC', XBOX: 'Xbox', PLAYSTATION: 'PlayStation' };

export function rivalsEmbed(board: RivalBoardDto, publicUrl: string): DiscordEmbed {
  const rows = board.content.map(
    (entry) =>
      `**${entry.position}.** ${entry.profile.name} — ${entry.timeAsText}${entry.gapAsText ? ` (${entry.gapAsText})` : ''} · ${entry.car.name}${board.platform ? '' : ` · ${PLATFORM_LABEL[entry.platform]}`}${entry.provisional ? ' · provisional' : ''}`,
  );
  return {
    title: `Rivals: ${board.track.trackName} – ${board.track.name}`,
    url: `${publicUrl}/rivals`,
    description: rows.length ? clip(rows.join('\n')) : 'No times on this board yet.',
    color: EMBED_COLOUR,
    fields: [
      { name: 'Game', value: board.game.name, inline: true },
      { name: 'Platform', value: board.platform ? PLATFORM_LABEL[board.platform] : 'All', inline: true },
    ],
  };
}

export function driverEmbed(profile: PublicProfileDto, stats: StatsSummaryDto | null, publicUrl: string): DiscordEmbed {
  const embed: DiscordEmbed = { title: profile.driverName, url: `${publicUrl}/grid/driver/${profile.id}`, color: EMBED_COLOUR };
  if (profile.hidden || !stats) return { ...embed, description: 'This driver keeps their profile private.' };
  return {
    ...embed,
    description: [profile.country, profile.platforms.map((platform) => PLATFORM_LABEL[platform]).join(', ')].filter(Boolean).join(' · ') || undefined,
    fields: [
      { name: 'Starts', value: String(stats.starts), inline: true },
      { name: 'Wins', value: String(stats.wins), inline: true },
      { name: 'Podiums', value: String(stats.podiums), inline: true },
      { name: 'Poles', value: String(stats.poles), inline: true },
      { name: 'Fastest laps', value: String(stats.fastestLaps), inline: true },
      { name: 'Points', value: String(stats.points), inline: true },
    ],
  };
}

/** A line's result as the results table reads: the winner's time, a finisher's gap or laps down, or why not classified. */
function lineResult(line: RaceResultDto, winner: RaceResultDto | undefined): string {
  if (line.status !== 'FINISHED') return line.status;
  if (!winner || line === winner) return line.totalTimeMs === null ? `${line.laps} laps` : lapTimeText(line.totalTimeMs);
  if (line.laps < winner.laps) return `+${winner.laps - line.laps} lap${winner.laps - line.laps > 1 ? 's' : ''}`;
  return line.totalTimeMs !== null && winner.totalTimeMs !== null ? gapText(line.totalTimeMs - winner.totalTimeMs) || '+0.000' : `${line.laps} laps`;
}

/**
 * The channel post of a race's results: the top of the classification. Without points, which the
 * worker's standings recompute sets in parallel with this post.
 */
export function resultsEmbed(
  round: { competitionId: number; seasonId: number; eventId: number; eventName: string; round: number; competitionName: string; trackName: string | null; date: string },
  results: RaceResultDto[],
  publicUrl: string,
): DiscordEmbed {
  const winner = results.find((line) => line.position === 1 && line.status === 'FINISHED');
  const rows = results
    .slice(0, TOP_ROWS)
    .map(
      (line) =>
        `**${line.status === 'FINISHED' ? line.position : '–'}.** ${line.driverName}${line.teamName ? ` (${line.teamName})` : ''} — ${lineResult(line, winner)}${line.fastestLap ? ' · fastest lap' : ''}`,
    );
  return {
    title: `Results: ${round.competitionName} round ${round.round} — ${round.eventName}`,
    url: `${seasonLink(publicUrl, round.competitionId, round.seasonId)}#${round.eventId}`,
    description: clip([round.trackName, ...rows].filter(Boolean).join('\n')),
    timestamp: round.date,
    color: EMBED_COLOUR,
    ...(results.length > TOP_ROWS ? { footer: { text: `Top ${TOP_ROWS} of ${results.length}` } } : {}),
  };
}

export function leaderEmbed(
  series: { competitionId: number; competitionName: string; seasonId: number; seasonName: string },
  leader: { driverName: string; points: number },
  previous: string | null,
  publicUrl: string,
): DiscordEmbed {
  const name = leader.driverName;
  return {
    title: `New leader: ${series.competitionName} — ${series.seasonName}`,
    url: seasonLink(publicUrl, series.competitionId, series.seasonId),
    description: previous ? `**${name}** takes the lead from ${previous}, on ${leader.points} pts.` : `**${name}** leads the season on ${leader.points} pts.`,
    color: EMBED_COLOUR,
  };
}

/** A notification of the centre, sent to its user as a direct message: its text, and a link back to the page it is about. */
export function notificationEmbed(notification: { title: string; body: string; link: string }, publicUrl: string): DiscordEmbed {
  const sitePath = notification.link.startsWith('/') && !notification.link.startsWith('//') ? notification.link : '/notifications';
  return { title: notification.title.slice(0, 256), description: clip(notification.body), url: `${publicUrl}${sitePath}`, color: EMBED_COLOUR };
}
