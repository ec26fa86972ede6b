import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../core/schema';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { Block } from './access';
import type { MarkingTasksTable, PaperState } from './tables';
import { blockCounts, type BlockCounts } from './blocks';
import { SLOT } from './slots';

const HOUR = 3_600_000;

export interface MarkerProgress {
  userId: number;
  name: string;
  marked: number;
  leased: number;
  lastHour: number;
  /** Marks per hour over the last hour. */
  speedPerHour: number;
  quota: number | null;
  remaining: number | null;
  estimatedFinishAt: number | null;
}

export interface BlockProgress {
  blockId: number;
  name: string;
  state: string;
  papers: BlockCounts;
  /** Marks (independent marks and arbitrations) still to give. */
  remainingMarks: number;
  doneMarks: number;
  speedPerHour: number;
  estimatedFinishAt: number | null;
  markers: MarkerProgress[];
}

const markSlots = (eb: ExpressionBuilder<DB & { t: MarkingTasksTable }, 't'>) =>
  eb.or([eb('t.slot', '<=', SLOT.third), eb('t.slot', '=', SLOT.arbitration)]);

/** Progress of a block and of each of its markers: marked, remaining, speed, estimated finish. */
export async function blockProgress(db: Db, clock: Clock, block: Block): Promise<BlockProgress> {
  const now = clock.now().getTime();
  const since = now - HOUR;
  const taskRows = await db
    .selectFrom('marking_tasks as t')
    .innerJoin('marking_papers as p', 'p.id', 't.paper_id')
    .select([
      't.state',
      sql<number>`sum(case when t.submitted_at >= ${since} then 1 else 0 end)`.as('recent'),
      (eb) => eb.fn.countAll<number>().as('n'),
    ])
    .where('t.block_id', '=', block.id)
    .where('p.is_seed', '=', 0)
    .where(markSlots)
    .groupBy('t.state')
    .execute();
  let doneMarks = 0;
  let remainingMarks = 0;
  let recent = 0;
  for (const r of taskRows) {
    const n = Number(r.n);
    if (r.state === 'done') {
      doneMarks += n;
      recent += Number(r.recent);
    } else if (r.state === 'pending' || r.state === 'leased') remainingMarks += n;
  }
  const perMarker = await db
    .selectFrom('marking_block_users as u')
    .innerJoin('users', 'users.id', 'u.user_id')
    .select(['u.user_id', 'users.nick_name', 'u.quota'])
    .where('u.block_id', '=', block.id)
    .where('u.role', 'in', ['marker', 'arbitrator'])
    .orderBy('u.user_id')
    .execute();
  const byUser = await db
    .selectFrom('marking_tasks as t')
    .select([
      't.user_id',
      sql<number>`sum(case when t.state = 'done' then 1 else 0 end)`.as('marked'),
      sql<number>`sum(case when t.state = 'leased' and t.lease_expires_at > ${now} then 1 else 0 end)`.as(
        'leased',
      ),
      sql<number>`sum(case when t.state = 'done' and t.submitted_at >= ${since} then 1 else 0 end)`.as(
        'recent',
      ),
    ])
    .where('t.block_id', '=', block.id)
    .where(markSlots)
    .where('t.user_id', 'is not', null)
    .groupBy('t.user_id')
    .execute();
  const stats = new Map(byUser.map((r) => [r.user_id, r]));
  const seen = new Set<number>();
  const markers: MarkerProgress[] = [];
  for (const m of perMarker) {
    if (seen.has(m.user_id)) continue;
    seen.add(m.user_id);
    const s = stats.get(m.user_id);
    const marked = Number(s?.marked ?? 0);
    const lastHour = Number(s?.recent ?? 0);
    const quota = block.distribution === 'quota' ? m.quota : null;
    const remaining = quota === null ? null : Math.max(0, quota - marked);
    markers.push({
      userId: m.user_id,
      name: m.nick_name,
      marked,
      leased: Number(s?.leased ?? 0),
      lastHour,
      speedPerHour: lastHour,
      quota,
      remaining,
      estimatedFinishAt: estimate(now, remaining ?? 0, lastHour, remaining !== null),
    });
  }
  return {
    blockId: block.id,
    name: block.name,
    state: block.state,
    papers: await blockCounts(db, block.id),
    remainingMarks,
    doneMarks,
    speedPerHour: recent,
    estimatedFinishAt: estimate(now, remainingMarks, recent, true),
    markers,
  };
}

