import { ComingSoonPage } from '../pages/ComingSoonPage.js';
import type { AreaPages, AreaProps } from './areaProps.js';

/** Renders a route's screen from its area, or the titled placeholder when it is not built yet. */
export function AreaPage({ route, pages }: AreaProps & { pages: AreaPages }) {
  const Page = pages[route.name];
  return Page ? <Page /> : <ComingSoonPage title={route.title} underConstruction={route.underConstruction} />;
}
