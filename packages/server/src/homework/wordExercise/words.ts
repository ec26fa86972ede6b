import type { WordInput } from '@examkit/contracts';
import type { Db } from '../../core/database';
import { badRequest } from '../../core/envelope';
import type { Access } from '../../core/scope';
import { targetsOf } from '../access';

/**
 * A word list as the form sends it, trimmed and checked: 1–60 words, each word given and
 * distinct. A bad list is refused as a whole with the word it is about. The demo seed uses it too.
 */
export function normaliseWords(words: readonly WordInput[]): WordInput[] {
  if (words.length === 0) throw badRequest('请至少填写一个字词');
  const out = words.map((w, i) => {
    const word = w.word.trim();
    if (word === '') throw badRequest(`第 ${i + 1} 个字词为空`);
    return { word, reading: w.reading.trim(), meaning: w.meaning.trim() };
  });
  out.forEach((w, i) => {
    if (out.findIndex((x) => x.word === w.word) !== i)
      throw badRequest(`第 ${i + 1} 个字词“${w.word}”重复`);
  });
  return out;
}

/** A student's wrong words as stored: the sorted positions in the list. */
export const parseWrong = (text: string): number[] => JSON.parse(text) as number[];

/** The caller's classes and teaching classes of a grade × subject (the homework's 布置 rule). */
export async function myTargets(db: Db, access: Access, gradeId: number, subjectId: number) {
  const scope = await access.scope();
  return targetsOf(db, scope, access.session.userId, gradeId, subjectId);
}
