import type { BankQuestionItem, Recommendation } from '@examkit/contracts';
import type { Db } from '../core/database';
import { loadQuestions } from './questions';

/**
 * Recommending bank questions for an exam question (docs/resources.md "Error questions and
 * recommendations"): the one place that ranks them, so the bank's MinHash similarity plugs in
 * here as `RankOptions.similarity`.
 */

/** A bank question that shares at least one knowledge point with the target. */
export interface Candidate {
  id: number;
  /** Knowledge point names of the bank question. */
  points: readonly string[];
  /** 1 (容易) … 5 (困难). */
  difficulty: number;
}

/** What is being practised: the exam question's point names and how the class did on it. */
export interface Target {
  points: readonly string[];
  /** The class's score rate; null ranks by point overlap alone. */
  scoreRate: number | null;
}

export interface RankOptions {
  /**
   * Text similarity 0–1 of a bank question to the target (the bank's `similarQuestions` MinHash
   * score); ranks between point overlap and difficulty. @default none (0 for every candidate)
   */
  similarity?: (candidateId: number) => number;
}

/** The score rate a class is expected to reach on a question of a bank difficulty (1 → 0.9 … 5 → 0.3). */
export function expectedRate(difficulty: number): number {
  return 1.05 - 0.15 * difficulty;
}

/**
 * Ranks candidates for a target, best first: most shared knowledge points, then the highest
 * similarity, then the difficulty whose expected score rate is nearest the class's, then id.
 * Candidates sharing no point are left out. Deterministic: the same input gives the same order.
 */
export function rankCandidates(
  target: Target,
  candidates: readonly Candidate[],
  limit: number,
  options: RankOptions = {},
): { id: number; sharedPoints: string[] }[] {
  const wanted = new Set(target.points);
  const rate = target.scoreRate;
  return candidates
    .map((c) => {
      const sharedPoints = [...new Set(c.points)].filter((p) => wanted.has(p)).sort();
      return {
        id: c.id,
        sharedPoints,
        similarity: options.similarity?.(c.id) ?? 0,
        gap: rate === null ? 0 : Math.abs(expectedRate(c.difficulty) - rate),
      };
    })
    .filter((c) => c.sharedPoints.length > 0)
    .sort(
      (a, b) =>
        b.sharedPoints.length - a.sharedPoints.length ||
        b.similarity - a.similarity ||
        a.gap - b.gap ||
        a.id - b.id,
    )
    .slice(0, limit)
    .map(({ id, sharedPoints }) => ({ id, sharedPoints }));
}

/**
 * The subject codes a bank question of an exam subject may carry: the exam subject's code and
 * name, and the school subject dictionary's code of that name (the exam pipeline stores names
 * such as 数学; the bank may use the dictionary's code).
 */
export async function subjectAliases(
  db: Db,
  schoolId: number,
  subject: { code: string; name: string },
): Promise<string[]> {
  const rows = await db
    .selectFrom('subjects')
    .select('code')
    .where('school_id', '=', schoolId)
    .where('name', '=', subject.name)
    .execute();
  return [...new Set([subject.code, subject.name, ...rows.map((r) => r.code)])];
}

/**
 * Bank questions (the school's own and the cloud bank, top-level, not deleted) of a subject
 * carrying any of the point names, with all their point names.
 */
export async function loadCandidates(
  db: Db,
  schoolId: number,
  subjectCodes: readonly string[],
  pointNames: readonly string[],
): Promise<Candidate[]> {
  if (pointNames.length === 0 || subjectCodes.length === 0) return [];
  const rows = await db
    .selectFrom('questions as q')
    .innerJoin('question_points as qp', 'qp.question_id', 'q.id')
    .innerJoin('knowledge_points as kp', 'kp.id', 'qp.point_id')
    .select(['q.id', 'q.difficulty', 'kp.name'])
    .where('q.subject_code', 'in', [...subjectCodes])
    .where('kp.subject_code', 'in', [...subjectCodes])
    .where('q.parent_id', 'is', null)
    .where('q.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('q.school_id', 'is', null), eb('q.school_id', '=', schoolId)]))
    .where('q.id', 'in', (eb) =>
      eb
        .selectFrom('question_points as qp2')
        .innerJoin('knowledge_points as kp2', 'kp2.id', 'qp2.point_id')
        .select('qp2.question_id')
        .where('kp2.name', 'in', [...pointNames]),
    )
    .orderBy('q.id')
    .execute();
  const byId = new Map<number, Candidate & { points: string[] }>();
  for (const r of rows) {
    const c = byId.get(r.id) ?? { id: r.id, difficulty: r.difficulty, points: [] };
    c.points.push(r.name);
    byId.set(r.id, c);
  }
  return [...byId.values()];
}

/**
 * Recommends bank questions for several targets of one subject at once: candidates are read
 * once, each target ranked on its own, the chosen questions loaded once.
 */
export async function recommendFor(
  db: Db,
  schoolId: number,
  subjectCodes: readonly string[],
  targets: readonly Target[],
  limit: number,
  options: RankOptions = {},
): Promise<Recommendation[][]> {
  const names = [...new Set(targets.flatMap((t) => t.points))];
  const candidates = await loadCandidates(db, schoolId, subjectCodes, names);
  const ranked = targets.map((t) => rankCandidates(t, candidates, limit, options));
  const ids = [...new Set(ranked.flatMap((r) => r.map((x) => x.id)))];
  const questions = new Map<number, BankQuestionItem>(
    (await loadQuestions(db, schoolId, ids)).map((q) => [q.id, q]),
  );
  return ranked.map((r) =>
    r.flatMap(({ id, sharedPoints }) => {
      const question = questions.get(id);
      return question ? [{ question, sharedPoints }] : [];
    }),
  );
}
