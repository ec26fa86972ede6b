import { STORAGE_KEYS, type HttpClient } from '@examkit/core';
import { messageOf } from '../utils/messageOf';

/**
 * Fetches an image download with the session's `token` header from the API host (`http`'s
 * `resolveUrl`: the portal's API origin, not the page's) and answers an object URL (the caller
 * revokes it), or the server's Chinese refusal.
 */
export async function fetchImage(
  url: string,
  storage: { get<T>(key: string): T | null },
  http: Pick<HttpClient, 'resolveUrl'>,
): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  const headers: Record<string, string> = { plantform: '1' };
  const token = storage.get<string>(STORAGE_KEYS.token);
  if (token) headers.token = token;
  try {
    const res = await fetch(http.resolveUrl(url), { headers });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || type.includes('application/json')) {
      const reply: unknown = await res.json().catch(() => null);
      return { ok: false, message: messageOf(reply, '图片加载失败，请稍后重试') };
    }
    return { ok: true, url: URL.createObjectURL(await res.blob()) };
  } catch {
    return { ok: false, message: '网络异常，请稍后重试' };
  }
}
