import { AreaPage } from './AreaPage.js';
import type { AreaPages, AreaProps } from './areaProps.js';

const PAGES: AreaPages = {};

/** The organizer screens, loaded as their own chunk only when one is opened. */
export default function OrganizerArea({ route }: AreaProps) {
  return <AreaPage route={route} pages={PAGES} />;
}
