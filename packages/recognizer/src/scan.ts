import { decodeScan, ScanDecodeError, type DecodeOptions } from './decode';
import { recognizeImage } from './recognize';
import type { RawImage, RecognitionTemplate, RecognizeOptions, SheetResult } from './types';

export type ScanOptions = RecognizeOptions & DecodeOptions;

function isRaw(x: unknown): x is RawImage {
  return (
    typeof x === 'object' &&
    x !== null &&
    'width' in x &&
    'height' in x &&
    'data' in x &&
    !Buffer.isBuffer(x)
  );
}

/**
 * Recognises every page of a scan (raw grey image, encoded bytes or a file path). Never throws:
 * a file that cannot be decoded gives one `{ status: 'failed', code: 'decode' }` result.
 */
export async function recognizeScan(
  input: RawImage | Uint8Array | string,
  template: RecognitionTemplate,
  options: ScanOptions = {},
): Promise<SheetResult[]> {
  if (isRaw(input)) return [recognizeImage(input, template, options)];
  let pages: RawImage[];
  try {
    pages = await decodeScan(input as Uint8Array | string, {
      ...(options.fullResolution
        ? {}
        : {
            pageMm: { width: template.widthMm, height: template.heightMm },
            keepFull: !options.skipCrops,
          }),
      ...options,
    });
  } catch (e) {
    const reason = e instanceof ScanDecodeError ? e.message : '图像无法解码';
    return [
      {
        status: 'failed',
        code: 'decode',
        reason,
        ...(options.id !== undefined ? { id: options.id } : {}),
      },
    ];
  }
  return pages.map((p, scanPage) => ({ ...recognizeImage(p, template, options), scanPage }));
}

/** Recognises one sheet: a raw grey image, or the first page of encoded bytes / a file. Never throws. */
export async function recognizeSheet(
  input: RawImage | Uint8Array | string,
  template: RecognitionTemplate,
  options: ScanOptions = {},
): Promise<SheetResult> {
  const results = await recognizeScan(input, template, options);
  return results[0]!;
}
