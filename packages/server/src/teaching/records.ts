import { tagScoreRates, type TaggedQuestion } from '@examkit/analysis';
import type { DataOf, teachingRoutes } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { forbidden, notFound } from '../core/envelope';
import { inScopeClass, scopedStudent, type DataScope } from '../core/scope';
import { scopedYearClasses, yearGrades } from '../core/yearGrades';
import { engineId } from '../report/cache';
import { fullClass, gradeScope, visibleSubjects } from '../report/views/access';
import {
  classGroup,
  columnStats,
  meanRanks,
  studentColumns,
  subjectStats,
  TOTAL_NAME,
  type ReportContext,
} from '../report/views/context';
import { questionStats } from '../report/views/shared';
import {
  examContext,
  membersOf,
  readableExams,
  scopedClasses,
  studentExams,
  type ExamRow,
} from '../resource/wrongExams';
import { lowestQuestions } from '../resource/wrongClasses';
import { wrongCount, wrongItems } from '../resource/wrongRule';

type Routes = typeof teachingRoutes;
type StudentRecord = DataOf<Routes['studentRecord']>;
type ClassRecord = DataOf<Routes['classRecord']>;

/** Common errors shown in a class record. */
const COMMON_ERRORS = 10;
/** Wrong questions shown in a student record (the newest first). */
const WRONG_SHOWN = 50;

const at = <T>(list: readonly (T | null | undefined)[], i: number): T | null => list[i] ?? null;

/** A knowledge point's mastery over one source (the exams, or the homework), by subject. */
export interface PointPart {
  subjectName: string;
  point: string;
  fullMarks: number;
  scoreRate: number | null;
}

/** Mastery per knowledge point over tagged questions of several exams, by subject. */
function masteryOf(bySubject: Map<string, TaggedQuestion[]>): PointPart[] {
  return [...bySubject].flatMap(([subjectName, questions]) =>
    tagScoreRates(questions).map((t) => ({
      subjectName,
      point: t.tag,
      fullMarks: t.fullMarks,
      scoreRate: t.scoreRate,
    })),
  );
}

function tagged(map: Map<string, TaggedQuestion[]>, subjectName: string, q: TaggedQuestion) {
  if (q.tags.length === 0) return;
  map.set(subjectName, [...(map.get(subjectName) ?? []), q]);
}

export { scopedYearClasses } from '../core/yearGrades';

/** A class of the session's school: 404 for another school's or a missing one, 403 outside the scope. */
export async function scopedClass(db: Db, scope: DataScope, classId: number) {
  const row = await db
    .selectFrom('classes as c')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .select(['c.id', 'c.name', 'c.grade_id'])
    .where('c.id', '=', classId)
    .where('g.school_id', '=', scope.schoolId)
    .executeTakeFirst();
  if (!row) throw notFound('班级不存在');
  if (!inScopeClass(scope, row.id)) throw forbidden('超出数据范围：无权查看该班级');
  return row;
}

/** 学情 pickers: the caller's classes of the year and the students of one of them. */
export async function studyClasses(
  db: Db,
  scope: DataScope,
  classId: number | null,
): Promise<DataOf<Routes['studyClasses']>> {
  const classes = await scopedYearClasses(db, scope);
  const chosen = classId === null ? (classes[0] ?? null) : await scopedClass(db, scope, classId);
  const students = chosen
    ? await db
        .selectFrom('students')
        .select(['id', 'name', 'student_no'])
        .where('class_id', '=', chosen.id)
        .where('school_id', '=', scope.schoolId)
        .orderBy('student_no')
        .execute()
    : [];
  return {
    classes: classes.map((c) => ({ classId: c.id, className: c.name, gradeName: c.gradeName })),
    classId: chosen?.id ?? null,
    students: students.map((s) => ({ studentId: s.id, name: s.name, studentNo: s.student_no })),
  };
}

/**
 * 学生学情: a student's record over every readable exam they sat whose class the caller sees —
 * the stored totals, ranks and percentiles, each visible subject's (subject balance), knowledge
 * point mastery (the engine's tag score rates over the student's own question scores) and wrong
 * questions (the wrong-question rule). A student outside the scope answers as a missing one.
 */
export async function studentRecord(
  db: Db,
  clock: Clock,
  scope: DataScope,
  studentId: number,
): Promise<
  Omit<StudentRecord, 'homework' | 'homeworkWrong' | 'points'> & {
    classId: number;
    points: PointPart[];
  }
