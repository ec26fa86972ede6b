import { competitionRanks, type AnalysisOptions, type ExamAnalysis } from '@examkit/analysis';
import { sql } from 'kysely';
import type { Db } from '../core/database';
import { readParam } from '../school/params';

/** The exam as the report shows it. */
export interface SnapshotExam {
  id: number;
  schoolId: number;
  academicYear: number;
  gradeId: number;
  gradeName: string;
  name: string;
  examType: string;
  examDate: string;
}

export interface SnapshotQuestion {
  id: number;
  /** Full printed number, e.g. `13(1)`. */
  number: string;
  kind: string;
  objective: boolean;
  fullMarks: number;
  answer: string | null;
  /** Option labels of an objective item (`A`…, `T`/`F` for 判断). */
  options: string[];
  knowledgePoints: string[];
  abilities: string[];
}

export interface SnapshotSubject {
  /** `exam_subjects.id`. */
  id: number;
  /** The school's subject (`subjects.id`, used by the data scope), null when the code matches none. */
  subjectId: number | null;
  code: string;
  name: string;
  fullMarks: number;
  /** Scored leaves only, in paper order. */
  questions: SnapshotQuestion[];
}

export interface SnapshotStudent {
  id: number;
  name: string;
  studentNo: string;
  examNo: string;
  /** Class at the time of the exam. */
  classId: number;
}

/** Scores of one subject, aligned with `Snapshot.students`. */
export interface SnapshotScores {
  /** [question][student]; null where no score row exists. */
  questions: (number | null)[][];
  /** [question][student] recognised choices of objective items; null otherwise. */
  answers: (string | null)[][];
  /** Subject score, null when absent. */
  totals: (number | null)[];
  /** 1 = 缺考 (or not taking a 选考 subject). */
  absent: number[];
  /** 选考 subjects only: 1 where the student takes it (the engine leaves the others out, not absent). */
  takes?: number[];
}

export interface SnapshotTeacher {
  userId: number;
  name: string;
  classIds: number[];
  /** `exam_subjects.id` of the subjects taught. */
  subjectIds: number[];
}

/** What a report is computed from: read once per change of scores, cached beside the analysis. */
export interface Snapshot {
  exam: SnapshotExam;
  classes: { id: number; name: string }[];
  students: SnapshotStudent[];
  subjects: SnapshotSubject[];
  scores: SnapshotScores[];
  teachers: SnapshotTeacher[];
  /** The school's parameters (等级线, 临界 band, 27 % groups) the figures were computed with. */
  options: AnalysisOptions;
  /** Grade ranks in the grade's previous exam, for 进退步; null when there is none. */
  previous: SnapshotPrevious | null;
  /** A total grade rank this many places worse than last time is a warning (parameter `undulate`). */
  rankDropWarning: number;
  /** 薄弱线 of the knowledge page as a fraction (default 0.6). */
  weakRate: number;
}

/** Grade ranks of the previous exam by student id, per subject (this exam's subject ids) and total. */
export interface SnapshotPrevious {
  examId: number;
  name: string;
  examDate: string;
  total: Record<number, number>;
  subjects: Record<number, Record<number, number>>;
}

/**
 * The grade's previous exam: the latest finished or published exam of the same grade (same school
 * and academic year) held before this one (by date, then id); null when there is none.
 */
