import { matchRoutes } from 'react-router-dom';
import { routeCatalogue } from './routeCatalogue';
import type { RouteEntry } from './types';

/** A path that has catalogue routes under it but no page of its own, such as `/system/student`. */
export interface ParentPath {
  path: string;
  /** The catalogue routes under it, in catalogue order. */
  children: readonly RouteEntry[];
}

const paramsOf = (path: string): string[] =>
  path
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((s) => s.slice(1));

const matchable = routeCatalogue.map((entry) => ({ path: entry.path }));

/**
 * Every parent path of the catalogue (spec 001 §2) that is not a route itself: each proper
 * prefix of a guarded route's path that no catalogue route matches. Opening one of them opens
 * its first child the user may see (`ParentEntryPage`) instead of 页面不存在.
 */
export const parentPaths: readonly ParentPath[] = /* @__PURE__ */ (() => {
  const own = new Set(routeCatalogue.map((r) => r.path));
  const out = new Map<string, RouteEntry[]>();
  for (const entry of routeCatalogue) {
    if (entry.public || entry.path.includes('*')) continue;
    const segments = entry.path.split('/').filter(Boolean);
    for (let n = 1; n < segments.length; n++) {
      const prefix = `/${segments.slice(0, n).join('/')}`;
      if (own.has(prefix)) continue;
      if (!out.has(prefix)) {
        // A prefix some route already matches (through its params) is that route's.
        const sample = prefix.replace(/:[^/]+/g, '1');
        if (matchRoutes(matchable, sample)) continue;
        out.set(prefix, []);
      }
      out.get(prefix)!.push(entry);
    }
  }
  return [...out].map(([path, children]) => ({ path, children }));
})();

/** The parameters a child needs beyond those its parent path carries. */
export function missingParams(parent: string, child: RouteEntry): string[] {
  const known = new Set(paramsOf(parent));
  return paramsOf(child.path).filter((p) => !known.has(p));
}
