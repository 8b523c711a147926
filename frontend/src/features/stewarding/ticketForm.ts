/**
 * The filing form, the statement form and the appeal form as typed: their checks (worded beside each
 * field) and what they send. A refused save is sorted onto the fields by useApiForm.
 */
import type { LiveIncident } from '@paddock/contracts/timing.js';
import type { EvidenceLink, TicketRequest } from './types.js';

export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 4000;
export const STATEMENT_MAX = 4000;

/** In-race time: "23:41", "23:41.2" or "1:02:03.456". */
const RACE_TIME = /^(\d{1,2}:)?\d{1,2}:[0-5]\d(\.\d{1,3})?$/;
/** A moment in a video: "12:34" or "1:02:03". */
const VIDEO_TIME = /^(\d{1,2}:)?\d{1,2}:[0-5]\d$/;

export interface EvidenceRow {
  url: string;
  time: string;
}

export interface TicketFormValues {
  accusedProfileIds: number[];
  lap: string;
  raceTime: string;
  videoTimestamp: string;
  corner: string;
  description: string;
  evidence: EvidenceRow[];
}

export type TicketField = 'accusedProfileIds' | 'lap' | 'raceTime' | 'videoTimestamp' | 'corner' | 'description' | `evidence.${number}.url` | `evidence.${number}.time`;
export type FieldMessages = Partial<Record<string, string>>;

export const EMPTY_TICKET_FORM: TicketFormValues = { accusedProfileIds: [], lap: '', raceTime: '', videoTimestamp: '', corner: '', description: '', evidence: [] };

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Checks of the evidence rows (`evidence.{i}.url` / `.time`); empty rows are left out when sent. */
export function checkEvidence(rows: EvidenceRow[]): FieldMessages {
  const messages: FieldMessages = {};
  rows.forEach((row, index) => {
    const url = row.url.trim();
    const time = row.time.trim();
    if (!url && !time) return;
    if (!url) messages[`evidence.${index}.url`] = 'Add the link, or remove this row.';
    else if (!isHttpUrl(url)) messages[`evidence.${index}.url`] = 'A web address starting with http:// or https://.';
    if (time && !VIDEO_TIME.test(time)) messages[`evidence.${index}.time`] = 'As mm:ss or h:mm:ss, e.g. 12:34.';
  });
  return messages;
}

export function evidenceOf(rows: EvidenceRow[]): EvidenceLink[] {
  return rows.filter((row) => row.url.trim()).map((row) => ({ url: row.url.trim(), time: row.time.trim() || null }));
}

/** Every problem of a filing's values, by field; empty when it may be sent (the form asks for the required ones first). */
export function checkTicket(values: TicketFormValues): FieldMessages {
  const messages: FieldMessages = { ...checkEvidence(values.evidence) };
  const lap = values.lap.trim();
  if (lap && !(/^\d{1,3}$/.test(lap) && Number(lap) >= 1)) messages.lap = 'A lap number from 1.';
  if (values.raceTime.trim() && !RACE_TIME.test(values.raceTime.trim())) messages.raceTime = 'As mm:ss(.s) or h:mm:ss, e.g. 23:41.2.';
  if (values.videoTimestamp.trim() && !VIDEO_TIME.test(values.videoTimestamp.trim())) messages.videoTimestamp = 'As mm:ss or h:mm:ss, e.g. 1:02:03.';
  if (values.corner.trim().length > 100) messages.corner = 'At most 100 characters.';
  const description = values.description.trim();
  if (description.length < DESCRIPTION_MIN) messages.description = `Describe what happened in at least ${DESCRIPTION_MIN} characters.`;
  else if (description.length > DESCRIPTION_MAX) messages.description = `At most ${DESCRIPTION_MAX} characters.`;
  return messages;
}

export function ticketRequestOf(raceId: number, values: TicketFormValues): TicketRequest {
  const text = (value: string) => value.trim() || null;
  return {
    raceId,
    accusedProfileIds: values.accusedProfileIds,
    lap: values.lap.trim() ? Number(values.lap.trim()) : null,
    raceTime: text(values.raceTime),
    videoTimestamp: text(values.videoTimestamp),
    corner: text(values.corner),
    description: values.description.trim(),
    evidence: evidenceOf(values.evidence),
  };
}

const INCIDENT_KIND_TEXT: Record<LiveIncident['kind'], string> = {
  CAR_CONTACT: 'Contact between cars',
  ENVIRONMENT_CONTACT: 'Contact with the track surroundings',
  ACCIDENT: 'Accident',
};

/** A car of an incident as stewards read it: "#7 Speedy", or the name alone without a number. */
export function incidentCarText(car: LiveIncident['cars'][number]): string {
  return car.raceNumber === null ? car.driverName : `#${car.raceNumber} ${car.driverName}`;
}

export function incidentKindText(kind: LiveIncident['kind']): string {
  return INCIDENT_KIND_TEXT[kind];
}

/** Time since the session started as the form's "time in race" takes it: "23:41.2", or "1:02:03.4" past an hour. */
export function raceTimeText(elapsedMs: number): string {
  const tenths = Math.floor(Math.max(0, elapsedMs) / 100);
  const hours = Math.floor(tenths / 36_000);
  const minutes = Math.floor((tenths % 36_000) / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  const two = (value: number) => String(value).padStart(2, '0');
  const clock = hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
  return `${clock}.${tenths % 10}`;
}

/**
 * The filing form pre-filled from an incident the timing reported: the matched drivers (but the filer, who
 * cannot name themselves), the lap, the time and what happened.
 */
export function incidentTicketForm(incident: LiveIncident, filerProfileId: number | null): TicketFormValues {
  const cars = incident.cars.map(incidentCarText).join(', ');
  const speed = incident.speedKmh === null ? '' : ` at ${Math.round(incident.speedKmh)} km/h`;
  return {
    ...EMPTY_TICKET_FORM,
    accusedProfileIds: [...new Set(incident.cars.flatMap((car) => (car.profileId === null || car.profileId === filerProfileId ? [] : [car.profileId])))],
    lap: incident.lap !== null && incident.lap >= 1 ? String(incident.lap) : '',
    raceTime: raceTimeText(incident.elapsedMs),
    description: `${incidentKindText(incident.kind)}${cars ? ` involving ${cars}` : ''}${speed}, reported by the live timing.`,
  };
}
