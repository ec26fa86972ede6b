import { compareScoreRates, type QuestionStats } from '@examkit/analysis';
import type { DataOf, resourceWrongRoutes } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { inScopeGrade, type DataScope } from '../core/scope';
import { yearGrades } from '../core/yearGrades';
import { gradeScope, visibleSubjects } from '../report/views/access';
import { classGroup, subjectStats, type ReportContext } from '../report/views/context';
import { atOrBelow, questionStats } from '../report/views/shared';
import { examContext, membersOf, readableExams, scopedClasses } from './wrongExams';
import { wrongCount } from './wrongRule';

type Routes = typeof resourceWrongRoutes;
type Data = DataOf<Routes['errorBank']>;
type Row = Data['list'][number];

/** The session year's grades in the caller's scope. */
async function grades(db: Db, scope: DataScope) {
  const rows = await yearGrades(db, scope.schoolId, scope.academicYear);
  return rows.filter((g) => inScopeGrade(scope, g.id)).map(({ id, name }) => ({ id, name }));
}

/**
 * The rows of one exam: with the grade in scope, the grade's figures of every subject; otherwise
 * the figures of each class in scope, over the subjects the caller sees there.
 */
function examRows(ctx: ReportContext, subjectName: string, maxScoreRate: number) {
  const { exam } = ctx.report.snapshot;
  const out: { row: Row; st: QuestionStats }[] = [];
  const wholeGrade = gradeScope(ctx.scope, exam.gradeId);
  const groups = wholeGrade
    ? [
        {
          classId: null,
          name: '年级',
          stats: ctx.report.analysis.grade,
          subjects: ctx.report.snapshot.subjects,
          members: ctx.report.snapshot.students.map((_, i) => i),
        },
      ]
    : scopedClasses(ctx).map((c) => ({
        classId: c.id as number | null,
        name: c.name,
        stats: classGroup(ctx, c.id),
        subjects: visibleSubjects(ctx, c.id),
        members: membersOf(ctx, c.id),
      }));
  for (const g of groups) {
    for (const subject of g.subjects) {
      if (subjectName && subject.name !== subjectName) continue;
      const stats = subjectStats(g.stats, subject.id);
      subject.questions.forEach((q, qi) => {
        const st = questionStats(stats, q.id);
        if (!st || st.scoreRate === null || !atOrBelow(st.scoreRate, maxScoreRate)) return;
        out.push({
          st,
          row: {
            examId: exam.id,
            examName: exam.name,
            examDate: exam.examDate,
            subjectId: subject.id,
            subjectName: subject.name,
            questionId: q.id,
            number: q.number,
            kind: q.kind,
            fullMarks: q.fullMarks,
            answer: q.answer,
            knowledgePoints: q.knowledgePoints,
            groupName: g.name,
            classId: g.classId,
            scoreRate: st.scoreRate,
            wrongCount: wrongCount(ctx, subject, qi, g.members),
            studentCount: st.count,
          },
        });
      });
    }
  }
  return out;
}

/** 错题库: across a grade's exams, the questions at or under a score rate, lowest first. */
export async function errorBank(
  db: Db,
  clock: Clock,
  scope: DataScope,
  body: {
    gradeId: number | null;
    subjectName: string;
    maxScoreRate: number;
    pageNum: number;
    pageSize: number;
  },
): Promise<Data> {
  const list = await grades(db, scope);
  const grade = list.find((g) => g.id === body.gradeId) ?? (body.gradeId ? undefined : list[0]);
  if (!grade) return { grades: list, subjects: [], gradeId: null, total: 0, list: [] };
  const subjects = new Set<string>();
  const rows: { row: Row; st: QuestionStats }[] = [];
  for (const exam of await readableExams(db, scope, { gradeId: grade.id })) {
    const ctx = await examContext(db, clock, scope, exam.id);
    if (!ctx) continue;
    for (const s of ctx.report.snapshot.subjects) subjects.add(s.name);
    rows.push(...examRows(ctx, body.subjectName, body.maxScoreRate));
  }
  rows.sort(
    (a, b) =>
      compareScoreRates(a.st, b.st) ||
      b.row.examDate.localeCompare(a.row.examDate) ||
      a.row.examId - b.row.examId ||
      a.row.subjectId - b.row.subjectId ||
      a.row.questionId - b.row.questionId ||
      (a.row.classId ?? 0) - (b.row.classId ?? 0),
  );
  const start = (body.pageNum - 1) * body.pageSize;
  return {
    grades: list,
    subjects: [...subjects],
    gradeId: grade.id,
    total: rows.length,
    list: rows.slice(start, start + body.pageSize).map((r) => r.row),
  };
}
