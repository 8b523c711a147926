import type { AreaPages } from './areaProps.js';
import { lazyPage, plainPage } from './lazyPage.js';

/** The organizer screens. */
export const ORGANIZER_PAGES: AreaPages = {
  'Organize-QuickEvents': lazyPage(
    () => import('../../features/events/organizer/OrganizerEventsPage.js'),
    (m) => <m.OrganizerEventsPage kind="individual" />,
  ),
  'Organize-QuickEvent': lazyPage(
    () => import('../../features/events/organizer/OrganizerEventPage.js'),
    (m) => <m.OrganizerEventPage kind="individual" />,
  ),
  'Organize-Assessments': lazyPage(
    () => import('../../features/events/organizer/OrganizerEventsPage.js'),
    (m) => <m.OrganizerEventsPage kind="assessment" />,
  ),
  'Organize-Assessment': lazyPage(
    () => import('../../features/events/organizer/OrganizerEventPage.js'),
    (m) => <m.OrganizerEventPage kind="assessment" />,
  ),
  // A round's team line-ups (per race) are the events feature's screen; the competitions feature links to it.
  'Organize-Season-Event-Teams': lazyPage(() => import('../../features/events/organizer/TeamEntriesPage.js')),
  'Organize-CompetitionGroups': lazyPage(
    () => import('../../features/competitions/organizer/GroupPages.js'),
    (m) => <m.GroupsPage />,
  ),
  'Organize-CompetitionGroup': lazyPage(
    () => import('../../features/competitions/organizer/GroupPages.js'),
    (m) => <m.GroupPage />,
  ),
  'Organize-Competitions': lazyPage(
    () => import('../../features/competitions/organizer/CompetitionPages.js'),
    (m) => <m.CompetitionsPage />,
  ),
  'Organize-Competition': lazyPage(
    () => import('../../features/competitions/organizer/CompetitionPages.js'),
    (m) => <m.CompetitionPage />,
  ),
  'Organize-Seasons': lazyPage(
    () => import('../../features/competitions/organizer/CompetitionPages.js'),
    (m) => <m.SeasonsPage />,
  ),
  'Organize-Season': lazyPage(
    () => import('../../features/competitions/organizer/SeasonPages.js'),
    (m) => <m.SeasonPage />,
  ),
  'Organize-Season-Event': lazyPage(
    () => import('../../features/competitions/organizer/SeasonPages.js'),
    (m) => <m.SeasonEventPage />,
  ),
  'Organize-Season-Event-Results': plainPage(() => import('../../features/competitions/organizer/ResultsPage.js')),
};
