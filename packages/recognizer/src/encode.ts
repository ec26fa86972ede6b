import sharp from 'sharp';
import type { RawImage } from './types';

/** Encodes a grey image (a crop, the aligned page) as PNG or JPEG with sharp. */
export async function encodeImage(
  img: RawImage,
  format: 'png' | 'jpeg' = 'png',
  quality = 85,
): Promise<Buffer> {
  const s = sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.width * img.height), {
    raw: { width: img.width, height: img.height, channels: 1 },
  });
  return format === 'png'
    ? s.png({ compressionLevel: 6 }).toBuffer()
    : s.jpeg({ quality }).toBuffer();
}
