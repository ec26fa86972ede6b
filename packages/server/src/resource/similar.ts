import type { SimilarQuestion } from '@examkit/contracts';
import type { Db } from '../core/database';
import { notFound } from '../core/envelope';
import { bandKeys, decodeSignature, estimateJaccard } from './minhash';
import { loadQuestions } from './questions';
import { signatureOf } from './searchIndex';
import { readsRow, regionOfSchool } from './cloudScope';

/** What to find questions similar to: a bank question, or a text with optional points. */
export type SimilarTo =
  | { questionId: number; text?: undefined; pointIds?: readonly number[] }
  | { questionId?: undefined; text: string; pointIds?: readonly number[] };

/** Weight of the stem similarity in the score; the rest is knowledge-point overlap. */
const TEXT_WEIGHT = 0.7;
/** Questions sharing a knowledge point that are also compared (beyond the LSH candidates). */
const POINT_CANDIDATES = 300;
/** At most this many (newest) questions sharing a band are compared: a bound on the work. */
const BAND_CANDIDATES = 1000;

/**
 * Similar questions of the school's bank and the cloud bank, same subject, not deleted, best
 * first: candidates share an LSH band of the MinHash signature or a knowledge point; the score
 * is 0.7 × estimated Jaccard of the segmented stems + 0.3 × Jaccard of the knowledge points.
 * Deterministic: ties go to the smaller id. The question itself is never among them.
 * Used by resource/process/similarRecommend and the exam's similar_recom (docs/resources.md).
 */
export async function similarQuestions(
  db: Db,
  schoolId: number,
  request: SimilarTo & { subjectCode: string; limit: number },
): Promise<SimilarQuestion[]> {
  let sig: number[];
  let points: number[] = [...(request.pointIds ?? [])];
  const self = request.questionId;
  if (self !== undefined) {
    const [q] = await loadQuestions(db, schoolId, [self]);
    const stored = await db
      .selectFrom('question_signatures')
      .select('signature')
      .where('question_id', '=', self)
      .executeTakeFirst();
    if (!q || !stored) throw notFound('试题不存在');
    sig = decodeSignature(stored.signature);
    if (points.length === 0) points = q.points.map((p) => p.id);
  } else sig = signatureOf(request.text);

  const bandHits = await db
    .selectFrom('question_bands')
    .select('question_id')
    .distinct()
    .where('band_key', 'in', bandKeys(sig))
    .execute();
  const pointHits = points.length
    ? await db
        .selectFrom('question_points')
        .select('question_id')
        .distinct()
        .where('point_id', 'in', points)
        .orderBy('question_id', 'desc')
        .limit(POINT_CANDIDATES * 4)
        .execute()
    : [];
  const live = await visibleOf(
    db,
    schoolId,
    request.subjectCode,
    [...new Set([...bandHits, ...pointHits].map((r) => r.question_id))].filter((id) => id !== self),
  );
  const fromBands = new Set(bandHits.map((r) => r.question_id));
  const fromPoints = new Set(pointHits.map((r) => r.question_id));
  const candidates = [
    ...new Set([
      ...live.filter((id) => fromBands.has(id)).slice(0, BAND_CANDIDATES),
      ...live.filter((id) => fromPoints.has(id)).slice(0, POINT_CANDIDATES),
    ]),
  ];
  if (candidates.length === 0) return [];

  const signatures = new Map<number, number[]>();
  const pointsOf = new Map<number, Set<number>>();
  for (let i = 0; i < candidates.length; i += 500) {
    const chunk = candidates.slice(i, i + 500);
    for (const r of await db
      .selectFrom('question_signatures')
      .select(['question_id', 'signature'])
      .where('question_id', 'in', chunk)
      .execute())
      signatures.set(r.question_id, decodeSignature(r.signature));
    for (const r of await db
      .selectFrom('question_points')
      .select(['question_id', 'point_id'])
      .where('question_id', 'in', chunk)
      .execute())
      pointsOf.set(r.question_id, (pointsOf.get(r.question_id) ?? new Set()).add(r.point_id));
  }
  const mine = new Set(points);
  const scored = candidates.flatMap((id) => {
    const other = signatures.get(id);
    if (!other) return [];
    const similarity = estimateJaccard(sig, other);
    const theirs = pointsOf.get(id) ?? new Set<number>();
    const shared = [...theirs].filter((p) => mine.has(p)).length;
    const union = mine.size + theirs.size - shared;
    const pointOverlap = union === 0 ? 0 : shared / union;
    const score = TEXT_WEIGHT * similarity + (1 - TEXT_WEIGHT) * pointOverlap;
    return [{ id, similarity, pointOverlap, score: Math.round(score * 1e6) / 1e6 }];
  });
  scored.sort((a, b) => b.score - a.score || a.id - b.id);
  const top = scored.slice(0, request.limit);
  const items = new Map(
    (
      await loadQuestions(
        db,
        schoolId,
        top.map((s) => s.id),
      )
    ).map((q) => [q.id, q]),
  );
  return top.flatMap((s) => {
    const question = items.get(s.id);
    return question
      ? [{ question, similarity: s.similarity, pointOverlap: s.pointOverlap, score: s.score }]
      : [];
  });
}

/**
 * The ids among `ids` that are live top-level questions of the subject in the school's bank or
 * the cloud bank, newest first. Looked up by id (then checked here), so the database walks the
 * candidates, not the whole bank.
 */
async function visibleOf(db: Db, schoolId: number, subjectCode: string, ids: number[]) {
  const out: number[] = [];
  const regionId = ids.length ? await regionOfSchool(db, schoolId) : null;
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('questions')
      .select(['id', 'school_id', 'region_id', 'subject_code', 'parent_id', 'deleted_at'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows)
      if (
        r.parent_id === null &&
        r.deleted_at === null &&
        r.subject_code === subjectCode &&
        readsRow(r, schoolId, regionId)
      )
        out.push(r.id);
  }
  return out.sort((a, b) => b - a);
}
