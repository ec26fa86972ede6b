import {
  FLUCTUATION_SWING_DEFAULT,
  type DataOf,
  type FluctuationBasis,
  type teachResearchRoutes,
} from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { forbidden, notFound } from '../core/envelope';
import { inScopeClass, inScopeSubject, type DataScope } from '../core/scope';
import { SLOT } from '../marking/assignment';
import { blockQuality } from '../marking/monitoring';
import { isDone } from '../homework/report/data';
import { engineId } from '../report/cache';
import { rankDropWarning } from '../report/snapshot';
import { fullClass, gradeScope } from '../report/views/access';
import {
  meanRanks,
  studentColumns,
  subjectStats,
  type ReportContext,
} from '../report/views/context';
import { examContext, readableExams, type ExamRow } from '../resource/wrongExams';
import { scopedYearClasses } from './records';

type Routes = typeof teachResearchRoutes;
// `homework` is added by the routes (researchHomework.ts)
type Teachers = Omit<DataOf<Routes['studyTeachers']>, 'homework'>;
type Detail = Omit<DataOf<Routes['teacherDetail']>, 'homework'>;

const DAY = 86_400_000;
/** The window of the 数据大屏's homework and usage figures. */
const RECENT_DAYS = 30;
/** Exams shown on the 数据大屏. */
const DATAV_EXAMS = 4;

/**
 * The grades of the year with a class in the caller's scope (`full`: only classes whose every
 * subject they see), and the chosen one: 404 for a grade of another school or a missing one, 403
 * for a grade of the school without such a class.
 */
async function scopedGrade(db: Db, scope: DataScope, gradeId: number | null, full: boolean) {
  const classes = (await scopedYearClasses(db, scope)).filter(
    (c) => !full || fullClass(scope, c.id),
  );
  const grades: { gradeId: number; gradeName: string }[] = [];
  for (const c of classes)
    if (!grades.some((g) => g.gradeId === c.grade_id))
      grades.push({ gradeId: c.grade_id, gradeName: c.gradeName });
  if (gradeId !== null && !grades.some((g) => g.gradeId === gradeId)) {
    const exists = await db
      .selectFrom('grades')
      .select('id')
      .where('id', '=', gradeId)
      .where('school_id', '=', scope.schoolId)
      .executeTakeFirst();
    if (!exists) throw notFound('年级不存在');
    throw forbidden('超出数据范围：无权查看该年级');
  }
  return { grades, gradeId: gradeId ?? grades[0]?.gradeId ?? null };
}

/** The grade's readable exams with their cached reports, oldest first. */
async function gradeContexts(db: Db, clock: Clock, scope: DataScope, gradeId: number) {
  const out: { exam: ExamRow; ctx: ReportContext }[] = [];
  for (const exam of await readableExams(db, scope, { gradeId })) {
    const ctx = await examContext(db, clock, scope, exam.id);
    if (ctx) out.push({ exam, ctx });
  }
  return out;
}

const refOf = (e: ExamRow) => ({ examId: e.id, examName: e.name, examDate: e.examDate });

interface StudentRow {
  name: string;
  studentNo: string;
  classId: number;
  className: string;
  /** The total's (or the subject's) percentile per exam (null: not sat). */
  p: (number | null)[];
  /** The total's (or the subject's) grade rank per exam (null: not sat). */
  r: (number | null)[];
}

/** The exam's subject of the school's subject (`subjects.id`): its id in the report, or null. */
const examSubject = (ctx: ReportContext, subjectId: number) =>
  ctx.report.snapshot.subjects.find((s) => s.subjectId === subjectId)?.id ?? null;

/**
 * The grade's exams (oldest first; the newest `last` when given) and, per student of a class whose
 * total the caller sees, the total's percentile and grade rank in each — the engine's, as the
 * reports show them. With `subjectId` (the school's subject), that subject's instead: an exam
 * without it leaves its figures null.
 */
