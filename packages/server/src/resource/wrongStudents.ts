import type {
  DataOf,
  HomeworkWrongQuestion,
  Recommendation,
  resourceWrongRoutes,
  WrongQuestion,
} from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { inScopeClass, inScopeGrade, scopedStudent, type DataScope } from '../core/scope';
import { scopedYearClasses } from '../core/yearGrades';
import {
  homeworkWrongCounts,
  homeworkWrongQuestions,
  type HomeworkWrongRow,
} from '../homework/report/wrongBook';
import { loadQuestions } from './questions';
import { examContext, readableExams, studentExams } from './wrongExams';
import { bankSource, recommendFor, subjectAliases } from './wrongRecommend';
import { wrongItems, type WrongItem } from './wrongRule';

type Routes = typeof resourceWrongRoutes;
type Range = { subjectName: string; dateFrom: string; dateTo: string };

/** Recommendations shown per wrong question. */
export const RECOMMENDATIONS_PER_QUESTION = 3;

/** The grades of the session's year in the caller's scope, with their classes in scope. */
async function scopedGrades(db: Db, scope: DataScope) {
  const grades = new Map<
    number,
    { id: number; name: string; classes: { id: number; name: string }[] }
  >();
  for (const c of await scopedYearClasses(db, scope)) {
    if (!inScopeGrade(scope, c.grade_id)) continue;
    const g = grades.get(c.grade_id) ?? { id: c.grade_id, name: c.gradeName, classes: [] };
    g.classes.push({ id: c.id, name: c.name });
    grades.set(c.grade_id, g);
  }
  return [...grades.values()];
}

/**
 * 学生错题: the students of the chosen grade or class in scope with their wrong-question counts:
 * the exams' (`wrongItems`) and the homework's (`homeworkWrongCounts`), as the detail lists them.
 */
export async function studentWrongList(
  db: Db,
  clock: Clock,
  scope: DataScope,
  body: Range & { gradeId: number | null; classId: number | null },
): Promise<DataOf<Routes['studentWrongList']>> {
  const grades = await scopedGrades(db, scope);
  const grade = grades.find((g) => g.id === body.gradeId) ?? (body.gradeId ? undefined : grades[0]);
  const empty = {
    grades: grades.map(({ id, name }) => ({ id, name })),
    classes: [],
    subjects: [],
    exams: [],
    rows: [],
  };
  if (!grade) return { ...empty, gradeId: null };
  const classes = grade.classes.filter((c) => body.classId === null || c.id === body.classId);
  const classIds = new Set(classes.map((c) => c.id));
  const exams = await readableExams(db, scope, {
    gradeId: grade.id,
    dateFrom: body.dateFrom,
    dateTo: body.dateTo,
  });
  const subjects = new Set<string>();
  const rows = new Map<number, DataOf<Routes['studentWrongList']>['rows'][number]>();
  const classNames = new Map(grade.classes.map((c) => [c.id, c.name]));
  for (const exam of exams) {
    const ctx = await examContext(db, clock, scope, exam.id);
    if (!ctx) continue;
    for (const s of ctx.report.snapshot.subjects) subjects.add(s.name);
    const members: number[] = [];
    ctx.report.snapshot.students.forEach((s, i) => {
      if (classIds.has(s.classId)) members.push(i);
    });
    const counts = new Map<number, number>();
    for (const item of wrongItems(ctx, members, body.subjectName))
      counts.set(item.studentIndex, (counts.get(item.studentIndex) ?? 0) + 1);
    for (const i of members) {
      const s = ctx.report.snapshot.students[i]!;
      const row = rows.get(s.id) ?? {
        studentId: s.id,
        name: s.name,
        studentNo: s.studentNo,
        classId: s.classId,
        className: classNames.get(s.classId) ?? '',
        wrongCount: 0,
        homeworkWrongCount: 0,
        examCount: 0,
      };
      row.wrongCount += counts.get(i) ?? 0;
      row.examCount += 1;
      rows.set(s.id, row);
    }
  }
  // Wrong homework questions count too, and bring in students with no exam in the range.
  const homework = await homeworkWrongCounts(db, scope, [...classIds], body);
  const missing = [...homework.keys()].filter((id) => !rows.has(id));
  const others =
    missing.length === 0
      ? []
      : await db
          .selectFrom('students')
          .select(['id', 'name', 'student_no', 'class_id'])
          .where('school_id', '=', scope.schoolId)
          .where('id', 'in', missing)
          .execute();
  for (const s of others)
    rows.set(s.id, {
      studentId: s.id,
      name: s.name,
      studentNo: s.student_no,
      classId: s.class_id,
      className: classNames.get(s.class_id) ?? '',
      wrongCount: 0,
      homeworkWrongCount: 0,
      examCount: 0,
    });
  for (const [id, n] of homework) {
    const row = rows.get(id);
    if (!row) continue;
    row.wrongCount += n;
    row.homeworkWrongCount = n;
  }
  return {
    grades: grades.map(({ id, name }) => ({ id, name })),
    classes: grade.classes,
    subjects: [...subjects],
    gradeId: grade.id,
    exams: exams.map((e) => ({ id: e.id, name: e.name, examDate: e.examDate })),
    rows: [...rows.values()].sort(
      (a, b) =>
        b.wrongCount - a.wrongCount ||
        a.classId - b.classId ||
        a.studentNo.localeCompare(b.studentNo),
    ),
  };
}

