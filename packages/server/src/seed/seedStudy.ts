import { homeworkReportRoutes, type HomeworkQuestionInput } from '@examkit/contracts';
import { systemClock, type Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import { checkSeed } from './checkSeed';
import { prng } from './prng';
import { demoExamPlace, demoGradeOneMath, studentsOfClasses } from './queries';
import { formSubjects, MIDTERM, seedFinishedSubjects, subjectCodesOf } from './seedExam';
import { createSeedExam } from './seedExamRows';
import {
  dueNextEvening,
  insertAssignedSeedHomework,
  insertSeedHandIn,
  storeSeedPaper,
} from './seedHomeworkRows';

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

/** The knowledge points the teacher tagged the questions with (the demo bank's 数学 tree). */
const HOMEWORK_POINTS = [['指数与对数'], ['指数与对数'], ['指数与对数', '一元二次不等式']];

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
  const codeOf = await subjectCodesOf(db, schoolId);
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
          subjects: formSubjects(
            codeOf,
            SUBJECTS.map((s) => ({ name: s.code, fullMarks: s.fullMarks })),
          ),
          classIds,
        },
      });
      const ability = new Map(
        students.map((s) => [s.id, (level.get(s.id) ?? 0.5) * 0.6 + random() * 0.4]),
      );
      const sitting = { students, ability, random };
      await seedFinishedSubjects(trx, subjectIds, SUBJECTS, sitting, SEEDED_AT);
    });
  }
}

/**
 * Seeds one more 高一数学 homework of the 任课教师, assigned to 高一(1)班 three days ago, with the
 * hand-ins of the class's first students typed in (录入) and corrected, through the same rules as
 * the 录入 call. Idempotent by name.
 */
async function seedStudyHomework(db: Db, files: FileStore, now: number): Promise<void> {
  const found = await demoGradeOneMath(db, 'teacher');
  if (!found?.subject) return;
  const place = { ...found, subject: found.subject };
  const { schoolId, userId, classId } = place;
  const existing = await db
    .selectFrom('homeworks')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('name', '=', DEMO_STUDY_HOMEWORK)
    .executeTakeFirst();
  if (existing) return;
  const name = DEMO_STUDY_HOMEWORK;
  const paper = await storeSeedPaper(files, place, {
    name,
    title: 'Homework exponent',
    file: 'demo-study',
    idempotencyKey: 'demo-homework-study',
  });
  const assignedAt = now - 3 * 86_400_000;
  const students = (await studentsOfClasses(db, [classId])).slice(0, HAND_INS.length);
  await db.transaction().execute(async (trx) => {
    const { id, questions } = await insertAssignedSeedHomework(trx, place, paper, {
      questions: HOMEWORK_QUESTIONS,
      points: HOMEWORK_POINTS,
      assignedAt,
      dueAt: dueNextEvening(assignedAt),
      estimatedMinutes: 20,
    });
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
      await insertSeedHandIn(trx, {
        homeworkId: id,
        schoolId,
        student,
        source: 'manual',
        at: assignedAt + (i + 2) * 3_600_000,
        questions,
        answers,
        correctedBy: userId,
      });
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