function estimate(now: number, remaining: number, perHour: number, known: boolean): number | null {
  if (!known) return null;
  if (remaining === 0) return now;
  return perHour > 0 ? now + Math.round((remaining / perHour) * HOUR) : null;
}

/** Score statistics in points. */
export interface ScoreStats {
  count: number;
  mean: number;
  stdDev: number;
  zeroShare: number;
  fullShare: number;
  /** Score in points → how many marks gave it. */
  distribution: Record<string, number>;
}

export interface MarkerQuality extends ScoreStats {
  userId: number;
  name: string;
  /** Papers this marker marked where both independent marks are in, and how many differed beyond the tolerance. */
  pairs: number;
  disagreementRate: number | null;
  /** Blind re-checks: how many, how many gave the same score, the mean absolute difference (points). */
  rechecks: number;
  recheckSameShare: number | null;
  recheckMeanDiff: number | null;
  /** Hidden seed papers: how many, exact share, mean absolute error (points). */
  seeds: number;
  seedExactShare: number | null;
  seedMeanError: number | null;
}

export function scoreStats(scoresHalf: number[], fullHalf: number): ScoreStats {
  const count = scoresHalf.length;
  const distribution: Record<string, number> = {};
  if (count === 0) return { count, mean: 0, stdDev: 0, zeroShare: 0, fullShare: 0, distribution };
  let sum = 0;
  let zeros = 0;
  let fulls = 0;
  for (const s of scoresHalf) {
    sum += s;
    if (s === 0) zeros++;
    if (s === fullHalf) fulls++;
    const key = String(s / 2);
    distribution[key] = (distribution[key] ?? 0) + 1;
  }
  const meanHalf = sum / count;
  const variance = scoresHalf.reduce((acc, s) => acc + (s - meanHalf) ** 2, 0) / count;
  return {
    count,
    mean: round3(meanHalf / 2),
    stdDev: round3(Math.sqrt(variance) / 2),
    zeroShare: round3(zeros / count),
    fullShare: round3(fulls / count),
    distribution,
  };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Quality per marker beside the block's: distribution, disagreement, re-check consistency, seeds. */
export async function blockQuality(
  db: Db,
  block: Block,
): Promise<{ block: ScoreStats; markers: MarkerQuality[] }> {
  const rows = await db
    .selectFrom('marking_tasks as t')
    .innerJoin('marking_papers as p', 'p.id', 't.paper_id')
    .select([
      't.paper_id',
      't.slot',
      't.user_id',
      't.score_half',
      't.assigned_to',
      'p.seed_score_half',
      'p.is_seed',
    ])
    .where('t.block_id', '=', block.id)
    .where('t.state', '=', 'done')
    .execute();
  const names = await db
    .selectFrom('marking_block_users as u')
    .innerJoin('users', 'users.id', 'u.user_id')
    .select(['u.user_id', 'users.nick_name'])
    .where('u.block_id', '=', block.id)
    .where('u.role', '=', 'marker')
    .execute();
  const marksByPaper = new Map<number, Map<number, { user: number; score: number }>>();
  const own = new Map<string, number>();
  const scoresByUser = new Map<number, number[]>();
  const all: number[] = [];
  for (const r of rows) {
    if (r.slot > SLOT.third || r.is_seed === 1 || r.user_id === null || r.score_half === null)
      continue;
    all.push(r.score_half);
    (scoresByUser.get(r.user_id) ?? scoresByUser.set(r.user_id, []).get(r.user_id)!).push(
      r.score_half,
    );
    const slots =
      marksByPaper.get(r.paper_id) ?? marksByPaper.set(r.paper_id, new Map()).get(r.paper_id)!;
    slots.set(r.slot, { user: r.user_id, score: r.score_half });
    own.set(`${r.paper_id}:${r.user_id}`, r.score_half);
  }
  const pairs = new Map<number, { pairs: number; apart: number }>();
  for (const slots of marksByPaper.values()) {
    const a = slots.get(1);
    const b = slots.get(2);
    if (!a || !b) continue;
    const apart = Math.abs(a.score - b.score) > block.tolerance_half ? 1 : 0;
    for (const m of [a, b]) {
      const p = pairs.get(m.user) ?? { pairs: 0, apart: 0 };
      p.pairs++;
      p.apart += apart;
      pairs.set(m.user, p);
    }
  }
  const rechecks = new Map<number, number[]>();
  const seeds = new Map<number, number[]>();
  for (const r of rows) {
    if (r.user_id === null || r.score_half === null) continue;
    if (r.slot === SLOT.recheck) {
      const first = own.get(`${r.paper_id}:${r.user_id}`);
      if (first !== undefined)
        (rechecks.get(r.user_id) ?? rechecks.set(r.user_id, []).get(r.user_id)!).push(
          Math.abs(first - r.score_half),
        );
    } else if (r.slot === SLOT.seed && r.seed_score_half !== null) {
      (seeds.get(r.user_id) ?? seeds.set(r.user_id, []).get(r.user_id)!).push(
        Math.abs(r.seed_score_half - r.score_half),
      );
    }
  }
  const shareOf = (diffs: number[] | undefined) =>
    diffs && diffs.length ? round3(diffs.filter((d) => d === 0).length / diffs.length) : null;
  const meanOf = (diffs: number[] | undefined) =>
    diffs && diffs.length ? round3(diffs.reduce((a, b) => a + b, 0) / diffs.length / 2) : null;
  const markers = names.map((n): MarkerQuality => {
    const p = pairs.get(n.user_id);
    return {
      userId: n.user_id,
      name: n.nick_name,
      ...scoreStats(scoresByUser.get(n.user_id) ?? [], block.full_score_half),
      pairs: p?.pairs ?? 0,
      disagreementRate: p && p.pairs ? round3(p.apart / p.pairs) : null,
      rechecks: rechecks.get(n.user_id)?.length ?? 0,
      recheckSameShare: shareOf(rechecks.get(n.user_id)),
      recheckMeanDiff: meanOf(rechecks.get(n.user_id)),
      seeds: seeds.get(n.user_id)?.length ?? 0,
      seedExactShare: shareOf(seeds.get(n.user_id)),
      seedMeanError: meanOf(seeds.get(n.user_id)),
    };
  });
  return { block: scoreStats(all, block.full_score_half), markers };
}

/** A paper with every mark on it, by whom and when (checkPaper, problem queue, random check). */
export interface PaperDetail {
  paperId: number;
  blockId: number;
  blockName: string;
  studentId: number;
  studentName: string | null;
  studentNo: string | null;
  state: string;
  finalScore: number | null;
  finalSource: string | null;
  problem: { reason: string; note: string; userId: number | null; at: number | null } | null;
  sample: { kind: string; note: string } | null;
  marks: {
    kind: string;
    slot: number | null;
    userId: number;
    userName: string;
    score: number;
    at: number;
    /** Why the leader re-marked (组长改分); null for other marks. */
    reason: string | null;
  }[];
}

/** Papers of the school's blocks with their marks; filter by block, subject and student. */
export async function paperDetails(
  db: Db,
  /** The caller's school; `'pool'`: a 统一阅卷 pool block's papers, with no student named. */
  schoolId: number | 'pool',
  filter: {
    blockId?: number | undefined;
    examSubjectId?: number | undefined;
    studentId?: number | undefined;
    studentNo?: string | undefined;
    paperIds?: number[] | undefined;
    states?: PaperState[] | undefined;
    limit?: number | undefined;
  },
): Promise<PaperDetail[]> {
  let query = db
    .selectFrom('marking_papers as p')
    .innerJoin('marking_blocks as b', 'b.id', 'p.block_id')
    .leftJoin('students as s', (j) =>
      // A pool paper's student is of any participating school: never named (joint/pool.ts).
      j
        .onRef('s.id', '=', 'p.student_id')
        .on('s.school_id', '=', schoolId === 'pool' ? -1 : schoolId),
    )
    .select([
      'p.id',
      'p.block_id',
      'b.name as block_name',
      'p.student_id',
      's.name as student_name',
      's.student_no',
      'p.state',
      'p.final_score_half',
      'p.final_source',
      'p.problem_reason',
      'p.problem_note',
      'p.problem_user_id',
      'p.problem_at',
      'p.sample_kind',
      'p.sample_note',
    ])
    .where((eb) =>
      schoolId === 'pool'
        ? eb('b.joint_exam_id', 'is not', null)
        : eb.and([eb('b.school_id', '=', schoolId), eb('b.joint_exam_id', 'is', null)]),
    )
    .where('p.is_seed', '=', 0);
  if (filter.blockId !== undefined) query = query.where('p.block_id', '=', filter.blockId);
  if (filter.examSubjectId !== undefined)
    query = query.where('b.exam_subject_id', '=', filter.examSubjectId);
  if (filter.studentId !== undefined) query = query.where('p.student_id', '=', filter.studentId);
  if (filter.studentNo !== undefined) query = query.where('s.student_no', '=', filter.studentNo);
  if (filter.paperIds !== undefined) {
    if (filter.paperIds.length === 0) return [];
    query = query.where('p.id', 'in', filter.paperIds);
  }
  if (filter.states !== undefined) query = query.where('p.state', 'in', filter.states);
  const papers = await query
    .orderBy('p.id')
    .limit(filter.limit ?? 200)
    .execute();
  if (papers.length === 0) return [];
  const marks = await db
    .selectFrom('marking_marks as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('marking_tasks as t', 't.id', 'm.task_id')
    .select([
      'm.paper_id',
      'm.kind',
      't.slot',
      'm.user_id',
      'u.nick_name',
      'm.score_half',
      'm.created_at',
      'm.reason',
    ])
    .where(
      'm.paper_id',
      'in',
      papers.map((p) => p.id),
    )
    .orderBy('m.id')
    .execute();
  return papers.map((p) => ({
    paperId: p.id,
    blockId: p.block_id,
    blockName: p.block_name,
    studentId: schoolId === 'pool' ? 0 : p.student_id,
    studentName: p.student_name,
    studentNo: p.student_no,
    state: p.state,
    finalScore: p.final_score_half === null ? null : p.final_score_half / 2,
    finalSource: p.final_source,
    problem:
      p.problem_reason === null
        ? null
        : {
            reason: p.problem_reason,
            note: p.problem_note ?? '',
            userId: p.problem_user_id,
            at: p.problem_at,
          },
    sample: p.sample_kind === null ? null : { kind: p.sample_kind, note: p.sample_note ?? '' },
    marks: marks
      .filter((m) => m.paper_id === p.id)
      .map((m) => ({
        kind: m.kind,
        slot: m.slot,
        userId: m.user_id,
        userName: m.nick_name,
        score: m.score_half / 2,
        at: m.created_at,
        reason: m.reason,
      })),
  }));
}

/** 回评 list: the marker's own submitted papers of a block, newest first. */
export async function reviewList(db: Db, blockId: number, userId: number, limit: number) {
  const rows = await db
    .selectFrom('marking_tasks as t')
    .innerJoin('marking_papers as p', 'p.id', 't.paper_id')
    .select(['t.id', 't.paper_id', 't.slot', 't.score_half', 't.submitted_at', 'p.final_source'])
    .where('t.block_id', '=', blockId)
    .where('t.user_id', '=', userId)
    .where('t.state', '=', 'done')
    .orderBy('t.submitted_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    taskId: r.id,
    paperId: r.paper_id,
    score: (r.score_half ?? 0) / 2,
    submittedAt: r.submitted_at ?? 0,
    canRescore: r.final_source !== 'arbitration' && r.final_source !== 'leader',
  }));
}

/** 阅卷抽查: a random sample of a block's finished papers with their marks. */
export async function randomCheck(
  db: Db,
  schoolId: number | 'pool',
  blockId: number,
  count: number,
) {
  const ids = await db
    .selectFrom('marking_papers')
    .select('id')
    .where('block_id', '=', blockId)
    .where('state', '=', 'done')
    .where('is_seed', '=', 0)
    .orderBy(sql`random()`)
    .limit(count)
    .execute();
  return paperDetails(db, schoolId, { blockId, paperIds: ids.map((r) => r.id) });
}
