import type { BankQuestionItem, Recommendation } from '@examkit/contracts';
import type { Db } from '../core/database';
import { loadQuestions } from './questions';
import { similarQuestions } from './similar';
import { ownOrCloudOf } from './cloudScope';

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
  /**
   * The bank question the exam question was made from (生成考试): never recommended for itself,
   * and the text similarity to it ranks the candidates (`bankSimilarity`).
   */
  source?: { id: number; subjectCode: string; similarity: ReadonlyMap<number, number> } | undefined;
  /** The exam question practised: `recommendFor` finds its bank source from it. */
  examQuestionId?: number;
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
  const source = target.source;
  return candidates
    .filter((c) => c.id !== source?.id)
    .map((c) => {
      const sharedPoints = [...new Set(c.points)].filter((p) => wanted.has(p)).sort();
      return {
        id: c.id,
        sharedPoints,
        similarity: source?.similarity.get(c.id) ?? options.similarity?.(c.id) ?? 0,
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
    .where(ownOrCloudOf('q', schoolId))
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
 * once, each target ranked on its own (with the MinHash similarity to its bank source when the
 * exam question was made from a bank paper), the chosen questions loaded once.
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
  const sources = await bankSources(
    db,
    schoolId,
    targets.flatMap((t) => t.examQuestionId ?? []),
  );
  // The bank's own subject code of the source questions (生成考试 names the exam subject after
  // the school's subject, which the bank may code differently).
  const codes = [...new Set([...subjectCodes, ...[...sources.values()].map((s) => s.subjectCode)])];
  const candidates = await loadCandidates(db, schoolId, codes, names);
  const ranked = targets.map((t) =>
    rankCandidates(
      t.examQuestionId === undefined ? t : { ...t, source: sources.get(t.examQuestionId) },
      candidates,
      limit,
      options,
    ),
  );
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

/** How many of the bank's most similar questions give a source question's similarity scores. */
const SIMILAR_LIMIT = 50;

/**
 * For exam questions made from bank papers (`paper_exam_questions`; a sub-question counts as its
 * composite question), the bank question each came from and the bank's MinHash similarity
 * (`similarQuestions`: 0.7 × stem Jaccard + 0.3 × knowledge-point Jaccard) of its most similar
 * questions, keyed by exam question id. Exam questions typed in by hand are absent.
 */
export async function bankSources(
  db: Db,
  schoolId: number,
  examQuestionIds: readonly number[],
): Promise<Map<number, NonNullable<Target['source']>>> {
  const out = new Map<number, NonNullable<Target['source']>>();
  if (examQuestionIds.length === 0) return out;
  const rows = await db
    .selectFrom('exam_questions')
    .select(['id', 'parent_id'])
    .where('id', 'in', [...examQuestionIds])
    .execute();
  const top = new Map(rows.map((r) => [r.id, r.parent_id ?? r.id]));
  const links = await db
    .selectFrom('paper_exam_questions as pq')
    .innerJoin('questions as q', 'q.id', 'pq.question_id')
    .select(['pq.exam_question_id', 'q.id', 'q.subject_code'])
    .where('pq.exam_question_id', 'in', [...new Set(top.values())])
    .where('q.deleted_at', 'is', null)
    .where(ownOrCloudOf('q', schoolId))
    .execute();
  const cache = new Map<number, NonNullable<Target['source']>>();
  for (const [examQuestionId, topId] of top) {
    const link = links.find((l) => l.exam_question_id === topId);
    if (!link) continue;
    out.set(
      examQuestionId,
      await bankSource(db, schoolId, { id: link.id, subjectCode: link.subject_code }, cache),
    );
  }
  return out;
}

/**
 * A bank question as the source of a target: its id, its subject code and the bank's MinHash
 * similarity of its most similar questions (read once per question through `cache`). Used for
 * exam questions made from bank papers and for homework questions made from the bank.
 */
export async function bankSource(
  db: Db,
  schoolId: number,
  question: { id: number; subjectCode: string },
  cache: Map<number, NonNullable<Target['source']>> = new Map(),
): Promise<NonNullable<Target['source']>> {
  const known = cache.get(question.id);
  if (known) return known;
  const similar = await similarQuestions(db, schoolId, {
    questionId: question.id,
    subjectCode: question.subjectCode,
    limit: SIMILAR_LIMIT,
  });
  const source = {
    id: question.id,
    subjectCode: question.subjectCode,
    similarity: new Map(similar.map((x) => [x.question.id, x.score])),
  };
  cache.set(question.id, source);
  return source;
}
