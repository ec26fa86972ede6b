import {
  homeworkReportRoutes,
  homeworkRoutes,
  type HomeworkQuestionInput,
} from '@examkit/contracts';
import { systemClock, type Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import { saveStructure } from '../exam/paperWrites';
import { saveSheet } from '../exam/sheets';
import { chinaDay } from '../homework/doubleReduction';
import { normaliseQuestions } from '../homework/questions';
import { judgementOf, scoreKey, settle, storedChoice } from '../homework/submissions/scoring';
import { checkSeed } from './checkSeed';
import { prng } from './prng';
import { demoExamPlace, demoGradeOneMath, studentsOfClasses } from './queries';
import { MIDTERM, paperOf, seedSubjectScores } from './seedExam';
import { createSeedExam } from './seedExamRows';
import { demoPaperPdf } from './seedHomework';

/**
 * The demo's record over time (docs/demo-school.md, docs/teaching-views.md): two 月测 of 高一
 * before the 期中, finished with scores, so 学情 follows a student across three exams and 波动趋势
 * shows swings; and one more 高一数学 homework, handed in (录入) and corrected for the first
 * students of 高一(1)班, who also handed in the online homework, so they are followed across two
 * homeworks.
 */
export const DEMO_STUDY_EXAMS = [
  { name: '2026学年高一九月月测', examDate: '2026-09-26', seed: 20260926 },
  { name: '2026学年高一十月月测', examDate: '2026-10-24', seed: 20261024 },
] as const;

/** The subjects of the 月测: 语文, 数学, 英语 of the 期中's papers. */
const SUBJECTS = MIDTERM.slice(0, 3);

export const DEMO_STUDY_HOMEWORK = '指数函数练习';

const HOMEWORK_QUESTIONS: HomeworkQuestionInput[] = [
  { label: '1', type: 'objective', answer: 'C', fullMarks: 5 },
  { label: '2', type: 'objective', answer: 'A', fullMarks: 5 },
  { label: '3', type: 'subjective', answer: null, fullMarks: 10 },
];

/** Hand-ins typed in (录入) for the first students: their options and the mark of question 3. */
const HAND_INS: { options: [string, string]; mark: number }[] = [
  { options: ['C', 'A'], mark: 7 },
  { options: ['C', 'B'], mark: 9 },
  { options: ['D', 'A'], mark: 4 },
  { options: ['C', 'A'], mark: 10 },
  { options: ['B', 'B'], mark: 3 },
  { options: ['C', 'A'], mark: 6 },
];

const SEEDED_AT = Date.parse('2026-10-25T08:00:00+08:00');

/** Seeds the two 月测 into the demo school's 高一 of the current year. Idempotent by name. */
async function seedMonthlyExams(db: Db, schoolId: number, academicYear: number): Promise<void> {
  const place = await demoExamPlace(db, schoolId, academicYear, '高一');
  if (!place) return;
  const { gradeId, adminId, classIds } = place;
  const students = await studentsOfClasses(db, classIds);
  const codes = await db
    .selectFrom('subjects')
    .select(['name', 'code'])
    .where('school_id', '=', schoolId)
    .execute();
  const codeOf = new Map(codes.map((s) => [s.name, s.code]));
  // Each student's steady level, and a per-exam form around it: their ranks swing.
  const steady = prng(20260901);
  const level = new Map(students.map((s) => [s.id, (steady() + steady()) / 2]));
  for (const exam of DEMO_STUDY_EXAMS) {
    const exists = await db
      .selectFrom('exams')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('name', '=', exam.name)
      .executeTakeFirst();
    if (exists) continue;
    await db.transaction().execute(async (trx) => {
      const random = prng(exam.seed);
      const { subjectIds } = await createSeedExam(trx, {
        schoolId,
        academicYear,
        createdBy: adminId,
        at: SEEDED_AT,
        state: 'finished',
        students,
        form: {
          name: exam.name,
          examType: '月测',
          gradeId,
          examDate: exam.examDate,
          subjects: SUBJECTS.map((s) => ({
            subjectCode: codeOf.get(s.code) ?? s.code,
            subjectName: s.code,
            fullMarks: s.fullMarks,
            elective: false,
          })),
          classIds,
        },
      });
      const ability = new Map(
        students.map((s) => [s.id, (level.get(s.id) ?? 0.5) * 0.6 + random() * 0.4]),
      );
      for (const [order, subject] of SUBJECTS.entries()) {
        const subjectId = subjectIds[order]!;
        await saveStructure(
          trx,
          subjectId,
          paperOf(subject.code, subject.blocks, random),
          SEEDED_AT,
        );
        await saveSheet(
          trx,
          { id: subjectId, subject_name: subject.code },
          { settings: {}, overrides: {} },
          SEEDED_AT,
        );
        await seedSubjectScores(trx, subjectId, subject.code, students, ability, random);
      }
    });
  }
}

/**
 * Seeds one more 高一数学 homework of the 任课教师, assigned to 高一(1)班 three days ago, with the
 * hand-ins of the class's first students typed in (录入) and corrected, through the same rules as
 * the 录入 call. Idempotent by name.
 */
async function seedStudyHomework(db: Db, files: FileStore, now: number): Promise<void> {
  const place = await demoGradeOneMath(db, 'teacher');
  if (!place?.subject) return;
  const { schoolId, userId, classId, grade, subject } = place;
  const existing = await db
    .selectFrom('homeworks')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('name', '=', DEMO_STUDY_HOMEWORK)
    .executeTakeFirst();
  if (existing) return;
  const name = DEMO_STUDY_HOMEWORK;
  const pdf = demoPaperPdf('Homework exponent');
  const idempotencyKey = 'demo-homework-study';
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
  const key = `homework/${schoolId}/demo-study.pdf`;
  await files.put(key, pdf);
  const assignedAt = now - 3 * 86_400_000;
  const due = Date.parse(`${chinaDay(assignedAt + 86_400_000)}T22:00:00+08:00`);
  const students = (await studentsOfClasses(db, [classId])).slice(0, HAND_INS.length);
  await db.transaction().execute(async (trx) => {
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
        created_at: assignedAt - 3_600_000,
        updated_at: assignedAt - 3_600_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    checkSeed(
      homeworkRoutes.splitConfirm.body,
      { id, questions: HOMEWORK_QUESTIONS },
      `${name} 题目`,
    );
    const questions = normaliseQuestions(HOMEWORK_QUESTIONS).map((q) => ({
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
      estimatedMinutes: 20,
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
        day: chinaDay(assignedAt),
        assigned_by: userId,
        assigned_at: assignedAt,
      })
      .execute();
    for (const [i, student] of students.entries()) {
      const handIn = HAND_INS[i]!;
      const answers = [
        { questionNo: 1, answer: handIn.options[0], score: null },
        { questionNo: 2, answer: handIn.options[1], score: null },
        { questionNo: 3, answer: null, score: handIn.mark },
      ];
      checkSeed(
        homeworkReportRoutes.manualSave.body,
        { id, studentId: student.id, answers },
        `${name} ${student.student_no} 录入`,
      );
      const at = assignedAt + (i + 2) * 3_600_000;
      const { id: submissionId } = await trx
        .insertInto('homework_submissions')
        .values({
          homework_id: id,
          school_id: schoolId,
          student_id: student.id,
          class_id: student.class_id,
          status: 'submitted',
          source: 'manual',
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
          answers.map((a) => {
            const q = questions.find((x) => x.no === a.questionNo)!;
            const answer = a.answer === null ? null : storedChoice(q, a.answer);
            const score = q.type === 'objective' ? scoreKey(q, answer) : a.score;
            return {
              submission_id: submissionId,
              question_no: q.no,
              answer,
              crop_key: null,
              score,
              judgement: score === null ? null : judgementOf(score, q.full_marks),
              adjustment: null,
              review: 0,
              corrected_by: score === null ? null : userId,
              corrected_at: score === null ? null : at,
            };
          }),
        )
        .execute();
      await settle(trx, submissionId, userId, at);
    }
  });
}

/**
 * Seeds the demo's record over time after `seedDemo` and `seedHomeworkOnline`
 * (docs/demo-school.md "学情 over time"): the two 月测 and the homework above.
 */
export async function seedStudy(
  db: Db,
  files: FileStore,
  options: { clock?: Clock } = {},
): Promise<void> {
  const now = (options.clock ?? systemClock).now().getTime();
  const place = await demoGradeOneMath(db, 'teacher');
  if (!place) return;
  await seedMonthlyExams(db, place.schoolId, place.grade.academic_year);
  await seedStudyHomework(db, files, now);
}
