import type { OnlineQuestion, OnlineStatistics } from '@examkit/contracts';
import type { Db } from '../core/database';
import { normalizeChoice } from '../exam/objectiveScoring';
import { parseAnswers, type OnlineExam } from './online';

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * answerStatistics over the participants of `classIds` (null: all): per question the correct
 * rate (full marks), the mean score and how often each option was chosen; per student the
 * status and score. Free answers count once marked.
 */
export async function statisticsOf(
  db: Db,
  ctx: OnlineExam,
  questions: readonly OnlineQuestion[],
  classIds: readonly number[] | null,
): Promise<Omit<OnlineStatistics, 'canHandToMarking'>> {
  const { exam, subject } = ctx;
  let query = db
    .selectFrom('exam_students as es')
    .innerJoin('students as s', 's.id', 'es.student_id')
    .innerJoin('classes as c', 'c.id', 'es.class_id')
    .leftJoin('online_attempts as a', (j) =>
      j.onRef('a.student_id', '=', 'es.student_id').onRef('a.exam_id', '=', 'es.exam_id'),
    )
    .leftJoin('exam_subject_totals as t', (j) =>
      j.onRef('t.student_id', '=', 'es.student_id').on('t.exam_subject_id', '=', subject.id),
    )
    .select([
      's.id as studentId',
      's.student_no as studentNo',
      's.name',
      'c.name as className',
      'a.started_at',
      'a.submitted_at',
      'a.answers',
      't.score',
    ])
    .where('es.exam_id', '=', exam.id)
    .orderBy('es.class_id')
    .orderBy('s.student_no');
  if (classIds !== null) {
    if (classIds.length === 0) query = query.where((eb) => eb.val(false));
    else query = query.where('es.class_id', 'in', [...classIds]);
  }
  const rows = await query.execute();
  const submitted = rows.filter((r) => r.submitted_at !== null);
  const ids = submitted.map((r) => r.studentId);
  const scores =
    ids.length === 0
      ? []
      : await db
          .selectFrom('exam_scores')
          .select(['question_id', 'student_id', 'score'])
          .where('exam_subject_id', '=', subject.id)
          .where('student_id', 'in', ids)
          .execute();
  const scoreOf = new Map(scores.map((s) => [`${s.question_id}:${s.student_id}`, s.score]));
  const answersOf = new Map(submitted.map((r) => [r.studentId, parseAnswers(r.answers ?? '{}')]));

  const questionStats = questions.map((q) => {
    const marks = ids
      .map((id) => scoreOf.get(`${q.id}:${id}`))
      .filter((s): s is number => s !== undefined);
    const options: { option: string; count: number }[] = [];
    if (q.kind === 'single' || q.kind === 'multiple' || q.kind === 'judge') {
      const letters =
        q.kind === 'judge' ? ['T', 'F'] : q.options.map((_, i) => String.fromCharCode(65 + i));
      for (const option of letters) {
        const count = ids.filter((id) =>
          (normalizeChoice(q.kind as 'single', answersOf.get(id)?.[String(q.id)] ?? null) ?? '')
            .split('')
            .includes(option),
        ).length;
        options.push({ option, count });
      }
    }
    return {
      questionId: q.id,
      number: q.number,
      kind: q.kind,
      fullMarks: q.fullMarks,
      answered: ids.filter((id) => (answersOf.get(id)?.[String(q.id)] ?? '').trim() !== '').length,
      correctRate:
        marks.length === 0
          ? null
          : round(marks.filter((m) => m >= q.fullMarks).length / marks.length),
      average: marks.length === 0 ? null : round(marks.reduce((a, b) => a + b, 0) / marks.length),
      options,
    };
  });

  const free = questions.filter((q) => q.kind === 'subjective');
  const students = rows.map((r) => {
    const done = r.submitted_at !== null;
    return {
      studentId: r.studentId,
      studentNo: r.studentNo,
      name: r.name,
      className: r.className,
      status: done
        ? ('submitted' as const)
        : r.started_at !== null
          ? ('answering' as const)
          : ('absent' as const),
      submittedAt: done ? Number(r.submitted_at) : null,
      score: done ? (r.score ?? 0) : null,
      pendingMarks: done
        ? free
            .filter((q) => !scoreOf.has(`${q.id}:${r.studentId}`))
            .reduce((s, q) => s + q.fullMarks, 0)
        : 0,
    };
  });
  const totals = students.filter((s) => s.score !== null).map((s) => s.score!);
  return {
    examName: exam.name,
    fullMarks: questions.reduce((s, q) => s + q.fullMarks, 0),
    studentCount: rows.length,
    submittedCount: submitted.length,
    average: totals.length === 0 ? null : round(totals.reduce((a, b) => a + b, 0) / totals.length),
    questions: questionStats,
    students,
  };
}