async function gradePercentiles(
  db: Db,
  clock: Clock,
  scope: DataScope,
  gradeId: number,
  last?: number,
  subjectId: number | null = null,
) {
  let contexts = await gradeContexts(db, clock, scope, gradeId);
  if (last !== undefined) contexts = contexts.slice(-last);
  const byId = new Map<number, StudentRow>();
  contexts.forEach(({ ctx }, e) => {
    const key = subjectId === null ? 0 : examSubject(ctx, subjectId);
    const columns = key === null ? null : studentColumns(ctx, key);
    ctx.report.snapshot.students.forEach((s, i) => {
      if (!fullClass(scope, s.classId)) return;
      const row = byId.get(s.id) ?? {
        name: s.name,
        studentNo: s.studentNo,
        classId: s.classId,
        className: '',
        p: contexts.map(() => null),
        r: contexts.map(() => null),
      };
      row.classId = s.classId;
      row.className = ctx.report.snapshot.classes.find((c) => c.id === s.classId)?.name ?? '';
      row.p[e] = columns?.percentiles[i] ?? null;
      row.r[e] = columns?.gradeRanks[i] ?? null;
      byId.set(s.id, row);
    });
  });
  return { contexts, byId };
}

/**
 * 师生学情·学生: the students of a grade whose total's percentile (the engine's, per exam) fell by
 * at least `drop` points from the exam before, or is under `line` in the newest exam they sat.
 * Only classes whose total the caller sees (a 任课教师 sees no total, so no one here).
 */
export async function studyStudents(
  db: Db,
  clock: Clock,
  scope: DataScope,
  body: { gradeId: number | null; drop: number; line: number },
): Promise<Omit<DataOf<Routes['studyStudents']>, 'homework'>> {
  const head = await scopedGrade(db, scope, body.gradeId, true);
  if (head.gradeId === null) return { ...head, exams: [], students: [] };
  const { contexts, byId } = await gradePercentiles(db, clock, scope, head.gradeId);
  const students: DataOf<Routes['studyStudents']>['students'] = [];
  for (const [studentId, row] of byId) {
    const sat = row.p.filter((v): v is number => v !== null);
    const latest = sat.at(-1) ?? null;
    const before = sat.length >= 2 ? sat.at(-2)! : null;
    const change = latest !== null && before !== null ? latest - before : null;
    const falling = change !== null && change <= -body.drop;
    const below = latest !== null && latest < body.line;
    if (!falling && !below) continue;
    students.push({
      studentId,
      name: row.name,
      studentNo: row.studentNo,
      classId: row.classId,
      className: row.className,
      percentiles: row.p,
      change,
      falling,
      below,
    });
  }
  students.sort(
    (a, b) =>
      (a.change ?? 0) - (b.change ?? 0) ||
      (a.percentiles.at(-1) ?? 0) - (b.percentiles.at(-1) ?? 0) ||
      a.studentNo.localeCompare(b.studentNo),
  );
  return { ...head, exams: contexts.map(({ exam }) => refOf(exam)), students };
}

type Fluctuation = DataOf<Routes['fluctuation']>;

/** The school's subjects of the exams, in the order they first appear. */
function examSubjects(contexts: { ctx: ReportContext }[]): Fluctuation['subjects'] {
  const out: Fluctuation['subjects'] = [];
  for (const { ctx } of contexts)
    for (const s of ctx.report.snapshot.subjects)
      if (s.subjectId !== null && !out.some((o) => o.subjectId === s.subjectId))
        out.push({ subjectId: s.subjectId, subjectName: s.name });
  return out;
}

/**
 * 波动趋势: over a grade's newest `examCount` exams, the students (of classes whose total the caller
 * sees) whose grade rank (`basis` rank: places) or percentile (`percentile`: points) of the total
 * or of one subject changed by at least `swing` between two consecutive exams they sat — the
 * engine's ranks and percentiles of the cached reports, the ones 师生学情 reads — and per class how
 * many such students it has and its mean's rank per exam (the reports' `meanRanks`). Without a
 * swing, a rank swing is the school's 波动设置 (`undulate.rankChange`, what the reports warn by).
 */
