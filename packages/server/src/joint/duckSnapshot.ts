import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import type { ScoreLevel } from '@examkit/analysis';
import type { Clock } from '../core/clock';
import { DEFAULT_JOINT_DUCKDB_MIN_STUDENTS } from '../core/config';
import type { Db } from '../core/database';
import type { Snapshot } from '../report/snapshot';
import type { JointRow } from './access';
import { weakRate } from '../report/snapshot';
import {
  gradeFigures,
  weakTagCounts,
  type DuckColumnStats,
  type DuckPaperStats,
  type DuckQuestionStats,
} from './duck/figures';
import type { DuckQuestion } from './duck/load';
import { loadJointInput } from './duck/load';
import { openJointDuck } from './duck/open';
import { num, numOrNull, rows } from './duck/sql';
import { readySchools, type JointPart } from './report';

/** When and how the joint snapshot job computes in DuckDB (docs/joint-exams.md#snapshots). */
export interface JointDuckSettings {
  /**
   * From this many students of the finished schools on, the snapshot's grade figures are computed
   * in DuckDB and kept as rows; 0 = always.
   */
  minStudents: number;
  /** What does not fit DuckDB's memory spills to `<dataDir>/duckdb-tmp`. */
  dataDir: string;
  threads?: number;
  memoryLimit?: string;
}

/** The settings of a server not told otherwise: the default threshold, spilling to the temp folder. */
export const defaultJointDuckSettings = (): JointDuckSettings => ({
  minStudents: DEFAULT_JOINT_DUCKDB_MIN_STUDENTS,
  dataDir: join(tmpdir(), 'examkit'),
});

/** What the pages need of a DuckDB snapshot besides its rows (`joint_snapshot_heads.payload`). */
export interface DuckHead {
  /** The union's exam, as `unionSnapshot` makes it. */
  exam: Snapshot['exam'];
  subjects: { id: number; name: string; fullMarks: number }[];
  /** The finished schools, each a group. */
  parts: JointPart[];
  /** The groups with figures (the engine's classes): the schools with students, in order. */
  groups: number[];
  /**
   * Each subject's paper as the comment and ability pages show it, in `subjects`' order (absent
   * from heads written before those pages read the rows: they then compute in process).
   */
  papers?: DuckHeadPaper[];
  /**
   * The class pages' classes (the schools' in order, each school's by id) with their school's
   * group, and the classes with figures: those whose subject rows are kept under `grp = -id`
   * (absent from heads written before: the class pages then compute in process).
   */
  classes?: { id: number; name: string; group: number }[];
  classGroups?: number[];
}

/** A class's figures of one subject (`joint_snapshot_figures` under `grp = -classId`). */
export interface DuckClassFigureRow {
  questions: DuckQuestionStats[];
  paper?: DuckPaperStats;
}

/** The `grp` of a class's figure rows: apart from the schools' groups (0, 1, 2 …). */
export const classKey = (classId: number) => -classId;

/** A subject's scored leaves (the union's: the first school's) and whether choices were stored. */
export interface DuckHeadPaper {
  subject: number;
  questions: DuckQuestion[];
  choicesRecorded: boolean[];
}

/** A tag's weak students per group (`weak` of a subject's figures row): tag → count, 0 left out. */
export type DuckWeakCounts = Record<'knowledgePoints' | 'abilities', Record<string, number>>;

/** A 临界生 list of a column, each student as the pages show them. */
export interface DuckCriticalRow {
  line: DuckColumnStats['critical'][number]['line'];
  lineScore: number;
  from: number;
  students: {
    studentId: number;
    name: string;
    studentNo: string;
    classId: number;
    score: number | null;
  }[];
}

/** One group's figures of one column (`joint_snapshot_figures.payload`). */
export type DuckFigureRow = Omit<DuckColumnStats, 'critical'> & {
  critical: DuckCriticalRow[];
  /** A subject's (not the total's) questions, in paper order. */
  questions?: DuckQuestionStats[];
  /** A subject's reliability and tag rates. */
  paper?: DuckPaperStats;
  /** A subject's students weak on each tag (a school's group; not the whole exam). */
  weak?: DuckWeakCounts;
};

