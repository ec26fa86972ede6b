import { STORAGE_KEYS, type KeyValueStorage, type Notifier } from '@examkit/core';
import { messageOf } from '../utils/messageOf';

export interface DownloadFileOptions {
  /** Path of the download (`examDownloads.sheetPdf`). */
  url: string;
  /** Query parameters; empty values are left out. */
  params?: Record<string, string | number | undefined>;
  /** Where the session token is read (header `token`). */
  storage: KeyValueStorage;
  notifier: Notifier;
  /** Name used when the reply names no file. */
  fallbackName: string;
  /** API host. @default '' */
  baseURL?: string;
}

/** The file name of a `Content-Disposition` header, preferring RFC 5987 `filename*`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Downloads a GET file of the exam API (spec 000 §8 "正在下载，请稍后~") and saves it
 * through a Blob link. Resolves `true` when saved; a refusal answers the JSON envelope,
 * whose message is shown.
 */
export async function downloadFile(options: DownloadFileOptions): Promise<boolean> {
  const { url, params = {}, storage, notifier, fallbackName, baseURL = '' } = options;
  notifier.message('info', '正在下载，请稍后~');
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const headers: Record<string, string> = { plantform: '1' };
  const token = storage.get<string>(STORAGE_KEYS.token);
  if (token) headers.token = token;
  const schoolId = storage.get<string | number>(STORAGE_KEYS.schoolId);
  if (schoolId != null) headers.schoolId = String(schoolId);
  try {
    const qs = query.toString();
    const response = await fetch(`${baseURL}${url}${qs ? `?${qs}` : ''}`, { headers });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || type.includes('application/json')) {
      const reply: unknown = await response.json().catch(() => null);
      notifier.message('error', messageOf(reply, '下载失败，请稍后重试'));
      return false;
    }
    const blob = await response.blob();
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    return true;
  } catch {
    notifier.message('error', '网络异常，下载失败');
    return false;
  }
}
