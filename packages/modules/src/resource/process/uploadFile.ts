import type { DataOf, UploadItem } from '@examkit/contracts';
import { ossRoutes } from '@examkit/contracts';
import type { useApiCall } from '../../common/useApiCall';

type Call = ReturnType<typeof useApiCall>;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TYPES: Record<string, string> = {
  docx: DOCX,
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Uploads a file the way the STS answer says (docs/resources.md "Uploads"): a presigned PUT
 * straight to the object store then `upload/register`, or base64 to the server. Null when a
 * call was refused (its message is already shown).
 */
export async function uploadFile(call: Call, file: File): Promise<UploadItem | null> {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const contentType = TYPES[ext] ?? file.type ?? 'application/octet-stream';
  const ticket = await call(ossRoutes.uploadSts, {
    fileName: file.name,
    contentType,
    size: file.size,
  });
  if (!ticket.ok) return null;
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (ticket.data.mode === 'direct') {
    const put = await fetch(ticket.data.url, {
      method: 'PUT',
      headers: ticket.data.headers,
      body: bytes,
    });
    if (!put.ok) return null;
    const done = await call(ossRoutes.register, { key: ticket.data.key, fileName: file.name });
    return done.ok ? done.data : null;
  }
  const done = await call(ossRoutes.uploadFile, { fileName: file.name, data: base64Of(bytes) });
  return done.ok ? (done.data as DataOf<typeof ossRoutes.uploadFile>) : null;
}