export async function fluctuation(
  db: Db,
  clock: Clock,
  scope: DataScope,
  body: {
    gradeId: number | null;
    examCount: number;
    subjectId?: number | null | undefined;
    basis?: FluctuationBasis | undefined;
    swing?: number | null | undefined;
  },
): Promise<Fluctuation> {
  const basis = body.basis ?? 'rank';
  const rankChange = await rankDropWarning(db, scope.schoolId);
  const swing = body.swing ?? (basis === 'rank' ? rankChange : FLUCTUATION_SWING_DEFAULT);
  const subjectId = body.subjectId ?? null;
  const head = await scopedGrade(db, scope, body.gradeId, true);
  const answer = { ...head, subjectId, basis, swing, rankChange };
  if (head.gradeId === null)
    return { ...answer, exams: [], subjects: [], classes: [], students: [] };
  const { contexts, byId } = await gradePercentiles(
    db,
    clock,
    scope,
    head.gradeId,
    body.examCount,
    subjectId,
  );
  const subjects = examSubjects(contexts);
  if (subjectId !== null && !subjects.some((s) => s.subjectId === subjectId))
    throw notFound('所选考试没有该科目');
  const classes = new Map<number, Fluctuation['classes'][number]>();
  contexts.forEach(({ ctx }, e) => {
    const key = subjectId === null ? 0 : examSubject(ctx, subjectId);
    const ranks = key === null ? new Map<number, number | null>() : meanRanks(ctx, key);
    for (const c of ctx.report.snapshot.classes) {
      if (!fullClass(scope, c.id)) continue;
      const row = classes.get(c.id) ?? {
        classId: c.id,
        className: c.name,
        compared: 0,
        swinging: 0,
        ranks: contexts.map(() => null),
        classCounts: contexts.map(() => 0),
        rankSpread: null,
      };
      row.className = c.name;
      row.ranks[e] = ranks.get(c.id) ?? null;
      row.classCounts[e] = ctx.report.analysis.classes.length;
      classes.set(c.id, row);
    }
  });
  for (const row of classes.values()) {
    const ranked = row.ranks.filter((r): r is number => r !== null);
    row.rankSpread = ranked.length >= 2 ? Math.max(...ranked) - Math.min(...ranked) : null;
  }
  const students: Fluctuation['students'] = [];
  for (const [studentId, row] of byId) {
    const sat = (basis === 'rank' ? row.r : row.p).filter((v): v is number => v !== null);
    if (sat.length < 2) continue;
    const cls = classes.get(row.classId);
    if (cls) cls.compared += 1;
    // a fall is negative: a percentile going down, a rank number going up
    const changes = sat.slice(1).map((v, i) => (basis === 'rank' ? sat[i]! - v : v - sat[i]!));
    const swings = changes.filter((c) => Math.abs(c) >= swing).length;
    if (swings === 0) continue;
    if (cls) cls.swinging += 1;
    const largestChange = changes.reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a));
    students.push({
      studentId,
      name: row.name,
      studentNo: row.studentNo,
      classId: row.classId,
      className: row.className,
      percentiles: row.p,
      ranks: row.r,
      spread: Math.max(...sat) - Math.min(...sat),
      largestChange,
      swings,
    });
  }
  students.sort(
    (a, b) =>
      Math.abs(b.largestChange) - Math.abs(a.largestChange) ||
      b.spread - a.spread ||
      a.studentNo.localeCompare(b.studentNo),
  );
  return {
    ...answer,
    exams: contexts.map(({ exam }) => refOf(exam)),
    subjects,
    classes: [...classes.values()],
    students,
  };
}

interface MarkerFigures {
  marked: number;
  pairs: number;
  disagreements: number;
  /** Σ of the marks given (points), for the teacher's mean. */
  sum: number;
}

/**
 * The grade's teaching assignments the caller sees (a class in scope, a subject they see there)
 * with each class's subject mean and rank per exam, and every visible teacher's marking per exam
 * block (the marking monitor's `blockQuality`).
 */
