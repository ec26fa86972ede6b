import { randomUUID } from 'node:crypto';
import {
  DIRECT_UPLOAD_MAX_BYTES,
  UPLOAD_MAX_BYTES,
  ossRoutes as r,
  type UploadTicket,
} from '@examkit/contracts';
import type { FastifyInstance } from 'fastify';
import type { DomainDeps } from '../core/deps';
import { badRequest, forbidden, notFound } from '../core/envelope';
import type { FileStore } from '../core/files';
import type { Router } from '../core/router';
import { accessOf } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { contentToHtml, readDocx } from '../resource/word/readDocx';
import {
  checkFile,
  decodeBase64,
  docxBytes,
  IMAGE_NAME,
  recordUpload,
  storeContent,
  typeOfName,
} from './uploads';

const TAG = 'oss';
/** A presigned PUT lives five minutes. */
export const PRESIGN_SECONDS = 300;

/** Uploads are for the resource area and homework: a user holding either. */
async function requireUploader(deps: DomainDeps, session: SessionInfo): Promise<void> {
  const access = accessOf(deps.db, session);
  if (!(await access.has('Resources')) && !(await access.has('Homework')))
    throw forbidden('没有该操作的权限');
}

/** The folder a school's direct uploads go to, per STS kind. */
const folderOf = (kind: 'direct' | 'cloud', schoolId: number) => `${kind}/${schoolId}/`;

function ticket(
  files: FileStore,
  kind: 'direct' | 'cloud',
  session: SessionInfo,
  body: { fileName: string; contentType: string; size: number },
): UploadTicket {
  const type = typeOfName(body.fileName);
  if (body.contentType !== type.contentType) throw badRequest('文件类型与扩展名不符');
  const max = files.presignPut ? DIRECT_UPLOAD_MAX_BYTES : UPLOAD_MAX_BYTES;
  if (body.size > max) throw badRequest(`文件不能超过 ${Math.floor(max / 1024)} KB`);
  if (!files.presignPut) return { mode: 'server', url: r.uploadFile.url, maxBytes: max };
  const key = `${folderOf(kind, session.schoolId)}${randomUUID()}.${type.ext}`;
  const headers = { 'content-type': type.contentType };
  const signed = files.presignPut(key, headers, PRESIGN_SECONDS);
  return {
    mode: 'direct',
    method: 'PUT',
    url: signed.url,
    headers,
    key,
    maxBytes: max,
    expiresAt: signed.expiresAt,
  };
}

/** Stores a picture found in a Word file and answers its address. */
export const imageStorer = (files: FileStore) => async (bytes: Uint8Array, contentType: string) => {
  const ext = contentType === 'image/jpeg' ? 'jpg' : contentType.split('/')[1]!;
  return (await storeContent(files, bytes, ext)).url;
};

/** The /marking-oss calls (docs/resources.md "Uploads"). */
export function registerOssRoutes(router: Router, deps: DomainDeps): void {
  router.sessionRoute(r.uploadFile, TAG, async ({ body, session }) => {
    await requireUploader(deps, session);
    const bytes = decodeBase64(body.data);
    const type = checkFile(body.fileName, bytes, UPLOAD_MAX_BYTES);
    return recordUpload(deps, session, body.fileName, bytes, type);
  });

  router.sessionRoute(r.uploadSts, TAG, async ({ body, session }) => {
    await requireUploader(deps, session);
    return ticket(deps.files, 'direct', session, body);
  });

  router.sessionRoute(r.cloudSts, TAG, async ({ body, session }) => {
    await requireUploader(deps, session);
    return ticket(deps.files, 'cloud', session, body);
  });

  router.sessionRoute(r.register, TAG, async ({ body, session }) => {
    await requireUploader(deps, session);
    const mine = [folderOf('direct', session.schoolId), folderOf('cloud', session.schoolId)];
    const shaped = /^(direct|cloud)\/\d+\/[0-9a-f-]{36}\.(png|jpg|gif|webp|docx)$/.test(body.key);
    if (!shaped || !mine.some((folder) => body.key.startsWith(folder)))
      throw notFound('上传的文件不存在');
    const bytes = await deps.files.get(body.key);
    if (!bytes) throw notFound('上传的文件不存在');
    try {
      const type = checkFile(body.fileName, bytes, DIRECT_UPLOAD_MAX_BYTES);
      return await recordUpload(deps, session, body.fileName, bytes, type);
    } finally {
      // The content-addressed copy is the file from now on (or the bad file is gone).
      await deps.files.delete(body.key);
    }
  });

  router.sessionRoute(r.word2html, TAG, async ({ body, session }) => {
    await requireUploader(deps, session);
    const { bytes } = await docxBytes(deps, session.schoolId, body.uploadId);
    const content = await readDocx(bytes, imageStorer(deps.files));
    return { html: contentToHtml(content) };
  });
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * GET /marking-oss/file/<sha256>.<ext>: a stored image for `<img src>`, public by its
 * unguessable content key, cached for good (the bytes of a key never change). Word files are
 * never served here.
 */
export function registerUploadedFiles(app: FastifyInstance, files: FileStore): void {
  app.get<{ Params: { name: string } }>(
    '/marking-oss/file/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = IMAGE_NAME.exec(request.params.name);
      const bytes = match ? await files.get(`uploads/${request.params.name}`) : null;
      if (!match || !bytes) {
        return reply.code(404).type('text/plain; charset=utf-8').send('文件不存在');
      }
      return reply
        .header('content-type', IMAGE_TYPES[match[2]!]!)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(bytes);
    },
  );
}
