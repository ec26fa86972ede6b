/**
 * A small QR code encoder (ISO/IEC 18004): byte mode, error correction level M, versions 1–6.
 * Enough for the short sheet identity; nothing else of the standard is needed here.
 */

/** A QR symbol without its quiet zone: `dark[row * size + col]` is 1 for a dark module. */
export interface QrMatrix {
  size: number;
  version: number;
  dark: Uint8Array;
}

/** Per version (index = version − 1), level M: codewords in all, EC codewords per block, blocks. */
const LEVEL_M = [
  { total: 26, ec: 10, blocks: 1 },
  { total: 44, ec: 16, blocks: 1 },
  { total: 70, ec: 26, blocks: 1 },
  { total: 100, ec: 18, blocks: 2 },
  { total: 134, ec: 24, blocks: 2 },
  { total: 172, ec: 16, blocks: 4 },
] as const;

/** Longest payload in bytes that fits version `v` at level M. */
function capacity(v: number): number {
  const { total, ec, blocks } = LEVEL_M[v - 1]!;
  return Math.floor(((total - ec * blocks) * 8 - 12) / 8);
}

/** Largest payload (UTF-8 bytes) the encoder takes: 106, version 6 at level M. */
export const QR_MAX_BYTES = capacity(LEVEL_M.length);

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x;
  LOG[x] = i;
  x <<= 1;
  if (x & 0x100) x ^= 0x11d;
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;

function gfMul(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!;
}

/** The Reed–Solomon error-correction codewords of one block. */
function reedSolomon(data: readonly number[], ecCount: number): number[] {
  // Generator (x − α^0)(x − α^1)…, highest coefficient (always 1) left out.
  let gen = [1];
  for (let i = 0; i < ecCount; i++) {
    const next = new Array<number>(gen.length + 1).fill(0);
    gen.forEach((c, j) => {
      next[j] = next[j]! ^ c;
      next[j + 1] = next[j + 1]! ^ gfMul(c, EXP[i]!);
    });
    gen = next;
  }
  const rem = new Array<number>(ecCount).fill(0);
  for (const byte of data) {
    const factor = byte ^ rem.shift()!;
    rem.push(0);
    for (let j = 0; j < ecCount; j++) rem[j] = rem[j]! ^ gfMul(gen[j + 1]!, factor);
  }
  return rem;
}

/** Data codewords (mode, count, bytes, terminator, padding) split in blocks and interleaved with their EC. */
function codewords(bytes: Uint8Array, version: number): number[] {
  const { total, ec, blocks } = LEVEL_M[version - 1]!;
  const dataCount = total - ec * blocks;
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, 8);
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, dataCount * 8 - bits.length));
  while (bits.length % 8 !== 0) bits.push(0);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8)
    data.push(bits.slice(i, i + 8).reduce((acc, b) => (acc << 1) | b, 0));
  for (let pad = 0xec; data.length < dataCount; pad ^= 0xec ^ 0x11) data.push(pad);
  // Every block of levels M 1–6 has the same length, so interleaving is a plain transpose.
  const per = dataCount / blocks;
  const dataBlocks = Array.from({ length: blocks }, (_, b) => data.slice(b * per, (b + 1) * per));
  const ecBlocks = dataBlocks.map((d) => reedSolomon(d, ec));
  const out: number[] = [];
  for (let i = 0; i < per; i++) for (const d of dataBlocks) out.push(d[i]!);
  for (let i = 0; i < ec; i++) for (const e of ecBlocks) out.push(e[i]!);
  return out;
}

/** Level M (00) and the mask with their BCH(15, 5) check bits, XOR 0x5412. */
function formatBits(mask: number): number {
  const data = mask; // level M's two bits are 00
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | (rem & 0x3ff)) ^ 0x5412;
}

const MASKS: ((r: number, c: number) => boolean)[] = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