> {
  const student = await scopedStudent(db, scope, studentId);
  const exams = await studentExams(db, scope, studentId);
  const out: StudentRecord['exams'] = [];
  const wrong: StudentRecord['wrongQuestions'] = [];
  const points = new Map<string, TaggedQuestion[]>();
  for (const exam of exams) {
    const ctx = await examContext(db, clock, scope, exam.id);
    if (!ctx) continue;
    const { snapshot } = ctx.report;
    const i = snapshot.students.findIndex((s) => s.id === studentId);
    const classId = snapshot.students[i]?.classId;
    if (classId === undefined || !inScopeClass(scope, classId)) continue;
    const ref = { examId: exam.id, examName: exam.name, examDate: exam.examDate };
    const group = classGroup(ctx, classId);
    const grade = ctx.report.analysis.grade;
    const total = studentColumns(ctx, 0);
    const subjects = visibleSubjects(ctx, classId);
    for (const subject of subjects) {
      const si = snapshot.subjects.indexOf(subject);
      const scores = snapshot.scores[si]!;
      if (scores.absent[i] || (scores.takes && !scores.takes[i])) continue;
      subject.questions.forEach((q, qi) =>
        tagged(points, subject.name, {
          id: `${exam.id}:${engineId(q.id)}`,
          fullMarks: q.fullMarks,
          mean: scores.questions[qi]![i] ?? 0,
          tags: q.knowledgePoints,
        }),
      );
    }
    const items = wrongItems(ctx, [i]);
    for (const item of items)
      wrong.push({
        ...ref,
        subjectName: item.subject.name,
        number: item.question.number,
        knowledgePoints: item.question.knowledgePoints,
        score: item.score,
        fullMarks: item.question.fullMarks,
        classScoreRate: item.classScoreRate,
      });
    out.push({
      ...ref,
      total: fullClass(scope, classId)
        ? {
            score: at(total.scores, i),
            fullMarks: grade.total.fullMarks,
            gradeRank: at(total.gradeRanks, i),
            classRank: at(total.classRanks, i),
            percentile: at(total.percentiles, i),
            gradeMean: grade.total.description.mean,
          }
        : null,
      subjects: subjects.map((subject) => {
        const col = studentColumns(ctx, subject.id);
        return {
          subjectName: subject.name,
          score: at(col.scores, i),
          fullMarks: subject.fullMarks,
          gradeRank: at(col.gradeRanks, i),
          percentile: at(col.percentiles, i),
          classMean: subjectStats(group, subject.id).description.mean,
          gradeMean: subjectStats(grade, subject.id).description.mean,
        };
      }),
      wrongCount: items.length,
    });
  }
  return {
    student: {
      studentId: student.id,
      name: student.name,
      studentNo: student.student_no,
      className: student.className,
    },
    classId: student.class_id,
    exams: out,
    points: masteryOf(points),
    wrongQuestions: wrong.reverse().slice(0, WRONG_SHOWN),
  };
}

/**
 * 班级学情: a class's record over the readable exams of its grade — its mean total and subject
 * means beside the grade's with its rank among the classes (the report's `meanRanks`), knowledge
 * point mastery over every exam (the engine's tag score rates over the class's question means)
 * and the newest exam's common errors.
 */
export async function classRecord(
  db: Db,
  clock: Clock,
  scope: DataScope,
  classId: number,
): Promise<Omit<ClassRecord, 'homework' | 'points'> & { points: PointPart[] }> {
  const cls = await scopedClass(db, scope, classId);
  const exams = await readableExams(db, scope, { gradeId: cls.grade_id });
  const out: ClassRecord['exams'] = [];
  const points = new Map<string, TaggedQuestion[]>();
  let newest: ReportContext | null = null;
  for (const exam of exams) {
    const ctx = await examContext(db, clock, scope, exam.id);
    if (!ctx || !ctx.report.analysis.classes.some((g) => g.id === engineId(classId))) continue;
    newest = ctx;
    const group = classGroup(ctx, classId);
    const grade = ctx.report.analysis.grade;
    const subjects = visibleSubjects(ctx, classId);
    for (const subject of subjects) {
      const stats = subjectStats(group, subject.id);
      for (const q of subject.questions)
        tagged(points, subject.name, {
          id: `${exam.id}:${engineId(q.id)}`,
          fullMarks: q.fullMarks,
          mean: questionStats(stats, q.id)?.mean ?? null,
          tags: q.knowledgePoints,
        });
    }
    const rankOf = (subjectId: number) => meanRanks(ctx, subjectId).get(classId) ?? null;
    out.push({
      examId: exam.id,
      examName: exam.name,
      examDate: exam.examDate,
      classCount: ctx.report.analysis.classes.length,
      total: fullClass(scope, classId)
        ? {
            fullMarks: grade.total.fullMarks,
            mean: group.total.description.mean,
            gradeMean: grade.total.description.mean,
            rank: rankOf(0),
          }
        : null,
      subjects: subjects.map((subject) => ({
        subjectName: subject.name,
        fullMarks: subject.fullMarks,
        mean: columnStats(group, subject.id).description.mean,
        gradeMean: columnStats(grade, subject.id).description.mean,
        rank: rankOf(subject.id),
      })),
    });
  }
  const commonErrors = newest
    ? lowestQuestions(newest, classId, COMMON_ERRORS).map((w) => ({
        subjectName: w.subject.name,
        number: w.q.number,
        kind: w.q.kind,
        fullMarks: w.q.fullMarks,
        knowledgePoints: w.q.knowledgePoints,
        scoreRate: w.st.scoreRate,
        gradeScoreRate:
          questionStats(subjectStats(newest.report.analysis.grade, w.subject.id), w.q.id)
            ?.scoreRate ?? null,
        wrongCount: wrongCount(newest, w.subject, w.qi, membersOf(newest, classId)),
      }))
    : [];
  return {
    classId: cls.id,
    className: cls.name,
    exams: out,
    points: masteryOf(points),
    commonErrors,
  };
}