/** Rows written per statement (PostgreSQL and SQLite bound the parameters of one statement). */
const BATCH = 400;
/** Ranks read from DuckDB per query: one page of rank values (their ties come whole). */
const RANK_PAGE = 5000;

/** The number of students of the joint exam's finished schools (409 before any has finished). */
export async function readyStudentCount(db: Db, joint: JointRow): Promise<number> {
  const ready = await readySchools(db, joint);
  const row = await db
    .selectFrom('exam_students')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(
      'exam_id',
      'in',
      ready.map((s) => s.exam_id),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the joint exam's snapshot is computed in DuckDB under these settings. */
export async function computedInDuck(db: Db, joint: JointRow, settings: JointDuckSettings) {
  return (await readyStudentCount(db, joint)) >= settings.minStudents;
}

/** Removes a joint exam's DuckDB rows (its snapshot is computed in process again). */
export async function dropDuckRows(db: Db, jointExamId: number): Promise<void> {
  await db.deleteFrom('joint_snapshot_heads').where('joint_exam_id', '=', jointExamId).execute();
  await dropRows(db, jointExamId, '>=', 0);
}

/** Deletes a joint exam's figure and rank rows of the generations before (or from) one. */
async function dropRows(
  db: Db,
  jointExamId: number,
  which: '<' | '>=',
  generation: number,
): Promise<void> {
  for (const table of ['joint_snapshot_figures', 'joint_snapshot_ranks'] as const)
    await db
      .deleteFrom(table)
      .where('joint_exam_id', '=', jointExamId)
      .where('generation', which, generation)
      .execute();
}

interface RankRow {
  student_id: number;
  grp: number;
  student_no: string;
  name: string;
  score: number | null;
  grade_rank: number | null;
  group_rank: number | null;
  level: ScoreLevel | null;
  combination: string | null;
  combination_rank: number | null;
  track: string | null;
  track_rank: number | null;
}

/** The rank page's order among equal ranks (or the absent): student number, then school, then id. */
const byStudentNo = (a: RankRow, b: RankRow) =>
  a.student_no.localeCompare(b.student_no) || a.grp - b.grp || a.student_id - b.student_id;

const rankRow = (r: DuckDBValue[]): RankRow => ({
  student_id: num(r[0]!),
  grp: num(r[1]!),
  student_no: String(r[2]),
  name: String(r[3]),
  score: numOrNull(r[4]!),
  grade_rank: numOrNull(r[5]!),
  group_rank: numOrNull(r[6]!),
  level: r[7] === null ? null : (String(r[7]) as ScoreLevel),
  combination: r[8] === null ? null : String(r[8]),
  combination_rank: numOrNull(r[9]!),
  track: r[10] === null ? null : String(r[10]),
  track_rank: numOrNull(r[11]!),
});

/**
 * Every student's row of a column's rank page in the page's order (`byGradeRank`: by rank, absent
 * last, equal ranks by student number with `localeCompare`), handed on in runs: the ranked
 * students a page of rank values at a time (ties sorted in JS, bounded by one score's students),
 * then the absent ones.
 */
async function rankRuns(
  duck: DuckDBConnection,
  subject: number,
  write: (run: RankRow[]) => Promise<void>,
): Promise<void> {
  const columns = `st.student_id, st.grp, st.student_no, st.name`;
  const [top] = await rows(
    duck,
    `select coalesce(max(exam_rank), 0) from student_ranks where subject = ${subject}`,
  );
  const last = num(top![0]!);
  for (let from = 1; from <= last; from += RANK_PAGE) {
    const found = (
      await rows(
        duck,
        `select ${columns}, sr.score, sr.exam_rank, sr.group_rank, sr.level, sr.combination,
                sr.combination_rank, sr.track, sr.track_rank
         from student_ranks sr join students st on st.student_id = sr.student_id and st.grp = sr.grp
         where sr.subject = ${subject} and sr.exam_rank >= ${from} and sr.exam_rank < ${from + RANK_PAGE}`,
      )
    ).map(rankRow);
    found.sort((a, b) => a.grade_rank! - b.grade_rank! || byStudentNo(a, b));
    await write(found);
  }
  const absent = (
    await rows(
      duck,
      `select ${columns}, null, null, null, null, null, null, null, null
       from students st
       where not exists (select 1 from student_ranks sr
                         where sr.subject = ${subject} and sr.student_id = st.student_id and sr.grp = st.grp)`,
    )
  ).map(rankRow);
  absent.sort(byStudentNo);
  await write(absent);
}

/**
 * Computes a joint exam's grade figures in DuckDB and keeps them as rows under `version`
 * (docs/joint-exams.md#snapshots): the head, one row of figures per group (0 = the whole exam)
 * and column (0 = the total) with its 临界生 as the pages show them, and every student's rank row
 * per column with its position in the rank page's order. The rows are written under a new
 * generation and the head then names it, so a reader sees one version or the other; a job run
 * again writes the same.
 */
export async function writeDuckSnapshot(
  deps: { db: Db; clock: Clock; settings: JointDuckSettings },
  joint: JointRow,
  version: string,
): Promise<void> {
  const { db, clock, settings } = deps;
  const duck = await openJointDuck({
    dataDir: settings.dataDir,
    ...(settings.threads !== undefined && { threads: settings.threads }),
    ...(settings.memoryLimit !== undefined && { memoryLimit: settings.memoryLimit }),
  });
  try {
    const connection = duck.connection;
    const input = await loadJointInput(db, connection, joint);
    // the classes first: each run replaces the derived tables (ranks within the group included),
    // and the rank rows below are read with the schools' groups
    const classFigures = await gradeFigures(connection, input, { groups: 'classes' });
    const figures = await gradeFigures(connection, input);
    const weak = await weakTagCounts(
      connection,
      input,
      await weakRate(db, input.parts[0]!.schoolId),
    );
    // the 临界生 as the pages show them: name, number, school and score in the column
    const criticalIds = new Set(
      figures.groups.flatMap((g) =>
        [...g.columns.values()].flatMap((c) => c.critical.flatMap((x) => x.studentIds)),
      ),
    );
    const people = new Map<
      string,
      { name: string; studentNo: string; group: number; score: number | null }
    >();
    if (criticalIds.size > 0)
      for (const r of await rows(
        connection,
        `select st.student_id, st.grp, st.student_no, st.name, m.subject, m.score
         from students st join member_scores m
           on m.g = 0 and m.student_id = st.student_id and m.grp = st.grp
         where st.student_id in (${[...criticalIds].map(Number).join(',')})`,
      ))
        people.set(`${num(r[0]!)}:${num(r[4]!)}`, {
          group: num(r[1]!),
          studentNo: String(r[2]),
          name: String(r[3]),
          score: numOrNull(r[5]!),
        });
    const figureRows = figures.groups.flatMap((g) =>
      [...g.columns.entries()].map(([subject, stats]) => {
        const row: DuckFigureRow = {
          ...stats,
          critical: stats.critical.map((c) => ({
            line: c.line,
            lineScore: c.score,
            from: c.from,
            students: c.studentIds.map((id) => {
              const p = people.get(`${id}:${subject}`)!;
              return {
                studentId: id,
                name: p.name,
                studentNo: p.studentNo,
                classId: p.group,
                score: p.score,
              };
            }),
          })),
        };
        if (subject !== 0) {
          row.questions = g.questions.get(subject) ?? [];
          const paper = g.papers.get(subject);
          if (paper) row.paper = paper;
          if (g.group !== 0 && paper) {
            const counts = (kind: 'knowledgePoints' | 'abilities') =>
              Object.fromEntries(
                paper[kind].flatMap((t) => {
                  const n = weak.get(`${g.group}:${subject}:${kind}:${t.tag}`) ?? 0;
                  return n > 0 ? [[t.tag, n]] : [];
                }),
              );
            row.weak = {
              knowledgePoints: counts('knowledgePoints'),
              abilities: counts('abilities'),
            };
          }
        }
        return { joint_exam_id: joint.id, grp: g.group, subject, payload: JSON.stringify(row) };
      }),
    );
    // each class's subject rows (the whole exam's are the schools' group 0)
    for (const g of classFigures.groups)
      if (g.group !== 0)
        for (const s of input.subjects) {
          const paper = g.papers.get(s.index);
          const row: DuckClassFigureRow = {
            questions: g.questions.get(s.index) ?? [],
            ...(paper && { paper }),
          };
          figureRows.push({
            joint_exam_id: joint.id,
            grp: classKey(g.group),
            subject: s.index,
            payload: JSON.stringify(row),
          });
        }
    const first = await db
      .selectFrom('exams as e')
      .innerJoin('grades as g', 'g.id', 'e.grade_id')
      .select('g.name')
      .where('e.id', '=', input.parts[0]!.examId)
      .executeTakeFirstOrThrow();
    const head: DuckHead = {
      exam: {
        id: joint.id,
        schoolId: 0,
        academicYear: joint.academic_year,
        gradeId: 0,
        gradeName: first.name,
        name: joint.name,
        examType: joint.exam_type,
        examDate: joint.exam_date,
      },
      subjects: input.subjects.map((s) => ({ id: s.index, name: s.name, fullMarks: s.fullMarks })),
      parts: input.parts.map(({ group, schoolId, name, code }) => ({
        group,
        schoolId,
        name,
        code,
      })),
      groups: figures.groups.map((g) => g.group).filter((g) => g !== 0),
      papers: input.subjects.map((s) => ({
        subject: s.index,
        questions: s.questions,
        choicesRecorded: s.choicesRecorded,
      })),
      classes: input.parts.flatMap((p) =>
        input.classes
          .filter((c) => c.group === p.group)
          .map(({ id, name, group }) => ({ id, name, group })),
      ),
      classGroups: classFigures.groups.map((g) => g.group).filter((g) => g !== 0),
    };

    // The rows go in under a new generation beside the old ones, in batches (on SQLite a long
    // transaction would hold the only connection); the head then names the new generation in
    // one statement, and the rows older than the previous generation go.
    const old = await db
      .selectFrom('joint_snapshot_heads')
      .select('generation')
      .where('joint_exam_id', '=', joint.id)
      .executeTakeFirst();
    const generation = (old?.generation ?? 0) + 1;
    // rows a stopped job of this generation left behind
    await dropRows(db, joint.id, '>=', generation);
    for (let i = 0; i < figureRows.length; i += BATCH)
      await db
        .insertInto('joint_snapshot_figures')
        .values(figureRows.slice(i, i + BATCH).map((r) => ({ ...r, generation })))
        .execute();
    for (const subject of [0, ...input.subjects.map((s) => s.index)]) {
      let position = 0;
      await rankRuns(connection, subject, async (run) => {
        const values = run.map((r) => ({
          joint_exam_id: joint.id,
          generation,
          subject,
          position: ++position,
          ...r,
        }));
        for (let i = 0; i < values.length; i += BATCH)
          await db
            .insertInto('joint_snapshot_ranks')
            .values(values.slice(i, i + BATCH))
            .execute();
      });
    }
    const at = clock.now().getTime();
    const payload = JSON.stringify(head);
    const values = { version, generation, computed_at: at, payload };
    await db
      .insertInto('joint_snapshot_heads')
      .values({ joint_exam_id: joint.id, ...values })
      .onConflict((oc) => oc.column('joint_exam_id').doUpdateSet(values))
      .execute();
    // the previous generation stays for a reader that read the old head a moment ago
    await dropRows(db, joint.id, '<', generation - 1);
  } finally {
    duck.close();
  }
}
