import {
  homeworkOnlineRoutes,
  homeworkRoutes,
  homeworkSubmissionRoutes,
  type HomeworkQuestionInput,
} from '@examkit/contracts';
import { systemClock, type Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import { chinaDay } from '../homework/doubleReduction';
import { newHomeworkCode } from '../homework/online/routes';
import { normaliseQuestions } from '../homework/questions';
import {
  judgementOf,
  scoreKey,
  settle,
  storedChoice,
  writeScore,
} from '../homework/submissions/scoring';
import { checkSeed } from './checkSeed';
import { demoGradeOneMath, studentsOfClasses } from './queries';
import { demoPaperPdf } from './seedHomework';

/** The demo homework handed out on screen (docs/demo-school.md, docs/homework.md). */
export const DEMO_ONLINE_HOMEWORK = '函数的奇偶性练习（在线作答）';

const QUESTIONS: HomeworkQuestionInput[] = [
  { label: '1', type: 'objective', answer: 'A', fullMarks: 5 },
  { label: '2', type: 'objective', answer: 'BD', fullMarks: 5 },
  { label: '3', type: 'subjective', answer: null, fullMarks: 10 },
];

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
  const place = await demoGradeOneMath(db, 'teacher');
  if (!place?.subject) return null;
  const { schoolId, userId, classId, grade, subject } = place;
  const existing = await db
    .selectFrom('homeworks as h')
    .leftJoin('homework_online as o', 'o.homework_id', 'h.id')
    .select(['h.id', 'o.code'])
    .where('h.school_id', '=', schoolId)
    .where('h.name', '=', DEMO_ONLINE_HOMEWORK)
    .executeTakeFirst();
  if (existing) return { id: existing.id, code: existing.code ?? '' };

  const name = DEMO_ONLINE_HOMEWORK;
  const pdf = demoPaperPdf('Homework online');
  const idempotencyKey = 'demo-homework-online';
  checkSeed(
    homeworkRoutes.homeworkCreate.body,
    {
      name,
      gradeId: grade.id,
      subjectId: subject.id,
      paper: { fileName: `${name}.pdf`, contentBase64: pdf.toString('base64') },
      idempotencyKey,
    },
    `homework ${name}`,
  );
  const key = `homework/${schoolId}/demo-online.pdf`;
  await files.put(key, pdf);
  const yesterday = now - 86_400_000;
  const created = yesterday - 3_600_000;
  const due = Date.parse(`${chinaDay(now + 86_400_000)}T22:00:00+08:00`);
  const students = (await studentsOfClasses(db, [classId])).slice(0, HAND_INS.length);
  const code = await newHomeworkCode(db);

  const id = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('homeworks')
      .values({
        school_id: schoolId,
        academic_year: grade.academic_year,
        grade_id: grade.id,
        subject_id: subject.id,
        name,
        state: 'assigned',
        paper_key: key,
        paper_name: `${name}.pdf`,
        paper_kind: 'pdf',
        created_by: userId,
        idempotency_key: idempotencyKey,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    checkSeed(homeworkRoutes.splitConfirm.body, { id, questions: QUESTIONS }, `${name} 题目`);
    const questions = normaliseQuestions(QUESTIONS).map((q) => ({
      homework_id: id,
      no: q.no,
      label: q.label,
      type: q.type,
      answer: q.answer,
      full_marks: q.fullMarks,
    }));
    await trx.insertInto('homework_questions').values(questions).execute();
    const assign = {
      id,
      classIds: [classId],
      teachingClassIds: [],
      dueAt: due,
      estimatedMinutes: 15,
      confirmOverLimit: false,
    };
    checkSeed(homeworkRoutes.assign.body, assign, `${name} 布置`);
    await trx
      .insertInto('homework_assignments')
      .values({
        homework_id: id,
        school_id: schoolId,
        class_id: classId,
        teaching_class_id: null,
        due_at: due,
        estimated_minutes: assign.estimatedMinutes,
        day: chinaDay(yesterday),
        assigned_by: userId,
        assigned_at: yesterday,
      })
      .execute();
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
      const { id: submissionId } = await trx
        .insertInto('homework_submissions')
        .values({
          homework_id: id,
          school_id: schoolId,
          student_id: student.id,
          class_id: student.class_id,
          status: 'submitted',
          source: 'online',
          image_key: null,
          score: null,
          submitted_at: at,
          corrected_by: null,
          corrected_at: null,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('homework_answers')
        .values(
          handIn.answers.map((a) => {
            const q = questions.find((x) => x.no === a.questionNo)!;
            const objective = q.type === 'objective' && q.answer !== null;
            const answer = objective && a.answer ? storedChoice(q, a.answer) : a.answer;
            const score = objective ? scoreKey(q, answer) : null;
            return {
              submission_id: submissionId,
              question_no: q.no,
              answer,
              crop_key: null,
              score,
              judgement: score === null ? null : judgementOf(score, q.full_marks),
              adjustment: null,
              review: 0,
              corrected_by: null,
              corrected_at: score === null ? null : at,
            };
          }),
        )
        .execute();
      await settle(trx, submissionId, null, at);
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
