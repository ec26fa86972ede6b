import { PUBLIC_PATHS } from './constants';

/** Whether a path is open without a session: one of `PUBLIC_PATHS`, ignoring a trailing slash, query or hash. */
export function isPublicPath(path: string): boolean {
  const bare = path.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');
  return PUBLIC_PATHS.includes(bare);
}
