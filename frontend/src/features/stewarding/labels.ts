import type { ChipColour } from '../../components/ui/index.js';
import type { AuditAction, TicketListItemDto, TicketState } from './types.js';

export const STATE_LABELS: Record<TicketState, string> = {
  OPEN: 'Open',
  UNDER_REVIEW: 'Under review',
  DECIDED: 'Decided',
  APPEALED: 'Under appeal',
  CLOSED: 'Closed',
};

export const STATE_COLOURS: Record<TicketState, ChipColour> = {
  OPEN: 'primary',
  UNDER_REVIEW: 'info',
  DECIDED: 'success',
  APPEALED: 'error',
  CLOSED: 'default',
};

export const AUDIT_LABELS: Record<AuditAction, string> = {
  FILED: 'Filed',
  STATEMENT: 'Statement',
  MESSAGE: 'Thread message',
  VOTE: 'Vote',
  DECISION: 'Decision',
  APPEAL: 'Appeal',
  APPEAL_DECISION: 'Appeal decided',
  RESULTS_REVISION: 'Results revised',
  LICENCE_BAN: 'Licence ban',
};

/** "Thursday GT Cup · Round 3 at Spa · Race" */
export function raceText(ticket: Pick<TicketListItemDto, 'competition' | 'event' | 'race'>): string {
  const race = [ticket.race.trackName, raceTypeText(ticket.race.raceEventType)].filter(Boolean).join(' ');
  return [ticket.competition.name, ticket.event.name, race].filter(Boolean).join(' · ');
}

function raceTypeText(type: string): string {
  return type ? type.charAt(0) + type.slice(1).toLowerCase() : '';
}

/** "[ 7 ] - Kim vs [ 9 ] - Lou, [ 3 ] - Ali" */
export function partiesText(ticket: Pick<TicketListItemDto, 'filer' | 'accused'>): string {
  return `${ticket.filer.driverName} vs ${ticket.accused.map((party) => party.driverName).join(', ')}`;
}
