import { matchRoutes } from 'react-router-dom';
import { routeCatalogue } from './routeCatalogue';
import type { RouteEntry } from './types';

const matchable = routeCatalogue.map((entry) => ({ path: entry.path, entry }));

/**
 * The catalogue entry of a location path (the most specific match, as the
 * router ranks it), or `undefined` for an unknown path.
 */
export function findRoute(path: string): RouteEntry | undefined {
  const matches = matchRoutes(matchable, path);
  return matches?.[matches.length - 1]?.route.entry;
}
