import type { BankQuestionInput } from '@examkit/contracts';
import { sql } from 'kysely';
import { dialectOf, type Db } from '../core/database';
import { bandKeys, encodeSignature, shingles, signature } from './minhash';
import { indexTerms, words } from './segment';

/**
 * Keeps a question's search entry (segmented words: FTS5 on SQLite, a 'simple' tsvector on
 * PostgreSQL) and its MinHash signature and bands in step with the question. Called by
 * `questions.ts` inside the writing transaction, so every writer keeps them.
 */

/** The text a question is found by: stem, options and its sub-questions'. */
export function searchableText(input: Pick<BankQuestionInput, 'stem' | 'options' | 'children'>) {
  return [
    input.stem,
    ...input.options,
    ...input.children.flatMap((c) => [c.stem, ...c.options]),
  ].join('\n');
}

/** The text similarity is measured on: stems only (options differ in numbers, not in kind). */
export const similarityText = (input: Pick<BankQuestionInput, 'stem' | 'children'>) =>
  [input.stem, ...input.children.map((c) => c.stem)].join('\n');

/** The signature of a text, as the similar search compares it. */
export const signatureOf = (text: string) => signature(shingles(words(text)));

export async function indexQuestion(trx: Db, id: number, input: BankQuestionInput): Promise<void> {
  await unindexQuestion(trx, id);
  const terms = indexTerms(searchableText(input)).join(' ');
  if (dialectOf(trx) === 'postgres')
    await sql`insert into question_search (question_id, tokens) values (${id}, to_tsvector('simple', ${terms}))`.execute(
      trx,
    );
  else await sql`insert into question_fts (rowid, tokens) values (${id}, ${terms})`.execute(trx);
  const sig = signatureOf(similarityText(input));
  await trx
    .insertInto('question_signatures')
    .values({ question_id: id, signature: encodeSignature(sig) })
    .execute();
  await trx
    .insertInto('question_bands')
    .values(bandKeys(sig).map((band_key) => ({ question_id: id, band_key })))
    .execute();
}

/** Takes a question out of search and similar results (on delete, or before re-indexing). */
export async function unindexQuestion(trx: Db, id: number): Promise<void> {
  if (dialectOf(trx) === 'postgres')
    await trx.deleteFrom('question_search').where('question_id', '=', id).execute();
  else await sql`delete from question_fts where rowid = ${id}`.execute(trx);
  await trx.deleteFrom('question_signatures').where('question_id', '=', id).execute();
  await trx.deleteFrom('question_bands').where('question_id', '=', id).execute();
}

/**
 * The full-text condition for a search box's words (all must occur), as a subquery of matching
 * question ids; null when the box holds no searchable word.
 */
export function matchingIds(db: Db, keyWord: string) {
  const terms = [...new Set(words(keyWord))];
  if (terms.length === 0) return null;
  if (dialectOf(db) === 'postgres')
    return sql<number>`select question_id from question_search where tokens @@ plainto_tsquery('simple', ${terms.join(' ')})`;
  const match = terms.map((w) => `"${w.replace(/"/g, '""')}"`).join(' AND ');
  return sql<number>`select rowid from question_fts where question_fts match ${match}`;
}
