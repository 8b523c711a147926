import { pathTo } from '../../../app/routes/routeTable.js';
import type { EventKind } from '../api.js';

/** The organizer screen of one event; `new` opens an empty form. */
export function organizerEventPath(kind: EventKind, id: number | 'new'): string {
  return kind === 'assessment' ? pathTo('Organize-Assessment', { assessment: id }) : pathTo('Organize-QuickEvent', { event: id });
}

export function organizerEventsPath(kind: EventKind): string {
  return pathTo(kind === 'assessment' ? 'Organize-Assessments' : 'Organize-QuickEvents');
}