async function teacherData(
  db: Db,
  clock: Clock,
  scope: DataScope,
  gradeId: number,
  userId: number | null,
) {
  const contexts = await gradeContexts(db, clock, scope, gradeId);
  const assignments = await db
    .selectFrom('teaching_assignments as t')
    .innerJoin('classes as c', 'c.id', 't.class_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.user_id', 'u.nick_name', 't.class_id', 'c.name as className', 't.subject_id'])
    .where('t.school_id', '=', scope.schoolId)
    .where('t.academic_year', '=', scope.academicYear)
    .where('c.grade_id', '=', gradeId)
    .$if(userId !== null, (q) => q.where('t.user_id', '=', userId!))
    .orderBy('t.class_id')
    .orderBy('t.subject_id')
    .orderBy('t.user_id')
    .execute();
  const visible = assignments.filter(
    (a) => inScopeClass(scope, a.class_id) && inScopeSubject(scope, a.class_id, a.subject_id),
  );
  const classes: Teachers['classes'] = [];
  for (const a of visible) {
    const row: Teachers['classes'][number] = {
      userId: a.user_id,
      teacherName: a.nick_name,
      classId: a.class_id,
      className: a.className,
      subjectName: '',
      means: [],
      gradeMeans: [],
      ranks: [],
      classCounts: [],
    };
    for (const { ctx } of contexts) {
      const subject = ctx.report.snapshot.subjects.find((s) => s.subjectId === a.subject_id);
      const group = ctx.report.analysis.classes.find((g) => g.id === engineId(a.class_id));
      if (subject) row.subjectName = subject.name;
      row.classCounts.push(ctx.report.analysis.classes.length);
      if (!subject || !group) {
        row.means.push(null);
        row.gradeMeans.push(null);
        row.ranks.push(null);
        continue;
      }
      row.means.push(subjectStats(group, subject.id).description.mean);
      row.gradeMeans.push(subjectStats(ctx.report.analysis.grade, subject.id).description.mean);
      row.ranks.push(meanRanks(ctx, subject.id).get(a.class_id) ?? null);
    }
    if (!row.subjectName) {
      const subject = await db
        .selectFrom('subjects')
        .select('name')
        .where('id', '=', a.subject_id)
        .executeTakeFirst();
      row.subjectName = subject?.name ?? '';
    }
    classes.push(row);
  }
  const users = new Map<number, string>();
  for (const c of classes) users.set(c.userId, c.teacherName);
  const blocks: {
    examIndex: number;
    blockName: string;
    blockMean: number | null;
    markers: Map<number, MarkerFigures>;
  }[] = [];
  if (users.size > 0)
    for (const [e, { exam }] of contexts.entries()) {
      const rows = await db
        .selectFrom('marking_blocks')
        .selectAll()
        .where('exam_id', '=', exam.id)
        .where('school_id', '=', scope.schoolId)
        .where('joint_exam_id', 'is', null)
        .orderBy('id')
        .execute();
      for (const block of rows) {
        const quality = await blockQuality(db, block);
        const markers = new Map<number, MarkerFigures>();
        for (const m of quality.markers) {
          if (!users.has(m.userId)) continue;
          markers.set(m.userId, {
            marked: m.count,
            pairs: m.pairs,
            disagreements: Math.round((m.disagreementRate ?? 0) * m.pairs),
            sum: m.mean * m.count,
          });
        }
        blocks.push({
          examIndex: e,
          blockName: block.name,
          blockMean: quality.block.count ? quality.block.mean : null,
          markers,
        });
      }
    }
  return { contexts, classes, users, blocks };
}

