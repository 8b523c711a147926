import type { AreaPages } from './areaProps.js';
import { lazyPage, plainPage } from './lazyPage.js';

/** The steward screens. */
export const STEWARD_PAGES: AreaPages = {
  'Steward-Tickets': plainPage(() => import('../../features/stewarding/components/TicketQueuePage.js')),
  'Steward-Ticket': plainPage(() => import('../../features/stewarding/components/TicketPage.js')),
  'Steward-RivalTimes': lazyPage(() => import('../../features/rivals/components/ProvisionalTimesPage.js')),
};