/**
 * 教学报告: each class and subject the caller sees in the newest readable exams (a class's mean
 * beside the grade's, its rank among the classes), newest exam first.
 */
export async function teachSummary(
  db: Db,
  clock: Clock,
  scope: DataScope,
  limit: number,
): Promise<DataOf<Routes['teachSummary']>> {
  const exams = (await readableExams(db, scope, {})).reverse().slice(0, limit);
  const rows: DataOf<Routes['teachSummary']>['rows'] = [];
  for (const exam of exams) {
    const ctx = await examContext(db, clock, scope, exam.id);
    if (!ctx) continue;
    const grade = ctx.report.analysis.grade;
    for (const c of scopedClasses(ctx)) {
      if (!ctx.report.analysis.classes.some((g) => g.id === engineId(c.id))) continue;
      const group = classGroup(ctx, c.id);
      for (const subject of visibleSubjects(ctx, c.id))
        rows.push({
          examId: exam.id,
          examName: exam.name,
          examDate: exam.examDate,
          classId: c.id,
          className: c.name,
          subjectName: subject.name,
          fullMarks: subject.fullMarks,
          mean: subjectStats(group, subject.id).description.mean,
          gradeMean: subjectStats(grade, subject.id).description.mean,
          rank: meanRanks(ctx, subject.id).get(c.id) ?? null,
          classCount: ctx.report.analysis.classes.length,
        });
    }
  }
  return { rows };
}

/**
 * Refuses a grade the caller may not read: 404 for a grade of another school or a missing one,
 * 403 for a grade of the school.
 */
export async function refuseGrade(db: Db, scope: DataScope, gradeId: number): Promise<never> {
  const exists = await db
    .selectFrom('grades')
    .select('id')
    .where('id', '=', gradeId)
    .where('school_id', '=', scope.schoolId)
    .executeTakeFirst();
  if (!exists) throw notFound('年级不存在');
  throw forbidden('超出数据范围：无权查看该年级');
}

/** The grade's readable exams with their cached reports, oldest first. */
export async function gradeContexts(db: Db, clock: Clock, scope: DataScope, gradeId: number) {
  const out: { exam: ExamRow; ctx: ReportContext }[] = [];
  for (const exam of await readableExams(db, scope, { gradeId })) {
    const ctx = await examContext(db, clock, scope, exam.id);
    if (ctx) out.push({ exam, ctx });
  }
  return out;
}

/**
 * 学情概况·年级: a grade's classes across its readable exams — each class's mean and rank among
 * the classes in the total and every subject (the report's `meanRanks`), side by side. Only for
 * callers who see the whole grade (the grade report's scope); another school's grade 404.
 */
export async function gradeSituation(
  db: Db,
  clock: Clock,
  scope: DataScope,
  gradeId: number | null,
): Promise<DataOf<Routes['gradeSituation']>> {
  const all = await yearGrades(db, scope.schoolId, scope.academicYear);
  const grades = all.filter((g) => gradeScope(scope, g.id));
  if (gradeId !== null && !grades.some((g) => g.id === gradeId))
    await refuseGrade(db, scope, gradeId);
  const chosen = gradeId ?? grades[0]?.id ?? null;
  const head = {
    grades: grades.map((g) => ({ gradeId: g.id, gradeName: g.name })),
    gradeId: chosen,
  };
  if (chosen === null) return { ...head, exams: [], classes: [] };
  const outExams: DataOf<Routes['gradeSituation']>['exams'] = [];
  const rows = new Map<string, DataOf<Routes['gradeSituation']>['classes'][number]>();
  const contexts = await gradeContexts(db, clock, scope, chosen);
  contexts.forEach(({ exam, ctx }, e) => {
    const grade = ctx.report.analysis.grade;
    outExams.push({
      examId: exam.id,
      examName: exam.name,
      examDate: exam.examDate,
      fullMarks: grade.total.fullMarks,
      gradeMean: grade.total.description.mean,
    });
    const columns = [
      { id: 0, name: TOTAL_NAME },
      ...ctx.report.snapshot.subjects.map((s) => ({ id: s.id, name: s.name })),
    ];
    for (const column of columns) {
      const ranks = meanRanks(ctx, column.id);
      for (const c of ctx.report.snapshot.classes) {
        const group = ctx.report.analysis.classes.find((g) => g.id === engineId(c.id));
        if (!group) continue;
        const key = `${c.id}|${column.name}`;
        const row = rows.get(key) ?? {
          classId: c.id,
          className: c.name,
          subjectName: column.name,
          means: contexts.map(() => null),
          ranks: contexts.map(() => null),
        };
        row.means[e] = columnStats(group, column.id).description.mean;
        row.ranks[e] = ranks.get(c.id) ?? null;
        rows.set(key, row);
      }
    }
  });
  return { ...head, exams: outExams, classes: [...rows.values()] };
}
