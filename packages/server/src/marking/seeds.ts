import { sql, type ExpressionBuilder } from 'kysely';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { DB } from '../core/schema';
import { badRequest, notFound } from '../core/envelope';
import { expiredLease } from './leases';
import { lockPaper } from './locks';
import { SLOT } from './slots';
import { conflict, ensureTasks, loadBlock } from './blocks';
import { toHalf, validScore } from './scoring';
import type { MarkingPapersTable } from './tables';
import { writeTransaction } from './transaction';

/** `seeded`: whether the paper's student already has a seed paper in the block. */
function seededIn(eb: ExpressionBuilder<DB & { p: MarkingPapersTable }, 'p'>, blockId: number) {
  return eb
    .exists(
      eb
        .selectFrom('marking_papers as x')
        .select('x.id')
        .where('x.block_id', '=', blockId)
        .where('x.is_seed', '=', 1)
        .whereRef('x.student_id', '=', 'p.student_id'),
    )
    .as('seeded');
}

/** A hidden seed paper (隐藏样卷) as the set-up page lists it; scores in points. */
export interface SeedPaper {
  paperId: number;
  studentId: number;
  studentName: string | null;
  studentNo: string | null;
  seedScore: number;
  /** Markers it is handed to: one seed task each, created when the block opens. */
  assigned: number;
  marked: number;
  /** Markers who gave exactly the known score. */
  exact: number;
  createdAt: number;
}

/**
 * The seed papers of a block, oldest first, with who got and who marked them. `'pool'` (a joint
 * exam's pool block, papers of several schools) names no student: `studentId` 0, name and number null.
 */
export async function listSeeds(
  db: Db,
  schoolId: number | 'pool',
  blockId: number,
): Promise<SeedPaper[]> {
  const pool = schoolId === 'pool';
  const rows = await db
    .selectFrom('marking_papers as p')
    .leftJoin('students as s', (j) =>
      // No school has id 0: the pool joins no student.
      j.onRef('s.id', '=', 'p.student_id').on('s.school_id', '=', pool ? 0 : schoolId),
    )
    .leftJoin('marking_tasks as t', (j) =>
      j
        .onRef('t.paper_id', '=', 'p.id')
        .on('t.slot', '=', SLOT.seed)
        .on('t.state', '<>', 'cancelled'),
    )
    .select([
      'p.id',
      'p.student_id',
      's.name',
      's.student_no',
      'p.seed_score_half',
      'p.created_at',
      sql<number>`count(t.id)`.as('assigned'),
      sql<number>`sum(case when t.state = 'done' then 1 else 0 end)`.as('marked'),
      sql<number>`sum(case when t.state = 'done' and t.score_half = p.seed_score_half then 1 else 0 end)`.as(
        'exact',
      ),
    ])
    .where('p.block_id', '=', blockId)
    .where('p.is_seed', '=', 1)
    .groupBy([
      'p.id',
      'p.student_id',
      's.name',
      's.student_no',
      'p.seed_score_half',
      'p.created_at',
    ])
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    paperId: r.id,
    studentId: pool ? 0 : r.student_id,
    studentName: r.name,
    studentNo: r.student_no,
    seedScore: (r.seed_score_half ?? 0) / 2,
    assigned: Number(r.assigned),
    marked: Number(r.marked ?? 0),
    exact: Number(r.exact ?? 0),
    createdAt: Number(r.created_at),
  }));
}

/** A student's paper of a block offered as the source of a seed paper. */
export interface PaperOption {
  paperId: number;
  studentId: number;
  studentName: string | null;
  studentNo: string | null;
  state: string;
  finalScore: number | null;
  /** The student's answer already is a seed paper of the block. */
  seeded: boolean;
}

/** A paper row as its option, naming the student given (or none). */
const paperOption = (
  r: { id: number; state: string; final_score_half: number | null; seeded: unknown },
  student: Pick<PaperOption, 'studentId' | 'studentName' | 'studentNo'>,
): PaperOption => ({
  paperId: r.id,
  ...student,
  state: r.state,
  finalScore: r.final_score_half === null ? null : r.final_score_half / 2,
  seeded: Boolean(Number(r.seeded)),
});

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The students' papers of a block whose exam number or name contains `keyword`, in exam
 * number order; `done` keeps the papers with a final score.
 */
export async function searchPapers(
  db: Db,
  schoolId: number,
  blockId: number,
  filter: { keyword: string; done: boolean; limit: number },
): Promise<PaperOption[]> {
  const keyword = filter.keyword.trim();
  let query = db
    .selectFrom('marking_papers as p')
    .innerJoin('students as s', (j) =>
      j.onRef('s.id', '=', 'p.student_id').on('s.school_id', '=', schoolId),
    )
    .select([
      'p.id',
      'p.student_id',
      's.name',
      's.student_no',
      'p.state',
      'p.final_score_half',
      (eb) => seededIn(eb, blockId),
    ])
    .where('p.block_id', '=', blockId)
    .where('p.is_seed', '=', 0);
  if (keyword) {
    const pattern = likePattern(keyword);
    query = query.where(
      sql<boolean>`(s.student_no like ${pattern} escape '\\' or s.name like ${pattern} escape '\\')`,
    );
  }
  if (filter.done) query = query.where('p.state', '=', 'done');
  const rows = await query.orderBy('s.student_no').orderBy('p.id').limit(filter.limit).execute();
  return rows.map((r) =>
    paperOption(r, { studentId: r.student_id, studentName: r.name, studentNo: r.student_no }),
  );
}

