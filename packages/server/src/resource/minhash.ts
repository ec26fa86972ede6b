/**
 * MinHash over word shingles: a fixed-size signature per text whose agreement between two texts
 * estimates the Jaccard similarity of their shingle sets, and LSH bands of it that find
 * candidates without comparing every pair. Deterministic: fixed seeds, no randomness.
 */

export const HASHES = 64;
export const BANDS = 16;
const ROWS = HASHES / BANDS;

/** 32-bit FNV-1a of a string. */
function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Murmur3's finaliser: a good 32-bit mix. */
function mix(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A well-mixed 32-bit hash of a text (fixed shuffles, such as 组卷助手's picks). */
export const hashText = (text: string): number => mix(fnv(text));

const SEEDS = Array.from({ length: HASHES }, (_, i) =>
  mix(0x9e3779b9 ^ Math.imul(i + 1, 0x27d4eb2f)),
);

/** Word bigrams (and the words themselves for texts of a few words). */
export function shingles(words: readonly string[]): string[] {
  if (words.length < 4) return [...new Set(words)];
  const out = new Set<string>();
  for (let i = 0; i + 1 < words.length; i += 1) out.add(`${words[i]} ${words[i + 1]}`);
  return [...out];
}

/** The signature: per hash function, the least hash over the shingles (empty text: all 2³²-1). */
export function signature(shingleSet: readonly string[]): number[] {
  const sig = new Array<number>(HASHES).fill(0xffffffff);
  for (const s of shingleSet) {
    const base = fnv(s);
    for (let i = 0; i < HASHES; i += 1) {
      const h = mix(base ^ SEEDS[i]!);
      if (h < sig[i]!) sig[i] = h;
    }
  }
  return sig;
}

/** The share of equal positions: the estimated Jaccard similarity. */
export function estimateJaccard(a: readonly number[], b: readonly number[]): number {
  let same = 0;
  for (let i = 0; i < HASHES; i += 1) if (a[i] === b[i]) same += 1;
  return same / HASHES;
}

/** One key per band (a signed 32-bit hash of its rows), for an integer column. */
export function bandKeys(sig: readonly number[]): number[] {
  return Array.from({ length: BANDS }, (_, b) => {
    let h = 0x811c9dc5 ^ b;
    for (let r = 0; r < ROWS; r += 1) h = mix(h ^ sig[b * ROWS + r]!);
    return h | 0;
  });
}

/** A signature as stored: 64 hex words. */
export const encodeSignature = (sig: readonly number[]) =>
  sig.map((n) => n.toString(16).padStart(8, '0')).join('');

export const decodeSignature = (text: string): number[] =>
  Array.from({ length: HASHES }, (_, i) => parseInt(text.slice(i * 8, i * 8 + 8), 16));
