/** Title of the notice shown when a route or the system entry is not permitted (spec 000 §8). */
export const DENIED_TITLE = '禁止访问！';

/** Text of the notice shown when a route or the system entry is not permitted (spec 000 §8). */
export const DENIED_MESSAGE = '对不起，您没有本页访问权限！';

/** Paths open without a session (spec 000 §4). */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/oauth', '/oauth2', '/c-oauth'];