/** The function patterns of a version: finders, separators, timing, alignment, dark module; format areas reserved. */
function functionPatterns(version: number): { dark: Uint8Array; fixed: Uint8Array; size: number } {
  const size = 17 + 4 * version;
  const dark = new Uint8Array(size * size);
  const fixed = new Uint8Array(size * size);
  const set = (r: number, c: number, on: boolean) => {
    if (r < 0 || c < 0 || r >= size || c >= size) return;
    dark[r * size + c] = on ? 1 : 0;
    fixed[r * size + c] = 1;
  };
  for (const [fr, fc] of [
    [0, 0],
    [0, size - 7],
    [size - 7, 0],
  ] as const) {
    // The 7 × 7 finder and its one-module light separator.
    for (let dr = -1; dr <= 7; dr++) {
      for (let dc = -1; dc <= 7; dc++) {
        const ring = Math.max(Math.abs(dr - 3), Math.abs(dc - 3));
        set(fr + dr, fc + dc, ring !== 2 && ring !== 4);
      }
    }
  }
  for (let i = 8; i < size - 8; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  if (version >= 2) {
    const a = size - 7;
    for (let dr = -2; dr <= 2; dr++)
      for (let dc = -2; dc <= 2; dc++)
        set(a + dr, a + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
  }
  // Format areas: reserved now, written once the mask is chosen.
  for (let i = 0; i < 9; i++) {
    if (i === 6) continue; // the timing patterns cross here
    set(8, i, false);
    set(i, 8, false);
  }
  for (let i = 0; i < 8; i++) {
    set(8, size - 1 - i, false);
    set(size - 1 - i, 8, false);
  }
  set(size - 8, 8, true);
  return { dark, fixed, size };
}

function writeFormat(dark: Uint8Array, size: number, mask: number): void {
  const bits = formatBits(mask);
  const bit = (i: number) => (bits >>> i) & 1;
  for (let i = 0; i < 15; i++) {
    // First copy around the top-left finder, skipping the timing row and column.
    const r1 = i < 6 ? i : i < 8 ? i + 1 : 8;
    const c1 = i < 8 ? 8 : i === 8 ? 7 : 14 - i;
    dark[r1 * size + c1] = bit(i);
    // Second copy split between the other two finders.
    const r2 = i < 8 ? 8 : size - 15 + i;
    const c2 = i < 8 ? size - 1 - i : 8;
    dark[r2 * size + c2] = bit(i);
  }
}

/** Places the codewords in the zig-zag order from the bottom-right corner. */
function placeData(dark: Uint8Array, fixed: Uint8Array, size: number, words: number[]): void {
  let index = 0;
  const total = words.length * 8;
  let upward = true;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let step = 0; step < size; step++) {
      const r = upward ? size - 1 - step : step;
      for (const c of [right, right - 1]) {
        const i = r * size + c;
        if (fixed[i]) continue;
        const on = index < total ? (words[index >>> 3]! >>> (7 - (index & 7))) & 1 : 0;
        dark[i] = on;
        index++;
      }
    }
    upward = !upward;
  }
}

/** The standard's penalty score of a masked symbol; lower reads better. */
function penalty(dark: Uint8Array, size: number): number {
  let score = 0;
  const at = (r: number, c: number) => dark[r * size + c]!;
  for (let pass = 0; pass < 2; pass++) {
    const get = pass === 0 ? at : (r: number, c: number) => at(c, r);
    for (let r = 0; r < size; r++) {
      let run = 1;
      for (let c = 1; c <= size; c++) {
        if (c < size && get(r, c) === get(r, c - 1)) run++;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
      // Finder-like 1:1:3:1:1 with four light modules on one side.
      for (let c = 0; c + 11 <= size; c++) {
        const s = Array.from({ length: 11 }, (_, k) => get(r, c + k)).join('');
        if (s === '10111010000' || s === '00001011101') score += 40;
      }
    }
  }
  for (let r = 0; r + 1 < size; r++) {
    for (let c = 0; c + 1 < size; c++) {
      const v = at(r, c);
      if (v === at(r, c + 1) && v === at(r + 1, c) && v === at(r + 1, c + 1)) score += 3;
    }
  }
  const darkShare = dark.reduce((sum, v) => sum + v, 0) / dark.length;
  score += 10 * Math.floor(Math.abs(darkShare * 100 - 50) / 5);
  return score;
}

/**
 * Encodes `text` (UTF-8, byte mode) at error-correction level M in the smallest version that
 * holds it, with the mask of lowest penalty. Throws a RangeError past {@link QR_MAX_BYTES} bytes.
 */
export function encodeQrcode(text: string): QrMatrix {
  const bytes = new TextEncoder().encode(text);
  const version = LEVEL_M.findIndex((_, i) => capacity(i + 1) >= bytes.length) + 1;
  if (version === 0)
    throw new RangeError(`answer-sheet: a QR payload holds at most ${QR_MAX_BYTES} bytes`);
  const { dark: base, fixed, size } = functionPatterns(version);
  placeData(base, fixed, size, codewords(bytes, version));
  let best: Uint8Array | null = null;
  let bestScore = Infinity;
  MASKS.forEach((mask, m) => {
    const dark = base.slice();
    for (let r = 0; r < size; r++)
      for (let c = 0; c < size; c++)
        if (!fixed[r * size + c] && mask(r, c)) dark[r * size + c]! ^= 1;
    writeFormat(dark, size, m);
    const score = penalty(dark, size);
    if (score < bestScore) {
      bestScore = score;
      best = dark;
    }
  });
  return { size, version, dark: best! };
}
