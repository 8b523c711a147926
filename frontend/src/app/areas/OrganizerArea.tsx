import { lazy } from 'react';
import { OrganizerEventPage } from '../../features/events/organizer/OrganizerEventPage.js';
import { OrganizerEventsPage } from '../../features/events/organizer/OrganizerEventsPage.js';
import { AreaPage } from './AreaPage.js';
import type { AreaPages, AreaProps } from './areaProps.js';

const PAGES: AreaPages = {
  'Organize-QuickEvents': () => <OrganizerEventsPage kind="individual" />,
  'Organize-QuickEvent': () => <OrganizerEventPage kind="individual" />,
  'Organize-Assessments': () => <OrganizerEventsPage kind="assessment" />,
  'Organize-Assessment': () => <OrganizerEventPage kind="assessment" />,
  // Seasons come with competitions; until then an event's team entries are also on its organizer page.
  'Organize-Season-Event-Teams': lazy(() => import('../../features/events/organizer/TeamEntriesPage.js')),
};

/** The organizer screens, loaded as their own chunk only when one is opened. */
export default function OrganizerArea({ route }: AreaProps) {
  return <AreaPage route={route} pages={PAGES} />;
}
