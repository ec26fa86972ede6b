import { notFound } from '../../core/envelope';
import { assertClass, visibleKeys, visibleSubjects } from './access';
import {
  className,
  classGroup,
  columnStats,
  fullMarksOf,
  studentColumns,
  subjectIndex,
  subjectName,
  subjectStats,
  type D,
  type ReportContext,
} from './context';
import { examHeader, previousExam, questionHead, questionStats } from './shared';

/** 学生成绩单: one student's subjects beside class and grade, and the questions they lost points on. */
export function studentTranscript(
  ctx: ReportContext,
  classId: number,
  studentId: number,
): D<'studentTranscript'> {
  assertClass(ctx, classId);
  const i = ctx.report.snapshot.students.findIndex(
    (s) => s.id === studentId && s.classId === classId,
  );
  if (i < 0) throw notFound('该学生未参加本次考试');
  const s = ctx.report.snapshot.students[i]!;
  const subjects = visibleSubjects(ctx, classId);
  const group = classGroup(ctx, classId);
  const grade = ctx.report.analysis.grade;
  const basic = visibleKeys(ctx, classId).map((key) => {
    const col = studentColumns(ctx, key);
    const mine = columnStats(group, key).description;
    const all = columnStats(grade, key).description;
    const balance =
      key === 0 ? null : ((col as { balance?: readonly (number | null)[] }).balance?.[i] ?? null);
    return {
      subjectId: key,
      subjectName: subjectName(ctx, key),
      fullMarks: fullMarksOf(ctx, key),
      score: col.scores[i] ?? null,
      level: col.levels[i] ?? null,
      classRank: col.classRanks[i] ?? null,
      gradeRank: col.gradeRanks[i] ?? null,
      z: col.z[i] ?? null,
      t: col.t[i] ?? null,
      balance,
      rankChange: col.rankChanges[i] ?? null,
      percentileChange: col.percentileChanges?.[i] ?? null,
      classMean: mine.mean,
      gradeMean: all.mean,
      classMax: mine.max,
      gradeMax: all.max,
    };
  });
  const mistakes = subjects.map((subject) => {
    const si = subjectIndex(ctx, subject.id);
    const scores = ctx.report.snapshot.scores[si]!;
    const mine = subjectStats(group, subject.id);
    const all = subjectStats(grade, subject.id);
    return {
      subjectId: subject.id,
      subjectName: subject.name,
      questions: scores.absent[i]
        ? []
        : subject.questions.flatMap((q, qi) => {
            const score = scores.questions[qi]![i] ?? null;
            if ((score ?? 0) >= q.fullMarks) return [];
            return [
              {
                ...questionHead(q),
                score,
                studentAnswer: scores.answers[qi]![i] ?? null,
                classScoreRate: questionStats(mine, q.id)?.scoreRate ?? null,
                gradeScoreRate: questionStats(all, q.id)?.scoreRate ?? null,
              },
            ];
          }),
    };
  });
  return {
    exam: examHeader(ctx, classId),
    previousExam: previousExam(ctx),
    student: {
      studentId: s.id,
      name: s.name,
      studentNo: s.studentNo,
      examNo: s.examNo,
      classId,
      className: className(ctx, classId),
    },
    basic,
    mistakes,
  };
}
