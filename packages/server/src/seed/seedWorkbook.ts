import {
  homeworkRoutes,
  homeworkWorkbookRoutes,
  type HomeworkQuestionInput,
} from '@examkit/contracts';
import { systemClock, type Clock } from '../core/clock';
import type { Db } from '../core/database';
import { chinaDay } from '../homework/doubleReduction';
import { normaliseQuestions, questionRowsOf } from '../homework/questions';
import { checkSeed } from './checkSeed';
import { demoGradeOneMath } from './queries';

/** The demo 教辅 (docs/homework.md "教辅"): one batch of 高一数学 with two chapters. */
export const DEMO_WORKBOOK = {
  name: '同步练习册·数学必修第一册',
  publisher: '人民教育出版社',
  chapters: ['第一章 集合与常用逻辑用语', '第二章 一元二次函数、方程和不等式'],
} as const;

const QUESTIONS: HomeworkQuestionInput[][] = [
  [
    { label: '1', type: 'objective', answer: 'C', fullMarks: 5 },
    { label: '2', type: 'objective', answer: 'ABD', fullMarks: 5 },
    { label: '3', type: 'objective', answer: '对', fullMarks: 5 },
    { label: '4', type: 'subjective', answer: null, fullMarks: 10 },
  ],
  [
    { label: '1', type: 'objective', answer: 'B', fullMarks: 5 },
    { label: '2', type: 'subjective', answer: null, fullMarks: 15 },
  ],
];

/**
 * Seeds the demo workbook after `seedDemo`: set up by the 班主任 (login `head`, who holds
 * 作业分析) for 高一(1)班, the first chapter assigned two days ago (due tomorrow 22:00 China time, 20
 * minutes), the second waiting to be assigned. Records are checked against the forms'
 * contracts. Idempotent by name.
 */
export async function seedWorkbook(
  db: Db,
  options: { clock?: Clock } = {},
): Promise<{ id: number; chapterIds: number[] } | null> {
  const now = (options.clock ?? systemClock).now().getTime();
  const place = await demoGradeOneMath(db, 'head');
  if (!place) return null;
  const { schoolId, userId, classId, grade, subject } = place;
  if (!subject) throw new Error('演示学校没有数学学科');
  const existing = await db
    .selectFrom('homework_workbooks')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('name', '=', DEMO_WORKBOOK.name)
    .executeTakeFirst();
  if (existing) {
    const chapters = await db
      .selectFrom('homework_workbook_chapters')
      .select('homework_id')
      .where('workbook_id', '=', existing.id)
      .orderBy('position')
      .execute();
    return { id: existing.id, chapterIds: chapters.map((c) => c.homework_id) };
  }
  checkSeed(
    homeworkWorkbookRoutes.workbookBatchCreate.body,
    {
      name: DEMO_WORKBOOK.name,
      publisher: DEMO_WORKBOOK.publisher,
      gradeId: grade.id,
      subjectId: subject.id,
      classIds: [classId],
      idempotencyKey: 'demo-workbook',
    },
    `workbook ${DEMO_WORKBOOK.name}`,
  );
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('homework_workbooks')
      .values({
        school_id: schoolId,
        academic_year: grade.academic_year,
        grade_id: grade.id,
        subject_id: subject.id,
        name: DEMO_WORKBOOK.name,
        publisher: DEMO_WORKBOOK.publisher,
        created_by: userId,
        idempotency_key: 'demo-workbook',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('homework_workbook_classes')
      .values({ workbook_id: id, class_id: classId })
      .execute();
    const chapterIds: number[] = [];
    for (const [i, title] of DEMO_WORKBOOK.chapters.entries()) {
      const questions = QUESTIONS[i]!;
      const key = `demo-workbook-chapter-${i + 1}`;
      checkSeed(
        homeworkWorkbookRoutes.workbookChapterCreate.body,
        { workbookId: id, title, questions, estimatedMinutes: 20, idempotencyKey: key },
        `workbook chapter ${title}`,
      );
      const assigned = i === 0;
      const { id: homeworkId } = await trx
        .insertInto('homeworks')
        .values({
          school_id: schoolId,
          academic_year: grade.academic_year,
          grade_id: grade.id,
          subject_id: subject.id,
          name: `${DEMO_WORKBOOK.name} · ${title}`,
          state: assigned ? 'assigned' : 'ready',
          paper_key: `homework/${schoolId}/workbook-demo-${i + 1}`,
          paper_name: '',
          paper_kind: 'workbook',
          created_by: userId,
          idempotency_key: key,
          estimated_minutes: 20,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('homework_questions')
        .values(questionRowsOf(homeworkId, normaliseQuestions(questions)))
        .execute();
      await trx
        .insertInto('homework_workbook_chapters')
        .values({ homework_id: homeworkId, workbook_id: id, position: i + 1, title })
        .execute();
      if (assigned) {
        const due = Date.parse(`${chinaDay(now + 86_400_000)}T22:00:00+08:00`);
        checkSeed(
          homeworkRoutes.assign.body,
          {
            id: homeworkId,
            classIds: [classId],
            teachingClassIds: [],
            dueAt: due,
            estimatedMinutes: 20,
            confirmOverLimit: false,
          },
          `${title} 布置`,
        );
        await trx
          .insertInto('homework_assignments')
          .values({
            homework_id: homeworkId,
            school_id: schoolId,
            class_id: classId,
            teaching_class_id: null,
            due_at: due,
            estimated_minutes: 20,
            // Assigned two days ago, so today's 双减 total of the class is the other demo homework's.
            day: chinaDay(now - 2 * 86_400_000),
            assigned_by: userId,
            assigned_at: now - 2 * 86_400_000,
          })
          .execute();
      }
      chapterIds.push(homeworkId);
    }
    return { id, chapterIds };
  });
}
