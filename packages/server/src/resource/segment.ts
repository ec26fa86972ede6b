import { createRequire } from 'node:module';

/**
 * Chinese word segmentation for the bank's search index and similar questions: jieba
 * (@node-rs/jieba) with its default dictionary, loaded once on first use (the dictionary takes
 * a few hundred milliseconds and ~10 MB, so a server that never searches never pays for it).
 */

interface Cutter {
  cut(text: string, hmm?: boolean): string[];
  cutForSearch(text: string, hmm?: boolean): string[];
}

let cutter: Cutter | undefined;

function jieba(): Cutter {
  if (!cutter) {
    const require = createRequire(import.meta.url);
    const { Jieba } = require('@node-rs/jieba') as { Jieba: { withDict(d: Uint8Array): Cutter } };
    const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
    cutter = Jieba.withDict(dict);
  }
  return cutter;
}

/** Rich text as plain words: formulas keep their letters and digits, images and markup go. */
export function plainText(rich: string): string {
  return rich
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\\[a-zA-Z]+/g, ' ')
    .replace(/[$^_{}\\]/g, ' ');
}

const WORD = /[\p{L}\p{N}]/u;
/** Words too common to find anything with. */
const STOP = new Set(['的', '了', '是', '在', '和', '与', '为', '则', 'a', 'the', 'of', 'to']);

const clean = (words: string[]) =>
  words.map((w) => w.trim().toLowerCase()).filter((w) => w && WORD.test(w) && !STOP.has(w));

/**
 * The index terms of a text: every word and the shorter words inside long ones (抛物线 gives
 * 抛物 and 抛物线), so a search for either finds it.
 */
export function indexTerms(rich: string): string[] {
  return clean(jieba().cutForSearch(plainText(rich), false));
}

/** The words of a search box or a stem, in order (precise mode: one cut per word). */
export function words(rich: string): string[] {
  return clean(jieba().cut(plainText(rich), false));
}