export async function previousExam(
  db: Db,
  examId: number,
): Promise<{ id: number; name: string; exam_date: string } | null> {
  const exam = await db
    .selectFrom('exams')
    .select(['id', 'school_id', 'grade_id', 'exam_date'])
    .where('id', '=', examId)
    .executeTakeFirst();
  if (!exam) return null;
  const row = await db
    .selectFrom('exams')
    .select(['id', 'name', 'exam_date'])
    .where('school_id', '=', exam.school_id)
    .where('grade_id', '=', exam.grade_id)
    .where('state', 'in', ['finished', 'published'])
    .where((eb) =>
      eb.or([
        eb('exam_date', '<', exam.exam_date),
        eb.and([eb('exam_date', '=', exam.exam_date), eb('id', '<', exam.id)]),
      ]),
    )
    .orderBy('exam_date', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Grade ranks of the previous exam straight from its subject totals, by the engine's rules
 * (competition ranks; absent from the total when absent from any subject somebody sat), so that
 * opening this report never computes the previous one's whole analysis.
 */
async function loadPrevious(
  db: Db,
  examId: number,
  subjects: SnapshotSubject[],
): Promise<SnapshotPrevious | null> {
  const prev = await previousExam(db, examId);
  if (!prev) return null;
  const [prevSubjects, totals, participants] = await Promise.all([
    db
      .selectFrom('exam_subjects')
      .select(['id', 'subject_code'])
      .where('exam_id', '=', prev.id)
      .execute(),
    db
      .selectFrom('exam_subject_totals as t')
      .innerJoin('exam_subjects as s', 's.id', 't.exam_subject_id')
      .select(['t.exam_subject_id', 't.student_id', 't.score', 't.absent'])
      .where('s.exam_id', '=', prev.id)
      .execute(),
    db
      .selectFrom('exam_students')
      .select('student_id')
      .where('exam_id', '=', prev.id)
      .orderBy('student_id')
      .execute(),
  ]);
  const ids = participants.map((p) => p.student_id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const columns = new Map(
    prevSubjects.map((s) => [s.id, new Float64Array(ids.length).fill(Number.NaN)]),
  );
  for (const t of totals) {
    const i = index.get(t.student_id);
    const col = columns.get(t.exam_subject_id);
    if (i === undefined || !col || t.absent || t.score === null) continue;
    col[i] = Number(t.score);
  }
  const sat = [...columns.values()].filter((col) => col.some((v) => !Number.isNaN(v)));
  const total = new Float64Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    let sum = 0;
    for (const col of sat) sum += col[i]!;
    total[i] = sat.length === 0 ? Number.NaN : Math.round(sum * 1e6) / 1e6;
  }
  const toRecord = (ranks: (number | null)[]) => {
    const out: Record<number, number> = {};
    ranks.forEach((r, i) => {
      if (r !== null) out[ids[i]!] = r;
    });
    return out;
  };
  const bySubject: Record<number, Record<number, number>> = {};
  for (const subject of subjects) {
    const match = prevSubjects.find((p) => p.subject_code === subject.code);
    const col = match ? columns.get(match.id) : undefined;
    if (col) bySubject[subject.id] = toRecord(competitionRanks(col));
  }
  return {
    examId: prev.id,
    name: prev.name,
    examDate: prev.exam_date,
    total: toRecord(competitionRanks(total)),
    subjects: bySubject,
  };
}

/**
 * The engine's options from the school's parameter pages (docs/reports.md "Settings"): `level`
 * (lines in % of full marks), `count` (临界 band in 分 or %, upper and lower group %, T scale) and
 * `average` (均分不计零分, 缺考不计).
 */
export async function schoolOptions(db: Db, schoolId: number): Promise<AnalysisOptions> {
  const [level, count, average] = await Promise.all([
    readParam(db, schoolId, 'level'),
    readParam(db, schoolId, 'count'),
    readParam(db, schoolId, 'average'),
  ]);
  const share = (v: unknown, fallback: number) => {
    const n = Number(v);
    return Number.isFinite(n) && n >= 0 && n <= 100 ? n / 100 : fallback;
  };
  const border = Number(count.border);
  const upper = Math.min(0.5, share(count.topPercent, 0.27)) || 0.27;
  return {
    levels: {
      excellent: share(level.excellent, 0.85),
      good: share(level.good, 0.7),
      pass: share(level.pass, 0.6),
      low: share(level.low, 0.3),
    },
    ...(count.borderInPercent === true
      ? { criticalBand: share(count.border, 0.05) }
      : { criticalBandPoints: Number.isFinite(border) && border >= 0 ? border : 5 }),
    groupFraction: upper,
    lowerGroupFraction: Math.min(0.5, share(count.bottomPercent, upper)) || upper,
    mean: {
      excludeZero: average.excludeZero === true,
      absentAsZero: average.excludeAbsent === false,
    },
    tScale: count.tScore500 === true ? { mean: 500, sd: 100 } : { mean: 50, sd: 10 },
  };
}

/** The knowledge page's 薄弱线: a student's own score rate on a point under it is weak. */
export async function weakRate(db: Db, schoolId: number): Promise<number> {
  const value = Number((await readParam(db, schoolId, 'knowledge')).weakPercent);
  return Number.isFinite(value) && value >= 0 && value <= 100 ? value / 100 : 0.6;
}

/** The school's 波动设置: a grade rank change of this many places (default 50) is a swing. */
export async function rankDropWarning(db: Db, schoolId: number): Promise<number> {
  const value = Number((await readParam(db, schoolId, 'undulate')).rankChange);
  return Number.isFinite(value) && value > 0 ? value : 50;
}

/** The cached payload: the snapshot and the engine's result over it. */
export interface CachedReport {
  snapshot: Snapshot;
  analysis: ExamAnalysis;
}

/** Question kinds marked against a key (their choices are recorded). */
export const OBJECTIVE_KINDS = new Set(['single', 'multiple', 'judge']);

/** A stored JSON list of strings (knowledge points, abilities); [] when unreadable. */
export function parseList(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Option labels of an objective question (`A`…, `T`/`F` for 判断); [] for others. */
export function optionsOf(kind: string, count: number | null): string[] {
  if (kind === 'judge') return ['T', 'F'];
  if (!OBJECTIVE_KINDS.has(kind)) return [];
  const n = Math.max(0, Math.min(count ?? 4, 26));
  return Array.from({ length: n }, (_, i) => String.fromCharCode(65 + i));
}

/** The classes of an exam (those it lists and those of its students), by id. */
export function examClasses(db: Db, examId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('classes as c')
    .select(['c.id', 'c.name'])
    .where((eb) =>
      eb.or([
        eb(
          'c.id',
          'in',
          eb.selectFrom('exam_classes').select('class_id').where('exam_id', '=', examId),
        ),
        eb(
          'c.id',
          'in',
          eb.selectFrom('exam_students').select('class_id').where('exam_id', '=', examId),
        ),
      ]),
    )
    .orderBy('c.id')
    .execute();
}

/** Reads everything a report needs about one exam, in a fixed order (students and classes by id). */
export async function loadSnapshot(db: Db, examId: number): Promise<Snapshot | null> {
  const exam = await db
    .selectFrom('exams as e')
    .innerJoin('grades as g', 'g.id', 'e.grade_id')
    .select([
      'e.id',
      'e.school_id',
      'e.academic_year',
      'e.grade_id',
      'g.name as grade_name',
      'e.name',
      'e.exam_type',
      'e.exam_date',
    ])
    .where('e.id', '=', examId)
    .executeTakeFirst();
  if (!exam) return null;

  const [studentRows, classRows, subjectRows, schoolSubjects] = await Promise.all([
    db
      .selectFrom('exam_students as es')
      .innerJoin('students as s', 's.id', 'es.student_id')
      .select(['s.id', 's.name', 's.student_no', 'es.exam_no', 'es.class_id'])
      .where('es.exam_id', '=', examId)
      .orderBy('s.id')
      .execute(),
    examClasses(db, examId),
    db
      .selectFrom('exam_subjects')
      .select(['id', 'subject_code', 'subject_name', 'full_marks', 'elective'])
      .where('exam_id', '=', examId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('subjects')
      .select(['id', 'code', 'name'])
      .where('school_id', '=', exam.school_id)
      .execute(),
  ]);

  const studentIndex = new Map(studentRows.map((s, i) => [s.id, i]));
  const n = studentRows.length;
  const subjectIdOf = (code: string, name: string) =>
    (
      schoolSubjects.find((s) => s.code === code) ??
      schoolSubjects.find((s) => s.name === code) ??
      schoolSubjects.find((s) => s.name === name)
    )?.id ?? null;

  const subjects: SnapshotSubject[] = [];
  const scores: SnapshotScores[] = [];
  for (const subject of subjectRows) {
    const [questionRows, scoreRows, totalRows, electiveRows] = await Promise.all([
      db
        .selectFrom('exam_questions')
        .selectAll()
        .where('exam_subject_id', '=', subject.id)
        .orderBy('sort_order')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('exam_scores')
        .select(['question_id', 'student_id', 'score', 'answer'])
        .where('exam_subject_id', '=', subject.id)
        .execute(),
      db
        .selectFrom('exam_subject_totals')
        .select(['student_id', 'score', 'absent'])
        .where('exam_subject_id', '=', subject.id)
        .execute(),
      subject.elective
        ? db
            .selectFrom('exam_student_electives')
            .select('student_id')
            .where('exam_subject_id', '=', subject.id)
            .execute()
        : Promise.resolve(null),
    ]);
    const byId = new Map(questionRows.map((q) => [q.id, q]));
    const parents = new Set(questionRows.map((q) => q.parent_id).filter((p) => p !== null));
    const fullNumber = (q: (typeof questionRows)[number]): string => {
      const parent = q.parent_id === null ? undefined : byId.get(q.parent_id);
      return parent ? `${fullNumber(parent)}${q.number}` : q.number;
    };
    const leaves = questionRows.filter((q) => !parents.has(q.id));
    const questions = leaves.map<SnapshotQuestion>((q) => ({
      id: q.id,
      number: fullNumber(q),
      kind: q.kind,
      objective: OBJECTIVE_KINDS.has(q.kind),
      fullMarks: Number(q.full_marks),
      answer: q.answer,
      options: optionsOf(q.kind, q.option_count),
      knowledgePoints: parseList(q.knowledge_points),
      abilities: parseList(q.abilities),
    }));
    const column = new Map(leaves.map((q, i) => [q.id, i]));
    const matrix = questions.map(() => new Array<number | null>(n).fill(null));
    const answers = questions.map(() => new Array<string | null>(n).fill(null));
    for (const row of scoreRows) {
      const qi = column.get(row.question_id);
      const si = studentIndex.get(row.student_id);
      if (qi === undefined || si === undefined) continue;
      matrix[qi]![si] = Number(row.score);
      answers[qi]![si] = row.answer;
    }
    const totals = new Array<number | null>(n).fill(null);
    const absent = new Array<number>(n).fill(0);
    const hasTotal = new Array<boolean>(n).fill(false);
    for (const row of totalRows) {
      const si = studentIndex.get(row.student_id);
      if (si === undefined) continue;
      hasTotal[si] = true;
      if (row.absent || row.score === null) absent[si] = 1;
      else totals[si] = Number(row.score);
    }
    const takers = electiveRows ? new Set(electiveRows.map((r) => r.student_id)) : null;
    for (let si = 0; si < n; si++) {
      if (takers && !takers.has(studentRows[si]!.id)) {
        absent[si] = 1;
        totals[si] = null;
        continue;
      }
      if (hasTotal[si]) continue;
      // No total row: the sum of the leaves when any was scored, otherwise absent.
      let sum = 0;
      let any = false;
      for (const col of matrix) {
        const v = col[si];
        if (v !== null && v !== undefined) {
          sum += v;
          any = true;
        }
      }
      if (any) totals[si] = Math.round(sum * 1e6) / 1e6;
      else absent[si] = 1;
    }
    subjects.push({
      id: subject.id,
      subjectId: subjectIdOf(subject.subject_code, subject.subject_name),
      code: subject.subject_code,
      name: subject.subject_name,
      fullMarks: Number(subject.full_marks),
      questions,
    });
    scores.push({
      questions: matrix,
      answers,
      totals,
      absent,
      ...(takers ? { takes: studentRows.map((s) => (takers.has(s.id) ? 1 : 0)) } : {}),
    });
  }

  const classIds = new Set(classRows.map((c) => c.id));
  const assignments = await db
    .selectFrom('teaching_assignments as ta')
    .innerJoin('users as u', 'u.id', 'ta.user_id')
    .select(['ta.user_id', 'u.nick_name', 'ta.class_id', 'ta.subject_id'])
    .where('ta.school_id', '=', exam.school_id)
    .where('ta.academic_year', '=', exam.academic_year)
    .orderBy('ta.user_id')
    .execute();
  const teachers = new Map<number, SnapshotTeacher>();
  for (const a of assignments) {
    if (!classIds.has(a.class_id)) continue;
    const examSubjects = subjects.filter((s) => s.subjectId === a.subject_id).map((s) => s.id);
    if (examSubjects.length === 0) continue;
    const t = teachers.get(a.user_id) ?? {
      userId: a.user_id,
      name: a.nick_name,
      classIds: [],
      subjectIds: [],
    };
    if (!t.classIds.includes(a.class_id)) t.classIds.push(a.class_id);
    for (const s of examSubjects) if (!t.subjectIds.includes(s)) t.subjectIds.push(s);
    teachers.set(a.user_id, t);
  }

  return {
    exam: {
      id: exam.id,
      schoolId: exam.school_id,
      academicYear: exam.academic_year,
      gradeId: exam.grade_id,
      gradeName: exam.grade_name,
      name: exam.name,
      examType: exam.exam_type,
      examDate: exam.exam_date,
    },
    classes: classRows,
    students: studentRows.map((s) => ({
      id: s.id,
      name: s.name,
      studentNo: s.student_no,
      examNo: s.exam_no,
      classId: s.class_id,
    })),
    subjects,
    scores,
    teachers: [...teachers.values()],
    options: await schoolOptions(db, exam.school_id),
    previous: await loadPrevious(db, examId, subjects),
    rankDropWarning: await rankDropWarning(db, exam.school_id),
    weakRate: await weakRate(db, exam.school_id),
  };
}

/** Bumped when the cached payload's shape changes, so old rows are recomputed, never misread. */
const PAYLOAD_FORMAT = 'r4';

// Rounded so that float summation order (parallel aggregates) never looks like a change.
const fmt = (v: unknown) =>
  v === null || v === undefined ? '-' : String(Math.round(Number(v) * 1e4) / 1e4);

/** Count, score sum, absences and latest write of an exam's subject totals, as `n:s:a:u`. */
async function totalsFingerprint(db: Db, examId: number): Promise<string> {
  const t = await db
    .selectFrom('exam_subject_totals')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('score').as('s'),
      eb.fn.sum<number>('absent').as('a'),
      eb.fn.max<number>('updated_at').as('u'),
    ])
    .where(
      'exam_subject_id',
      'in',
      db.selectFrom('exam_subjects').select('id').where('exam_id', '=', examId),
    )
    .executeTakeFirstOrThrow();
  return `${fmt(t.n)}:${fmt(t.s)}:${fmt(t.a)}:${fmt(t.u)}`;
}

/**
 * A cheap fingerprint of everything a report is computed from: score rows (count, sum, a
 * student-weighted sum and the latest write), totals, participants and the paper. Aggregates
 * over indexed columns only, so reading it on every open costs a few index scans, never a
 * recomputation. A changed score, a moved student or a new answer key changes it.
 */
export async function scoresVersion(db: Db, examId: number): Promise<string> {
  const subjectIds = db.selectFrom('exam_subjects').select('id').where('exam_id', '=', examId);
  const prev = await previousExam(db, examId);
  const [scores, totals, students, paper, exam, params, prevTotals] = await Promise.all([
    db
      .selectFrom('exam_scores')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('score').as('s'),
        sql<number>`sum(score * ((student_id % 1009) + 1))`.as('w'),
        eb.fn.max<number>('updated_at').as('u'),
      ])
      .where('exam_subject_id', 'in', subjectIds)
      .executeTakeFirstOrThrow(),
    totalsFingerprint(db, examId),
    db
      .selectFrom('exam_students')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        sql<number>`sum(cast(student_id as bigint) * ((class_id % 1009) + 1))`.as('c'),
      ])
      .where('exam_id', '=', examId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('exam_questions')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('full_marks').as('f'),
        eb.fn.max<number>('id').as('m'),
      ])
      .where('exam_subject_id', 'in', subjectIds)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('exam_subjects')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('answer_key_version').as('k'),
        eb.fn.sum<number>('full_marks').as('f'),
      ])
      .where('exam_id', '=', examId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('school_params')
      .select(['param_type', 'updated_at'])
      .where('school_id', 'in', db.selectFrom('exams').select('school_id').where('id', '=', examId))
      .where('param_type', 'in', ['level', 'count', 'undulate', 'average', 'knowledge'])
      .orderBy('param_type')
      .execute(),
    totalsFingerprint(db, prev?.id ?? 0),
  ]);
  return [
    PAYLOAD_FORMAT,
    `q${fmt(scores.n)}:${fmt(scores.s)}:${fmt(scores.w)}:${fmt(scores.u)}`,
    `t${totals}`,
    `s${fmt(students.n)}:${fmt(students.c)}`,
    `p${fmt(paper.n)}:${fmt(paper.f)}:${fmt(paper.m)}:${fmt(exam.n)}:${fmt(exam.k)}:${fmt(exam.f)}`,
    `o${params.map((p) => `${p.param_type}@${fmt(p.updated_at)}`).join(',')}`,
    `v${prev?.id ?? '-'}:${prevTotals}`,
  ].join('|');
}
