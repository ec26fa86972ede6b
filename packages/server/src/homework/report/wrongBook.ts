import type { HomeworkWrongQuestion } from '@examkit/contracts';
import type { Db } from '../../core/database';
import { inScopeSubject, type DataScope } from '../../core/scope';
import { questionKey, questionPointsOf } from '../questionPoints';

/**
 * A wrong homework question before the 错题本 adds its bank question and recommendations
 * (`resource/wrongStudents.ts`): with the bank question id and the homework's subject.
 */
export type HomeworkWrongRow = Omit<HomeworkWrongQuestion, 'bankQuestion' | 'recommendations'> & {
  bankQuestionId: number | null;
  subjectId: number;
  subjectCode: string;
};

/** China date (UTC+8) of a time, as the 双减 day and the 错题本 ranges use. */
const chinaDate = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

type Range = { subjectName: string; dateFrom: string; dateTo: string };

/**
 * Which wrong answers count: the homework's subject seen by the caller in the class the student
 * handed it in from (the report's scope rule), one subject ('' all), the China dates of the
 * hand-ins.
 */
const keptBy =
  (scope: DataScope, range: Range) =>
  (r: {
    classId: number;
    subjectId: number;
    subjectName: string;
    submittedAt: number | string;
  }) => {
    const day = chinaDate(Number(r.submittedAt));
    return (
      inScopeSubject(scope, r.classId, r.subjectId) &&
      (range.subjectName === '' || r.subjectName === range.subjectName) &&
      (range.dateFrom === '' || day >= range.dateFrom) &&
      (range.dateTo === '' || day <= range.dateTo)
    );
  };

/**
 * 学生错题's counts: per student now in one of these classes, the number of wrong homework
 * questions `homeworkWrongQuestions` lists for them (same year, scope, subject and dates).
 */
export async function homeworkWrongCounts(
  db: Db,
  scope: DataScope,
  classIds: readonly number[],
  range: Range,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (classIds.length === 0) return counts;
  const rows = await db
    .selectFrom('homework_answers as a')
    .innerJoin('homework_submissions as s', 's.id', 'a.submission_id')
    .innerJoin('students as st', 'st.id', 's.student_id')
    .innerJoin('homeworks as h', 'h.id', 's.homework_id')
    .innerJoin('subjects as sj', 'sj.id', 'h.subject_id')
    .select([
      's.student_id as studentId',
      's.class_id as classId',
      's.submitted_at as submittedAt',
      'h.subject_id as subjectId',
      'sj.name as subjectName',
    ])
    .where('st.class_id', 'in', [...classIds])
    .where('st.school_id', '=', scope.schoolId)
    .where('s.school_id', '=', scope.schoolId)
    .where('h.academic_year', '=', scope.academicYear)
    .where('a.judgement', '=', 'wrong')
    .execute();
  for (const r of rows.filter(keptBy(scope, range)))
    counts.set(r.studentId, (counts.get(r.studentId) ?? 0) + 1);
  return counts;
}

/**
 * A student's wrong homework questions for the 错题本 (学生错题): the questions judged 错 (less
 * than full marks) in their hand-ins of the session's year, as soon as the teacher scored them
 * (a hand-in need not be fully corrected; a later change of score shows at once), kept to
 * the homework whose subject the caller sees in the student's class (the report's scope rule),
 * one subject (`subjectName`, '' all) and the China dates of the hand-ins.
 */
export async function homeworkWrongQuestions(
  db: Db,
  scope: DataScope,
  studentId: number,
  range: Range,
): Promise<HomeworkWrongRow[]> {
  const rows = await db
    .selectFrom('homework_answers as a')
    .innerJoin('homework_submissions as s', 's.id', 'a.submission_id')
    .innerJoin('homeworks as h', 'h.id', 's.homework_id')
    .innerJoin('homework_questions as q', (j) =>
      j.onRef('q.homework_id', '=', 'h.id').onRef('q.no', '=', 'a.question_no'),
    )
    .innerJoin('subjects as sj', 'sj.id', 'h.subject_id')
    .select([
      's.id as submissionId',
      's.class_id as classId',
      's.submitted_at as submittedAt',
      'h.id as homeworkId',
      'h.name as homeworkName',
      'h.subject_id as subjectId',
      'sj.name as subjectName',
      'sj.code as subjectCode',
      'q.no',
      'q.label',
      'q.full_marks as fullMarks',
      'q.answer as key',
      'q.type',
      'q.bank_question_id as bankQuestionId',
      'a.answer',
      'a.score',
    ])
    .where('s.student_id', '=', studentId)
    .where('s.school_id', '=', scope.schoolId)
    .where('h.academic_year', '=', scope.academicYear)
    .where('a.judgement', '=', 'wrong')
    .orderBy('s.submitted_at', 'desc')
    .orderBy('q.no')
    .execute();
  const kept = rows.filter(keptBy(scope, range));
  if (kept.length === 0) return [];
  const [items, points] = await Promise.all([
    db
      .selectFrom('homework_answer_rubrics as ar')
      .innerJoin('homework_rubric_items as i', 'i.id', 'ar.rubric_item_id')
      .select(['ar.submission_id', 'ar.question_no', 'i.label'])
      .where('ar.submission_id', 'in', [...new Set(kept.map((r) => r.submissionId))])
      .orderBy('i.id')
      .execute(),
    questionPointsOf(
      db,
      kept.map((r) => ({
        homework_id: r.homeworkId,
        no: r.no,
        bank_question_id: r.bankQuestionId,
      })),
    ),
  ]);
  return kept.map((r) => ({
    homeworkId: r.homeworkId,
    homeworkName: r.homeworkName,
    date: chinaDate(Number(r.submittedAt)),
    subjectName: r.subjectName,
    questionNo: r.no,
    label: r.label,
    fullMarks: Number(r.fullMarks),
    score: Number(r.score ?? 0),
    answer: r.type === 'objective' ? r.key : null,
    choice: r.type === 'objective' ? r.answer : null,
    rubricItems: items
      .filter((i) => i.submission_id === r.submissionId && i.question_no === r.no)
      .map((i) => i.label),
    knowledgePoints: (points.get(questionKey(r.homeworkId, r.no)) ?? []).map((p) => p.name),
    bankQuestionId: r.bankQuestionId,
    subjectId: r.subjectId,
    subjectCode: r.subjectCode,
  }));
}