/** Every wrong question of a student over the readable exams of a range, each with recommendations. */
export async function studentWrongQuestions(
  db: Db,
  clock: Clock,
  scope: DataScope,
  studentId: number,
  range: Range,
): Promise<DataOf<Routes['studentWrongDetail']>> {
  const student = await scopedStudent(db, scope, studentId);
  const exams = await studentExams(db, scope, studentId, {
    dateFrom: range.dateFrom,
    dateTo: range.dateTo,
  });
  const questions: WrongQuestion[] = [];
  for (const exam of exams) {
    const ctx = await examContext(db, clock, scope, exam.id);
    if (!ctx) continue;
    const index = ctx.report.snapshot.students.findIndex((s) => s.id === studentId);
    if (index < 0 || !inScopeClass(scope, ctx.report.snapshot.students[index]!.classId)) continue;
    const items = wrongItems(ctx, [index], range.subjectName);
    questions.push(...(await withRecommendations(db, scope.schoolId, exam, items)));
  }
  return {
    student: {
      id: student.id,
      name: student.name,
      studentNo: student.student_no,
      className: student.className,
    },
    questions,
    homework: await homeworkWithPractice(
      db,
      scope.schoolId,
      await homeworkWrongQuestions(db, scope, studentId, range),
    ),
  };
}

/**
 * Wrong homework questions with the bank question each was made from and similar bank questions
 * for practice: ranked as for an exam question made from a bank paper (shared knowledge points,
 * then the bank's MinHash similarity to the source; no class score rate). A question of an
 * uploaded paper has no bank question: it is practised by the knowledge points the teacher
 * tagged it with (none tagged: no recommendations).
 */
async function homeworkWithPractice(
  db: Db,
  schoolId: number,
  rows: HomeworkWrongRow[],
): Promise<HomeworkWrongQuestion[]> {
  const ids = rows.flatMap((r) => (r.bankQuestionId === null ? [] : [r.bankQuestionId]));
  const bank = new Map((await loadQuestions(db, schoolId, ids)).map((q) => [q.id, q]));
  const recommended = new Map<HomeworkWrongRow, Recommendation[]>();
  const cache: Parameters<typeof bankSource>[3] = new Map();
  const bySubject = new Map<number, HomeworkWrongRow[]>();
  const fromBank = (r: HomeworkWrongRow) => r.bankQuestionId !== null && bank.has(r.bankQuestionId);
  for (const r of rows)
    if (fromBank(r) || (r.bankQuestionId === null && r.knowledgePoints.length > 0))
      bySubject.set(r.subjectId, [...(bySubject.get(r.subjectId) ?? []), r]);
  for (const group of bySubject.values()) {
    const first = group[0]!;
    const sources: (Awaited<ReturnType<typeof bankSource>> | undefined)[] = [];
    for (const r of group) {
      const q = fromBank(r) ? bank.get(r.bankQuestionId!)! : null;
      sources.push(
        q
          ? await bankSource(db, schoolId, { id: q.id, subjectCode: q.subjectCode }, cache)
          : undefined,
      );
    }
    const codes = [
      ...(await subjectAliases(db, schoolId, { code: first.subjectCode, name: first.subjectName })),
      ...sources.flatMap((x) => (x ? [x.subjectCode] : [])),
    ];
    const lists = await recommendFor(
      db,
      schoolId,
      [...new Set(codes)],
      group.map((r, k) => ({ points: r.knowledgePoints, scoreRate: null, source: sources[k] })),
      RECOMMENDATIONS_PER_QUESTION,
    );
    group.forEach((r, k) => recommended.set(r, lists[k] ?? []));
  }
  return rows.map((row) => {
    const { bankQuestionId, subjectId: _subjectId, subjectCode: _subjectCode, ...rest } = row;
    return {
      ...rest,
      bankQuestion: (bankQuestionId !== null && bank.get(bankQuestionId)) || null,
      recommendations: recommended.get(row) ?? [],
    };
  });
}

/** Wrong items of one exam as rows, with recommendations read once per subject. */
async function withRecommendations(
  db: Db,
  schoolId: number,
  exam: { id: number; name: string; examDate: string },
  items: WrongItem[],
): Promise<WrongQuestion[]> {
  const bySubject = new Map<number, WrongItem[]>();
  for (const item of items)
    bySubject.set(item.subject.id, [...(bySubject.get(item.subject.id) ?? []), item]);
  const recommended = new Map<WrongItem, WrongQuestion['recommendations']>();
  for (const group of bySubject.values()) {
    const subject = group[0]!.subject;
    const codes = await subjectAliases(db, schoolId, subject);
    const lists = await recommendFor(
      db,
      schoolId,
      codes,
      group.map((g) => ({
        points: g.question.knowledgePoints,
        scoreRate: g.classScoreRate,
        examQuestionId: g.question.id,
      })),
      RECOMMENDATIONS_PER_QUESTION,
    );
    group.forEach((g, k) => recommended.set(g, lists[k] ?? []));
  }
  return items.map((item) => ({
    examId: exam.id,
    examName: exam.name,
    examDate: exam.examDate,
    subjectId: item.subject.id,
    subjectName: item.subject.name,
    questionId: item.question.id,
    number: item.question.number,
    kind: item.question.kind,
    fullMarks: item.question.fullMarks,
    answer: item.question.answer,
    knowledgePoints: item.question.knowledgePoints,
    score: item.score,
    choice: item.choice,
    classScoreRate: item.classScoreRate,
    recommendations: recommended.get(item) ?? [],
  }));
}
