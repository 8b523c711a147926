import { AreaPage } from './AreaPage.js';
import type { AreaPages, AreaProps } from './areaProps.js';

const PAGES: AreaPages = {};

/** The steward screens, loaded as their own chunk only when one is opened. */
export default function StewardArea({ route }: AreaProps) {
  return <AreaPage route={route} pages={PAGES} />;
}
