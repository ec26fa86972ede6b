import { layoutOf } from './layoutRules';
import type { ModuleName, RouteEntry } from './types';

/** What a catalogue row may say besides its path, name, title and key. */
export interface Options {
  keepAlive?: boolean;
  redirect?: string;
  fullscreen?: boolean;
  dataView?: boolean;
  public?: boolean;
}

/** `[path, name, title, perm?, options?]`; a missing perm inherits the group's. */
export type Row = [
  path: string,
  name: string,
  title: string,
  perm?: string | null | undefined,
  options?: Options,
];

/** The entries of one catalogue group: rows of a module under a menu key and a permission key. */
export function group(
  module: ModuleName,
  menu: string | null,
  perm: string | null,
  rows: Row[],
): RouteEntry[] {
  return rows.map(([path, name, title, ownPerm, options = {}]) => {
    const entry: RouteEntry = {
      path,
      name,
      perm: ownPerm === undefined ? perm : ownPerm,
      title,
      keepAlive: options.keepAlive ?? false,
      module,
      menu,
      public: options.public ?? false,
      layout: layoutOf(path, name, {
        ...(options.fullscreen !== undefined && { fullscreen: options.fullscreen }),
        ...(options.dataView !== undefined && { dataView: options.dataView }),
      }),
    };
    if (options.redirect) entry.redirect = options.redirect;
    return entry;
  });
}

export const keep = { keepAlive: true } as const;
export const full = { fullscreen: true } as const;
