import {
  homeworkOnlineRoutes,
  homeworkSubmissionRoutes,
  type HomeworkQuestionInput,
} from '@examkit/contracts';
import { systemClock, type Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import { newHomeworkCode } from '../homework/online/routes';
import { writeScore } from '../homework/submissions/scoring';
import { checkSeed } from './checkSeed';
import { demoGradeOneMath, studentsOfClasses } from './queries';
import {
  dueNextEvening,
  insertAssignedSeedHomework,
  insertSeedHandIn,
  storeSeedPaper,
} from './seedHomeworkRows';

/** The demo homework handed out on screen (docs/demo-school.md, docs/homework.md). */
export const DEMO_ONLINE_HOMEWORK = '函数的奇偶性练习（在线作答）';

const QUESTIONS: HomeworkQuestionInput[] = [
  { label: '1', type: 'objective', answer: 'A', fullMarks: 5 },
  { label: '2', type: 'objective', answer: 'BD', fullMarks: 5 },
  { label: '3', type: 'subjective', answer: null, fullMarks: 10 },
];

/** The knowledge points the teacher tagged the questions with (the demo bank's 数学 tree). */
const POINTS = [['集合与函数'], ['集合与函数'], ['集合与函数', '二次函数']];

/**
 * The hand-ins, as the student page sends them (`online/student/submit`), and the score the
 * teacher gave question 3 on the correction screen (null: not corrected yet).
 */
const HAND_INS: {
  answers: { questionNo: number; answer: string | null }[];
  corrected: number | null;
}[] = [
  {
    answers: [
      { questionNo: 1, answer: 'A' },
      { questionNo: 2, answer: 'BD' },
      { questionNo: 3, answer: 'f(-x) = (-x)^3 = -x^3 = -f(x)，定义域关于原点对称，所以是奇函数' },
    ],
    corrected: 8,
  },
  {
    answers: [
      { questionNo: 1, answer: 'C' },
      { questionNo: 2, answer: 'B' },
      { questionNo: 3, answer: 'f(-x) = -f(x)，是奇函数' },
    ],
    corrected: null,
  },
];

/**
 * Seeds, after `seedHomework`, one more 高一数学 homework of the 任课教师: assigned to 高一(1)班
 * yesterday (so today's 双减 total is the other demo homework's), due tomorrow at 22:00 China
 * time, handed out on screen with a 作业码, and handed in on screen by the class's first two
 * students: the first corrected (已批改), the second waiting for the teacher (待批改). Every
 * record is checked against the contract of the form or call that makes it, and scored with the
 * same rules as the student page. Idempotent by name.
 */
export async function seedHomeworkOnline(
  db: Db,
  files: FileStore,
  options: { clock?: Clock } = {},
): Promise<{ id: number; code: string } | null> {
  const now = (options.clock ?? systemClock).now().getTime();
  const found = await demoGradeOneMath(db, 'teacher');
  if (!found?.subject) return null;
  const place = { ...found, subject: found.subject };
  const { schoolId, userId, classId } = place;
  const existing = await db
    .selectFrom('homeworks as h')
    .leftJoin('homework_online as o', 'o.homework_id', 'h.id')
    .select(['h.id', 'o.code'])
    .where('h.school_id', '=', schoolId)
    .where('h.name', '=', DEMO_ONLINE_HOMEWORK)
    .executeTakeFirst();
  if (existing) return { id: existing.id, code: existing.code ?? '' };

  const name = DEMO_ONLINE_HOMEWORK;
  const paper = await storeSeedPaper(files, place, {
    name,
    title: 'Homework online',
    file: 'demo-online',
    idempotencyKey: 'demo-homework-online',
  });
  const yesterday = now - 86_400_000;
  const students = (await studentsOfClasses(db, [classId])).slice(0, HAND_INS.length);
  const code = await newHomeworkCode(db);

  const id = await db.transaction().execute(async (trx) => {
    const { id, questions } = await insertAssignedSeedHomework(trx, place, paper, {
      questions: QUESTIONS,
      points: POINTS,
      assignedAt: yesterday,
      dueAt: dueNextEvening(now),
      estimatedMinutes: 15,
    });
    checkSeed(homeworkOnlineRoutes.onlineOpen.body, { id, open: true }, `${name} 在线作答`);
    await trx
      .insertInto('homework_online')
      .values({
        homework_id: id,
        school_id: schoolId,
        code,
        opened_by: userId,
        opened_at: yesterday,
      })
      .execute();

    for (const [i, student] of students.entries()) {
      const handIn = HAND_INS[i]!;
      checkSeed(
        homeworkOnlineRoutes.onlineSubmit.body,
        { ticket: 'demo-ticket-not-kept-0000', answers: handIn.answers },
        `${name} ${student.student_no} 在线提交`,
      );
      const at = now - (HAND_INS.length - i) * 3_600_000;
      const submissionId = await insertSeedHandIn(trx, {
        homeworkId: id,
        schoolId,
        student,
        source: 'online',
        at,
        questions,
        answers: handIn.answers,
        correctedBy: null,
      });
      if (handIn.corrected !== null) {
        const q = questions.find((x) => x.type === 'subjective')!;
        checkSeed(
          homeworkSubmissionRoutes.score.body,
          { submissionId, questionNo: q.no, score: handIn.corrected },
          `${name} ${student.student_no} 批改`,
        );
        await writeScore(trx, submissionId, q, handIn.corrected, userId, at + 600_000);
      }
    }
    return id;
  });
  return { id, code };
}
