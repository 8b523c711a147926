import HomePage from '../../features/home/HomePage.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { AreaPage } from './AreaPage.js';
import type { AreaPages, AreaProps } from './areaProps.js';

const PAGES: AreaPages = { Home: HomePage, '404': NotFoundPage };

/** Screens every visitor may see (SPEC §4), loaded as one chunk. */
export default function PublicArea({ route }: AreaProps) {
  return <AreaPage route={route} pages={PAGES} />;
}
