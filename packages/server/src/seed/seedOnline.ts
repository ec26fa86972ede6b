import { onlineRoutes, type OnlineQuestionInput } from '@examkit/contracts';
import { systemClock, type Clock } from '../core/clock';
import type { Db } from '../core/database';
import { randomToken, sha256Hex } from '../core/secrets';
import { resolveParticipants } from '../exam/exams';
import { loadOnline, onlineQuestions, submitAttempt } from '../online/online';
import { createOnline, replaceQuestions, setKeys, setWindow } from '../online/writes';
import { checkSeed } from './checkSeed';
import { demoGradeOneMath } from './queries';

/** The demo online exam (docs/demo-school.md): open for 90 days, taken by part of 高一(1)班. */
export const DEMO_ONLINE = { name: '2026学年高一数学在线小测', code: 'DEMO2026' } as const;

const QUESTIONS: OnlineQuestionInput[] = [
  {
    kind: 'single',
    stem: '函数 $y=2x+1$ 在 $x=1$ 处的值是',
    options: ['一', '三', '五', '七'],
    fullMarks: 2,
  },
  {
    kind: 'multiple',
    stem: '下列函数中是奇函数的有',
    options: ['$y=x^3$', '$y=x^2$', '$y=\\frac{1}{x}$', '$y=|x|$'],
    fullMarks: 4,
  },
  { kind: 'judge', stem: '空集是任何集合的子集', fullMarks: 2 },
  { kind: 'fill', stem: '$2^3=$____（填数字）', fullMarks: 2 },
  { kind: 'subjective', stem: '证明：函数 $y=x^3$ 在实数集上单调递增。', fullMarks: 10 },
];

/** Each submitting student's answers, by seat: a spread of right, partly right and wrong. */
const answersOf = (seat: number): string[] => [
  seat % 5 === 0 ? 'A' : seat % 7 === 0 ? 'C' : 'B',
  ['AC', 'A', 'AC', 'ABC'][seat % 4]!,
  seat % 3 === 0 ? 'F' : 'T',
  ['8', '八', '8', '6'][seat % 4]!,
  seat % 2 === 0
    ? '设任意两个实数甲小于乙，作差后因式分解，差的符号为正，所以单调递增。'
    : '因为立方越来越大，所以递增。',
];

/**
 * Seeds the demo online exam after `seedDemo`, through the same writes the pages use: 数学 for
 * 高一(1)班 with one question of each kind and keys, the window from a day ago for 90 days, the
 * code `DEMO2026`, and two thirds of the class handed in. Idempotent: an existing exam of the same
 * name is left as it is.
 */
export async function seedOnline(
  db: Db,
  options: { clock?: Clock } = {},
): Promise<{ examId: number } | null> {
  const now = (options.clock ?? systemClock).now().getTime();
  const place = await demoGradeOneMath(db, 'admin');
  if (!place) return null;
  const { schoolId, userId, classId, grade, subject } = place;
  const existing = await db
    .selectFrom('exams')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('name', '=', DEMO_ONLINE.name)
    .executeTakeFirst();
  if (existing) return null;
  const basics = {
    name: DEMO_ONLINE.name,
    examType: '周练' as const,
    gradeId: grade.id,
    classIds: [classId],
    subjectCode: subject?.code ?? '数学',
    subjectName: '数学',
  };
  checkSeed(onlineRoutes.save.body, basics, 'online exam');
  const participants = await resolveParticipants(db, schoolId, {
    gradeId: grade.id,
    classIds: basics.classIds,
    studentIds: undefined,
  });
  const examId = await createOnline(db, {
    ...basics,
    schoolId,
    userId,
    grade,
    participants,
    at: now,
  });
  await db
    .updateTable('online_exams')
    .set({ code: DEMO_ONLINE.code })
    .where('exam_id', '=', examId)
    .execute();

  checkSeed(onlineRoutes.saveQuestions.body, { id: examId, questions: QUESTIONS }, 'questions');
  await replaceQuestions(db, await loadOnline(db, schoolId, examId), QUESTIONS, now);
  const ids = (await onlineQuestions(db, (await loadOnline(db, schoolId, examId)).subject.id)).map(
    (q) => q.id,
  );
  const keys = {
    id: examId,
    answers: [
      { questionId: ids[0]!, answer: 'B' },
      { questionId: ids[1]!, answer: 'AC', partialMarks: 2 },
      { questionId: ids[2]!, answer: 'T' },
      { questionId: ids[3]!, accepted: ['8', '八'] },
      {
        questionId: ids[4]!,
        reference: '任取甲小于乙，乙的立方减甲的立方可分解为乙减甲与一个正数之积，故为正。',
      },
    ],
  };
  checkSeed(onlineRoutes.saveAnswers.body, keys, 'keys');
  await setKeys(db, await loadOnline(db, schoolId, examId), keys.answers, now);
  const window = {
    id: examId,
    startsAt: now - 24 * 3_600_000,
    endsAt: now + 90 * 24 * 3_600_000,
    durationMinutes: 45,
  };
  checkSeed(onlineRoutes.saveTime.body, window, 'time');
  await setWindow(db, await loadOnline(db, schoolId, examId), window, now);

  // Two thirds of the class handed in yesterday; the rest can still take it.
  const ctx = await loadOnline(db, schoolId, examId);
  const questions = await onlineQuestions(db, ctx.subject.id);
  const takers = participants.slice(0, Math.ceil((participants.length * 2) / 3));
  await db.transaction().execute(async (trx) => {
    for (const [seat, p] of takers.entries()) {
      const startedAt = window.startsAt + 3_600_000 + seat * 60_000;
      const attempt = await trx
        .insertInto('online_attempts')
        .values({
          exam_id: examId,
          student_id: p.studentId,
          ticket_hash: sha256Hex(randomToken(24)),
          started_at: startedAt,
          saved_at: null,
          submitted_at: null,
          answers: '{}',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const given = answersOf(seat);
      const answers = Object.fromEntries(questions.map((q, i) => [String(q.id), given[i]!]));
      await submitAttempt(trx, startedAt + 30 * 60_000, ctx.subject, questions, attempt, answers);
    }
  });
  return { examId };
}
