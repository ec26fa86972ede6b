import { analyseExam, type ExamAnalysis, type ExamInput } from '@examkit/analysis';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { loadSnapshot, scoresVersion, type CachedReport, type Snapshot } from './snapshot';

/** Engine ids are zero-padded so that the engine's code-unit order is the numeric order. */
export const engineId = (id: number) => String(id).padStart(10, '0');
export const fromEngineId = (id: string) => Number(id);

/** Turns a snapshot into the engine's columnar input. */
export function engineInput(snapshot: Snapshot): ExamInput {
  return {
    students: snapshot.students.map((s) => ({ id: engineId(s.id), classId: engineId(s.classId) })),
    classIds: snapshot.classes.map((c) => engineId(c.id)),
    subjects: snapshot.subjects.map((subject) => ({
      id: engineId(subject.id),
      fullMarks: subject.fullMarks,
      questions: subject.questions.map((q) => ({
        id: engineId(q.id),
        fullMarks: q.fullMarks,
        kind: q.objective ? ('objective' as const) : ('subjective' as const),
        tags: q.knowledgePoints,
        abilities: q.abilities,
        ...(q.objective ? { options: q.options } : {}),
      })),
    })),
    scores: snapshot.subjects.map((subject, si) => {
      const scores = snapshot.scores[si]!;
      return {
        subjectId: engineId(subject.id),
        questions: scores.questions.map((col) => Float64Array.from(col, (v) => v ?? Number.NaN)),
        totals: Float64Array.from(scores.totals, (v) => v ?? Number.NaN),
        absent: Uint8Array.from(scores.absent),
        ...(scores.takes ? { takes: Uint8Array.from(scores.takes) } : {}),
        responses: subject.questions.map((q, qi) =>
          q.objective
            ? Uint32Array.from(scores.answers[qi]!, (a) => optionMask(q.options, a))
            : undefined,
        ),
      };
    }),
    teachers: snapshot.teachers.map((t) => ({
      id: engineId(t.userId),
      classIds: t.classIds.map(engineId),
      subjectIds: t.subjectIds.map(engineId),
    })),
    ...(snapshot.previous ? { previous: enginePrevious(snapshot.previous) } : {}),
  };
}

function enginePrevious(previous: NonNullable<Snapshot['previous']>) {
  const keyed = (ranks: Record<number, number>) =>
    Object.fromEntries(Object.entries(ranks).map(([id, r]) => [engineId(Number(id)), r]));
  return {
    total: keyed(previous.total),
    subjects: Object.fromEntries(
      Object.entries(previous.subjects).map(([id, ranks]) => [engineId(Number(id)), keyed(ranks)]),
    ),
  };
}

/** Bit mask of a recognised choice over the option labels (A = 1, B = 2 …); 0 for blank. */
export function optionMask(options: readonly string[], answer: string | null): number {
  if (!answer) return 0;
  let mask = 0;
  for (const ch of answer.toUpperCase()) {
    const i = options.indexOf(ch);
    if (i >= 0) mask |= 1 << i;
  }
  return mask;
}

/** Runs the engine over a snapshot. */
export function computeReport(snapshot: Snapshot): CachedReport {
  const analysis: ExamAnalysis = analyseExam(engineInput(snapshot), snapshot.options);
  return { snapshot, analysis };
}

/** A report as read from the cache, with when it was computed. */
export interface ReportRead {
  report: CachedReport;
  computedAt: number;
  version: string;
}

// Parsed payloads of recent reads: the version check still runs on every open.
const parsed = new Map<string, ReportRead>();
const PARSED_LIMIT = 8;
// One computation per exam at a time within this process.
const running = new Map<string, Promise<ReportRead | null>>();

const dbIds = new WeakMap<Db, number>();
let dbCounter = 0;

function dbKey(db: Db, examId: number): string {
  let id = dbIds.get(db);
  if (id === undefined) {
    id = ++dbCounter;
    dbIds.set(db, id);
  }
  return `${id}:${examId}`;
}

/**
 * Drops the cached report of an exam. Call it after writing scores, totals, participants or the
 * paper of the exam (the exam, scan and marking domains do); the next open recomputes once.
 * Forgetting the call never serves stale numbers: every read compares {@link scoresVersion}.
 */
export async function invalidateExamReport(db: Db, examId: number): Promise<void> {
  await db.deleteFrom('report_cache').where('exam_id', '=', examId).execute();
  for (const key of parsed.keys()) if (key.startsWith(`${dbKey(db, examId)}@`)) parsed.delete(key);
}

/**
 * The report of an exam: the cached one when its scores version is current, otherwise computed
 * once, stored and returned. Null when the exam does not exist.
 */
export async function readExamReport(
  db: Db,
  clock: Clock,
  examId: number,
  options: { force?: boolean } = {},
): Promise<ReportRead | null> {
  const version = await scoresVersion(db, examId);
  const key = dbKey(db, examId);
  if (!options.force) {
    const memo = parsed.get(`${key}@${version}`);
    if (memo) {
      const row = await db
        .selectFrom('report_cache')
        .select(['computed_at', 'scores_version'])
        .where('exam_id', '=', examId)
        .executeTakeFirst();
      if (row && row.scores_version === version && Number(row.computed_at) === memo.computedAt)
        return memo;
    }
    const row = await db
      .selectFrom('report_cache')
      .selectAll()
      .where('exam_id', '=', examId)
      .executeTakeFirst();
    if (row && row.scores_version === version) {
      const read: ReportRead = {
        report: JSON.parse(row.payload) as CachedReport,
        computedAt: Number(row.computed_at),
        version,
      };
      remember(`${key}@${version}`, read);
      return read;
    }
  }
  const pending = running.get(key);
  if (pending) return pending;
  const job = (async () => {
    const snapshot = await loadSnapshot(db, examId);
    if (!snapshot) return null;
    // The version is read before the snapshot: a write in between makes the next read recompute.
    const report = computeReport(snapshot);
    const computedAt = clock.now().getTime();
    const payload = JSON.stringify(report);
    // An upsert, so that two servers finishing the same computation never collide.
    await db
      .insertInto('report_cache')
      .values({ exam_id: examId, scores_version: version, computed_at: computedAt, payload })
      .onConflict((oc) =>
        oc
          .column('exam_id')
          .doUpdateSet({ scores_version: version, computed_at: computedAt, payload }),
      )
      .execute();
    const read: ReportRead = {
      report: JSON.parse(payload) as CachedReport,
      computedAt,
      version,
    };
    remember(`${key}@${version}`, read);
    return read;
  })();
  running.set(key, job);
  try {
    return await job;
  } finally {
    running.delete(key);
  }
}

function remember(key: string, read: ReportRead) {
  parsed.delete(key);
  parsed.set(key, read);
  while (parsed.size > PARSED_LIMIT) {
    const oldest = parsed.keys().next().value;
    if (oldest === undefined) break;
    parsed.delete(oldest);
  }
}
