import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import { UPLOAD_FILE_URL, type UploadItem, type UploadKind } from '@examkit/contracts';
import type { Selectable } from 'kysely';
import { DOCX_TYPE } from '../core/attachment';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { badRequest, notFound } from '../core/envelope';
import type { FileStore } from '../core/files';
import type { ResourceUploadsTable } from './tables';

/**
 * Checking and storing uploads: the type is read from the bytes and must agree with the file
 * name; images and .docx are stored under their sha256 (`uploads/<sha256>.<ext>`), so the same
 * file is stored once and its address cannot be guessed.
 */
export interface FileType {
  kind: UploadKind;
  ext: string;
  contentType: string;
}

const TYPES: Record<string, FileType> = {
  png: { kind: 'image', ext: 'png', contentType: 'image/png' },
  jpg: { kind: 'image', ext: 'jpg', contentType: 'image/jpeg' },
  gif: { kind: 'image', ext: 'gif', contentType: 'image/gif' },
  webp: { kind: 'image', ext: 'webp', contentType: 'image/webp' },
  docx: {
    kind: 'docx',
    ext: 'docx',
    contentType: DOCX_TYPE,
  },
};

export const TYPE_ERROR = '只能上传图片（PNG、JPG、GIF、WEBP）或 Word 文档（.docx）';

/** The type of a file from its name, or a Chinese error. */
export function typeOfName(fileName: string): FileType {
  const ext = fileName.split('.').pop()?.toLowerCase() ?? '';
  const type = TYPES[ext === 'jpeg' ? 'jpg' : ext];
  if (!type) throw badRequest(TYPE_ERROR);
  return type;
}

function isDocx(bytes: Uint8Array): boolean {
  try {
    let found = false;
    unzipSync(bytes, {
      filter: (f) => {
        if (f.name === 'word/document.xml') found = true;
        return false;
      },
    });
    return found;
  } catch {
    return false;
  }
}

/** The type the bytes really are, or null. */
export function sniff(bytes: Uint8Array): string | null {
  const b = bytes;
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return 'gif';
  const text = Buffer.from(b.subarray(0, 12)).toString('latin1');
  if (text.startsWith('RIFF') && text.slice(8, 12) === 'WEBP') return 'webp';
  if (b[0] === 0x50 && b[1] === 0x4b && isDocx(b)) return 'docx';
  return null;
}

/** Checks name, content and size together; answers the file's type. */
export function checkFile(fileName: string, bytes: Uint8Array, maxBytes: number): FileType {
  const type = typeOfName(fileName);
  if (bytes.length === 0) throw badRequest('文件是空的');
  if (bytes.length > maxBytes) throw badRequest(`文件不能超过 ${Math.floor(maxBytes / 1024)} KB`);
  const real = sniff(bytes);
  if (!real) throw badRequest(TYPE_ERROR);
  if (real !== type.ext) throw badRequest('文件内容与扩展名不符');
  return type;
}

/** Base64 → bytes, refusing what is not base64. */
export function decodeBase64(data: string): Buffer {
  const clean = data.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw badRequest('文件内容不是有效的 base64');
  return Buffer.from(clean, 'base64');
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The store key and page address of content-addressed bytes. */
export const contentKey = (hash: string, ext: string) => `uploads/${hash}.${ext}`;
/** The name of a stored image under /marking-oss/file/: its sha256 and extension. */
export const IMAGE_NAME = /^([0-9a-f]{64})\.(png|jpg|gif|webp)$/;

/**
 * Reads the bytes of an image address found in rich text (`/marking-oss/file/<sha256>.<ext>`)
 * from the file store, for exports that embed images; any other address gives null.
 */
export const uploadedImageLoader =
  (files: FileStore) =>
  async (url: string): Promise<Uint8Array | null> => {
    if (!url.startsWith(UPLOAD_FILE_URL)) return null;
    const name = url.slice(UPLOAD_FILE_URL.length);
    return IMAGE_NAME.test(name) ? files.get(`uploads/${name}`) : null;
  };
export const contentUrl = (hash: string, ext: string) => `${UPLOAD_FILE_URL}${hash}.${ext}`;

/** Stores bytes under their hash (once) and answers the address. */
export async function storeContent(files: FileStore, bytes: Uint8Array, ext: string) {
  const hash = sha256(bytes);
  const key = contentKey(hash, ext);
  if (!(await files.get(key))) await files.put(key, bytes);
  return { hash, key, url: contentUrl(hash, ext) };
}

/** An upload's row as its readers need it (not whose it is). */
type UploadRow = Omit<Selectable<ResourceUploadsTable>, 'school_id' | 'user_id'>;

export const uploadItemOf = (row: UploadRow): UploadItem => ({
  id: row.id,
  kind: row.kind as UploadKind,
  fileName: row.file_name,
  contentType: row.content_type,
  size: row.size,
  url: contentUrl(row.sha256, row.file_key.split('.').pop()!),
  createdAt: Number(row.created_at),
});

/** Records a checked file of a school's user; answers the upload. */
export async function recordUpload(
  deps: { db: Db; clock: Clock; files: FileStore },
  owner: { schoolId: number; userId: number },
  fileName: string,
  bytes: Uint8Array,
  type: FileType,
): Promise<UploadItem> {
  const stored = await storeContent(deps.files, bytes, type.ext);
  const row = await deps.db
    .insertInto('resource_uploads')
    .values({
      school_id: owner.schoolId,
      user_id: owner.userId,
      kind: type.kind,
      file_name: fileName.slice(0, 200),
      content_type: type.contentType,
      size: bytes.length,
      sha256: stored.hash,
      file_key: stored.key,
      created_at: deps.clock.now().getTime(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return uploadItemOf(row);
}

/** An upload of the school, or 404 (another school's uploads are not found). */
export async function loadUpload(db: Db, schoolId: number, uploadId: number): Promise<UploadRow> {
  const row = await db
    .selectFrom('resource_uploads')
    .selectAll()
    .where('id', '=', uploadId)
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  if (!row) throw notFound('上传的文件不存在');
  return row;
}

/** The bytes of a school's .docx upload, or a Chinese error. */
export async function docxBytes(
  deps: { db: Db; files: FileStore },
  schoolId: number,
  uploadId: number,
): Promise<{ row: UploadRow; bytes: Buffer }> {
  const row = await loadUpload(deps.db, schoolId, uploadId);
  if (row.kind !== 'docx') throw badRequest('请选择 Word 文档（.docx）');
  const bytes = await deps.files.get(row.file_key);
  if (!bytes) throw notFound('上传的文件已不存在，请重新上传');
  return { row, bytes };
}
