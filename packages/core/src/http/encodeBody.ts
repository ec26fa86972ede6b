import type { BodyEncoding } from '@examkit/contracts';

/**
 * The body as axios should send it and the content type to declare (none for
 * multipart: the browser adds the boundary). Arrays repeat their key; null and
 * undefined fields are left out.
 */
export function encodeBody(
  data: unknown,
  encoding: BodyEncoding,
): { data: unknown; contentType?: string } {
  const form = encoding === 'form';
  if (data == null || encoding === 'json') return { data, contentType: 'application/json' };
  let out = data;
  if (!(typeof data === 'string' || data instanceof URLSearchParams || data instanceof FormData)) {
    const fields = form ? new URLSearchParams() : new FormData();
    for (const [key, value] of Object.entries(data)) {
      for (const item of [value].flat()) if (item != null) fields.append(key, item);
    }
    out = fields;
  }
  return form
    ? { data: String(out), contentType: 'application/x-www-form-urlencoded' }
    : { data: out };
}
