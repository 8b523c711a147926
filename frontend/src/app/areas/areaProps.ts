import type { ComponentType } from 'react';
import type { RouteDef, RouteName } from '../routes/routeTable.js';

export interface AreaProps {
  route: RouteDef;
}

/** The screens an area already has, by route name (a misspelt name does not compile); the rest show 'Coming soon'. */
export type AreaPages = Partial<Record<RouteName, ComponentType>>;
