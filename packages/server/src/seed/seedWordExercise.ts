import { homeworkWordExerciseRoutes } from '@examkit/contracts';
import { systemClock, type Clock } from '../core/clock';
import type { Db } from '../core/database';
import { chinaDay } from '../homework/doubleReduction';
import { normaliseWords } from '../homework/wordExercise/words';
import { checkSeed } from './checkSeed';
import { demoGradeOneMath, studentsOfClasses } from './queries';

/** The demo 字词练习 (docs/homework.md "字词练习"): a 高一语文 list of six words. */
export const DEMO_WORD_EXERCISE = {
  name: '《沁园春·长沙》字词听写',
  words: [
    { word: '沁园春', reading: 'qìn yuán chūn', meaning: '词牌名' },
    { word: '橘子洲', reading: 'jú zi zhōu', meaning: '湘江中的一个长岛' },
    { word: '百舸争流', reading: 'bǎi gě zhēng liú', meaning: '许多船只争着行驶' },
    { word: '寥廓', reading: 'liáo kuò', meaning: '高远空旷' },
    { word: '峥嵘', reading: 'zhēng róng', meaning: '不平常，不寻常' },
    { word: '挥斥方遒', reading: 'huī chì fāng qiú', meaning: '热情奔放，劲头正足' },
  ],
  /** The wrong words (numbers) of the first students of 高一(1)班, 学号 order. */
  marks: [[3, 6], [6], [], [4, 6], [3]],
} as const;

/**
 * Seeds the demo word list after `seedDemo`: made by the 班主任 (login `head`, 语文) for
 * 高一(1)班, assigned yesterday (due tomorrow 22:00 China time), with the wrong words of five
 * students marked. Records are checked against the forms' contracts. Idempotent by name.
 */
export async function seedWordExercise(
  db: Db,
  options: { clock?: Clock } = {},
): Promise<{ id: number } | null> {
  const now = (options.clock ?? systemClock).now().getTime();
  const place = await demoGradeOneMath(db, 'head');
  if (!place) return null;
  const { schoolId, userId, classId, grade } = place;
  const subject = await db
    .selectFrom('subjects')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('name', '=', '语文')
    .executeTakeFirst();
  if (!subject) return null;
  const existing = await db
    .selectFrom('homework_word_exercises')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('name', '=', DEMO_WORD_EXERCISE.name)
    .executeTakeFirst();
  if (existing) return existing;
  const key = 'demo-word-exercise';
  const words = DEMO_WORD_EXERCISE.words.map((w) => ({ ...w }));
  checkSeed(
    homeworkWordExerciseRoutes.wordExerciseSave.body,
    {
      id: null,
      name: DEMO_WORD_EXERCISE.name,
      gradeId: grade.id,
      subjectId: subject.id,
      words,
      idempotencyKey: key,
    },
    `word exercise ${DEMO_WORD_EXERCISE.name}`,
  );
  const due = Date.parse(`${chinaDay(now + 86_400_000)}T22:00:00+08:00`);
  const students = (await studentsOfClasses(db, [classId])).slice(
    0,
    DEMO_WORD_EXERCISE.marks.length,
  );
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('homework_word_exercises')
      .values({
        school_id: schoolId,
        academic_year: grade.academic_year,
        grade_id: grade.id,
        subject_id: subject.id,
        name: DEMO_WORD_EXERCISE.name,
        created_by: userId,
        idempotency_key: key,
        created_at: now - 86_400_000,
        updated_at: now - 86_400_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('homework_words')
      .values(normaliseWords(words).map((w, i) => ({ exercise_id: id, position: i + 1, ...w })))
      .execute();
    checkSeed(
      homeworkWordExerciseRoutes.wordExerciseAssign.body,
      { id, classIds: [classId], dueAt: due },
      `${DEMO_WORD_EXERCISE.name} 布置`,
    );
    await trx
      .insertInto('homework_word_assignments')
      .values({
        exercise_id: id,
        class_id: classId,
        due_at: due,
        assigned_by: userId,
        assigned_at: now - 86_400_000,
      })
      .execute();
    for (const [i, s] of students.entries()) {
      const wrong = [...DEMO_WORD_EXERCISE.marks[i]!];
      checkSeed(
        homeworkWordExerciseRoutes.wordExerciseMark.body,
        { id, studentId: s.id, wrong },
        `${DEMO_WORD_EXERCISE.name} 听写结果`,
      );
      await trx
        .insertInto('homework_word_marks')
        .values({
          exercise_id: id,
          student_id: s.id,
          school_id: schoolId,
          wrong: JSON.stringify(wrong),
          marked_by: userId,
          marked_at: now,
        })
        .execute();
    }
    return { id };
  });
}