/** 师生学情·教师: a grade's teachers compared across its exams. */
export async function studyTeachers(
  db: Db,
  clock: Clock,
  scope: DataScope,
  gradeId: number | null,
): Promise<Teachers> {
  const head = await scopedGrade(db, scope, gradeId, false);
  if (head.gradeId === null) return { ...head, exams: [], classes: [], teachers: [] };
  const data = await teacherData(db, clock, scope, head.gradeId, null);
  const teachers = [...data.users].map(([userId, name]) => ({
    userId,
    name,
    marking: data.contexts.map((_, e) => {
      const out = { marked: 0, pairs: 0, disagreements: 0 };
      for (const b of data.blocks) {
        const m = b.examIndex === e ? b.markers.get(userId) : undefined;
        if (!m) continue;
        out.marked += m.marked;
        out.pairs += m.pairs;
        out.disagreements += m.disagreements;
      }
      return out;
    }),
  }));
  return {
    ...head,
    exams: data.contexts.map(({ exam }) => refOf(exam)),
    classes: data.classes,
    teachers,
  };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** 师生学情·教师详情: one teacher's classes and marking in a grade; one not visible is missing. */
export async function teacherDetail(
  db: Db,
  clock: Clock,
  scope: DataScope,
  gradeId: number,
  userId: number,
): Promise<Detail> {
  const head = await scopedGrade(db, scope, gradeId, false);
  const data = await teacherData(db, clock, scope, gradeId, userId);
  const name = data.users.get(userId);
  if (name === undefined) throw notFound('教师不存在');
  const blocks: Detail['blocks'] = [];
  for (const b of data.blocks) {
    const m = b.markers.get(userId);
    if (!m) continue;
    const exam = data.contexts[b.examIndex]!.exam;
    blocks.push({
      examId: exam.id,
      examName: exam.name,
      blockName: b.blockName,
      marked: m.marked,
      pairs: m.pairs,
      disagreements: m.disagreements,
      mean: m.marked ? round3(m.sum / m.marked) : null,
      blockMean: b.blockMean,
    });
  }
  return {
    teacher: { userId, name },
    gradeName: head.grades.find((g) => g.gradeId === gradeId)?.gradeName ?? '',
    exams: data.contexts.map(({ exam }) => refOf(exam)),
    classes: data.classes,
    blocks,
  };
}

const countOf = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

/**
 * 数据大屏: the school at a glance — its size, the newest exams of the grades the caller sees
 * whole (each from its cached report: the grade's mean, pass and excellent rates, the classes by
 * mean rank), and the last 30 days' homework and use of the platform (counts of records); the
 * route adds the busiest teachers from 使用统计 (`busiest`).
 */
export async function datav(
  db: Db,
  clock: Clock,
  scope: DataScope,
): Promise<Omit<DataOf<Routes['datav']>, 'teacherUsage'>> {
  const { schoolId, academicYear } = scope;
  const since = clock.now().getTime() - RECENT_DAYS * DAY;
  const [school, students, classes, teachers] = await Promise.all([
    db.selectFrom('schools').select('name').where('id', '=', schoolId).executeTakeFirst(),
    db
      .selectFrom('students as s')
      .innerJoin('classes as c', 'c.id', 's.class_id')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('s.school_id', '=', schoolId)
      .where('g.academic_year', '=', academicYear)
      .executeTakeFirst(),
    db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('g.school_id', '=', schoolId)
      .where('g.academic_year', '=', academicYear)
      .executeTakeFirst(),
    db
      .selectFrom('teaching_assignments')
      .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
      .where('school_id', '=', schoolId)
      .where('academic_year', '=', academicYear)
      .executeTakeFirst(),
  ]);
  const gradeNames = new Map(
    (
      await db
        .selectFrom('grades')
        .select(['id', 'name'])
        .where('school_id', '=', schoolId)
        .execute()
    ).map((g) => [g.id, g.name]),
  );
  const exams: DataOf<Routes['datav']>['exams'] = [];
  for (const exam of (await readableExams(db, scope, {})).reverse()) {
    if (exams.length >= DATAV_EXAMS) break;
    if (!gradeScope(scope, exam.gradeId)) continue;
    const ctx = await examContext(db, clock, scope, exam.id);
    if (!ctx) continue;
    const { total } = ctx.report.analysis.grade;
    const ranks = meanRanks(ctx, 0);
    exams.push({
      examId: exam.id,
      examName: exam.name,
      examDate: exam.examDate,
      gradeName: gradeNames.get(exam.gradeId) ?? '',
      sat: total.description.count,
      fullMarks: total.fullMarks,
      mean: total.description.mean,
      passRate: total.levels.passRate,
      excellentRate: total.levels.excellentRate,
      classes: ctx.report.snapshot.classes
        .flatMap((c) => {
          const group = ctx.report.analysis.classes.find((g) => g.id === engineId(c.id));
          return group
            ? [
                {
                  className: c.name,
                  mean: group.total.description.mean,
                  rank: ranks.get(c.id) ?? null,
                },
              ]
            : [];
        })
        .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity)),
    });
  }
  const [assigned, submissions, marked, newExams, papers] = await Promise.all([
    db
      .selectFrom('homework_assignments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('school_id', '=', schoolId)
      .where('assigned_at', '>=', since)
      .executeTakeFirst(),
    db
      .selectFrom('homework_submissions')
      .select('status')
      .where('school_id', '=', schoolId)
      .where('submitted_at', '>=', since)
      .execute(),
    db
      .selectFrom('marking_tasks as t')
      .innerJoin('marking_blocks as b', 'b.id', 't.block_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('b.school_id', '=', schoolId)
      .where('b.joint_exam_id', 'is', null)
      .where('t.state', '=', 'done')
      .where((eb) => eb.or([eb('t.slot', '<=', SLOT.third), eb('t.slot', '=', SLOT.arbitration)]))
      .where('t.submitted_at', '>=', since)
      .executeTakeFirst(),
    db
      .selectFrom('exams')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('school_id', '=', schoolId)
      .where('created_at', '>=', since)
      .executeTakeFirst(),
    db
      .selectFrom('papers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('school_id', '=', schoolId)
      .where('created_at', '>=', since)
      .executeTakeFirst(),
  ]);
  return {
    schoolName: school?.name ?? '',
    students: countOf(students),
    classes: countOf(classes),
    teachers: countOf(teachers),
    exams,
    homework: {
      assigned: countOf(assigned),
      submitted: submissions.length,
      corrected: submissions.filter((s) => isDone(s.status)).length,
    },
    usage: { marked: countOf(marked), exams: countOf(newExams), papers: countOf(papers) },
  };
}
