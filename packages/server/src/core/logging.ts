import type { FastifyRequest } from 'fastify';

/** pino paths that never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["set-cookie"]',
  'req.body',
  'body',
  'password',
  'newPassWord',
  'token',
  'tel',
  'code',
];

/** Keeps the query's names but not its values: tokens, codes and phone numbers travel there. */
export function maskQuery(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0] ?? ''}=*`);
  return `${url.slice(0, at)}?${names.join('&')}`;
}

/** The request as logged: method, path with masked query, client address. */
export function serializeRequest(request: FastifyRequest) {
  return { method: request.method, url: maskQuery(request.url), remoteAddress: request.ip };
}
