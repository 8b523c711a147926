import type { ComponentType } from 'react';
import type { RouteDef } from '../routes/routeTable.js';

export interface AreaProps {
  route: RouteDef;
}

/** The screens an area already has, by route name; the rest show 'Coming soon'. */
export type AreaPages = Partial<Record<string, ComponentType>>;