/**
 * The papers of a pool block offered as the source of a seed paper, in paper order, naming no
 * student (`studentId` 0, name and number null) nor school; `done` keeps the papers with a final
 * score. `seeded`: the student's answer already is a seed paper of the block.
 */
export async function poolSeedPapers(
  db: Db,
  blockId: number,
  filter: { done: boolean; limit: number },
): Promise<PaperOption[]> {
  let query = db
    .selectFrom('marking_papers as p')
    .select(['p.id', 'p.state', 'p.final_score_half', (eb) => seededIn(eb, blockId)])
    .where('p.block_id', '=', blockId)
    .where('p.is_seed', '=', 0);
  if (filter.done) query = query.where('p.state', '=', 'done');
  const rows = await query.orderBy('p.id').limit(filter.limit).execute();
  return rows.map((r) => paperOption(r, { studentId: 0, studentName: null, studentNo: null }));
}

/**
 * Makes a hidden seed paper from a student's paper of the block: the same crop with a known
 * score, handed once to every marker (at once when the block is open, else when it starts).
 * One seed per student and block; the score keeps full marks and the step.
 */
export async function addSeed(
  db: Db,
  clock: Clock,
  input: { blockId: number; paperId: number; seedScore: number },
): Promise<{ paperId: number }> {
  const now = clock.now().getTime();
  return writeTransaction(db, async (trx) => {
    const block = await loadBlock(trx, input.blockId);
    if (block.state === 'finished') throw conflict('题块已结束，不能添加样卷');
    const source = await trx
      .selectFrom('marking_papers')
      .select(['student_id', 'crop_key'])
      .where('id', '=', input.paperId)
      .where('block_id', '=', block.id)
      .where('is_seed', '=', 0)
      .executeTakeFirst();
    if (!source) throw notFound('试卷不存在');
    const seedHalf = toHalf(input.seedScore);
    if (!validScore(seedHalf, block.full_score_half, block.step_half))
      throw badRequest(
        `样卷分数须在 0–${block.full_score_half / 2} 分之间，且为 ${block.step_half / 2} 分的倍数`,
      );
    const existing = await trx
      .selectFrom('marking_papers')
      .select('id')
      .where('block_id', '=', block.id)
      .where('student_id', '=', source.student_id)
      .where('is_seed', '=', 1)
      .executeTakeFirst();
    if (existing) throw conflict('该考生的答卷已是隐藏样卷');
    const row = await trx
      .insertInto('marking_papers')
      .values({
        block_id: block.id,
        student_id: source.student_id,
        crop_key: source.crop_key,
        state: 'marking',
        is_seed: 1,
        seed_score_half: seedHalf,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ensureTasks(trx, clock, block);
    return { paperId: row.id };
  });
}

/**
 * Removes a seed paper nobody has marked: its waiting tasks go with it. Refused (409) once a
 * marker marked it, while a marker holds a live lease on it, or when the block is finished.
 */
export async function removeSeed(db: Db, clock: Clock, paperId: number): Promise<void> {
  const now = clock.now().getTime();
  await writeTransaction(db, async (trx) => {
    // Under the paper lock a submit of this seed cannot interleave.
    const paper = await lockPaper(trx, paperId);
    if (paper.is_seed !== 1) throw badRequest('只能删除隐藏样卷');
    const block = await loadBlock(trx, paper.block_id);
    if (block.state === 'finished') throw conflict('题块已结束，不能修改样卷');
    const marked = conflict('已有阅卷老师评过该样卷，不能删除');
    const mark = await trx
      .selectFrom('marking_marks')
      .select('id')
      .where('paper_id', '=', paperId)
      .executeTakeFirst();
    if (mark) throw marked;
    // Pending and expired tasks go; a task a marker just claimed stays and refuses the removal.
    await trx
      .deleteFrom('marking_tasks')
      .where('paper_id', '=', paperId)
      .where((eb) => eb.or([eb('state', 'in', ['pending', 'cancelled']), expiredLease(eb, now)]))
      .execute();
    const left = await trx
      .selectFrom('marking_tasks')
      .select('state')
      .where('paper_id', '=', paperId)
      .execute();
    if (left.some((t) => t.state === 'done')) throw marked;
    if (left.length > 0) throw conflict('有阅卷老师正在评阅该样卷，请稍后再删除');
    await trx.deleteFrom('marking_papers').where('id', '=', paperId).execute();
  });
}
