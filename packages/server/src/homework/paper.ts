import { badRequest } from '../core/envelope';

/** What an uploaded homework paper is, read from its first bytes (never from its name alone). */
export function paperKindOf(bytes: Buffer): { kind: 'pdf' | 'image'; contentType: string } {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-')
    return { kind: 'pdf', contentType: 'application/pdf' };
  if (bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47)
    return { kind: 'image', contentType: 'image/png' };
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { kind: 'image', contentType: 'image/jpeg' };
  throw badRequest('作业原卷只能是 PDF、PNG 或 JPG 文件');
}

/** Decodes the base64 upload, refusing an empty or non-base64 file. */
export function decodePaper(contentBase64: string): Buffer {
  if (!/^[A-Za-z0-9+/]+=*$/.test(contentBase64)) throw badRequest('文件内容不是有效的 base64');
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length === 0) throw badRequest('文件为空');
  return bytes;
}

/** The content type of a stored paper from its kind and name. */
export const contentTypeOf = (kind: string, name: string) =>
  kind === 'pdf' ? 'application/pdf' : /\.png$/i.test(name) ? 'image/png' : 'image/jpeg';
