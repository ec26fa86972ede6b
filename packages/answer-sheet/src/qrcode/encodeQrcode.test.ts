// @vitest-environment node
import fc from 'fast-check';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { encodeQrcode, QR_MAX_BYTES, type QrMatrix } from './encodeQrcode';

/** Draws a symbol with a 4-module quiet zone at `scale` pixels a module, as RGBA for jsQR. */
function toPixels(qr: QrMatrix, scale = 4): { data: Uint8ClampedArray; side: number } {
  const side = (qr.size + 8) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const r = Math.floor(y / scale) - 4;
      const c = Math.floor(x / scale) - 4;
      if (r < 0 || c < 0 || r >= qr.size || c >= qr.size || !qr.dark[r * qr.size + c]) continue;
      const i = (y * side + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = 0;
    }
  }
  return { data, side };
}

function decode(qr: QrMatrix) {
  const { data, side } = toPixels(qr);
  return jsQR(data, side, side, { inversionAttempts: 'dontInvert' });
}

describe('encodeQrcode', () => {
  it('encodes a sheet identity that an independent decoder reads back', () => {
    const qr = encodeQrcode('EK1|12345|3fa9c1d2');
    expect(qr.version).toBe(2);
    expect(qr.size).toBe(25);
    expect(decode(qr)?.data).toBe('EK1|12345|3fa9c1d2');
  });

  it('takes the smallest version for the length, up to version 6', () => {
    const versions = [1, 14, 15, 26, 27, 42, 43, 62, 63, 84, 85, 106].map(
      (n) => encodeQrcode('x'.repeat(n)).version,
    );
    expect(versions).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]);
    expect(QR_MAX_BYTES).toBe(106);
    expect(() => encodeQrcode('x'.repeat(107))).toThrow(RangeError);
  });

  it('round-trips any printable text of every version through jsQR', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            ...' !#%+-./0123456789:=ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz|~',
          ),
          minLength: 1,
          maxLength: QR_MAX_BYTES,
        }),
        (text) => {
          const read = decode(encodeQrcode(text));
          expect(read?.data).toBe(text);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('carries Chinese text as UTF-8 bytes', () => {
    const read = decode(encodeQrcode('答题卡 数学'));
    expect(new TextDecoder().decode(Uint8Array.from(read?.binaryData ?? []))).toBe('答题卡 数学');
  });
});
