import type { Db } from '../core/database';
import { assignedHomework, gradeOnePair, type HomeworkPair } from '../homework/testKit';
import type { TestServer } from '../test/fixtures';

type Ok = <T>(
  who: string,
  route: 'homeworkOptions' | 'homeworkCreate' | 'splitConfirm' | 'assign' | 'manualSave',
  body: Record<string, unknown>,
) => Promise<T>;

/** The homework the teaching views are tested over, and where it is set. */
export interface TwoClassHomework {
  homeworkId: number;
  pair: HomeworkPair;
  /** The 任课教师's class, 高一(1)班. */
  classId: number;
  /** 高一(9)班, added for the test: a class the teacher does not teach. */
  otherClass: number;
  /** The one student of {@link otherClass}. */
  otherStudent: number;
  /** The students of the teacher's class, by student number. */
  mine: { id: number }[];
}

/**
 * A 数学 homework of the teacher's class and of a class added to 高一 for the test (高一(9)班,
 * one student 外班学生), made and assigned by the admin from the homework test kit's questions
 * (1: A 5, 2: BD 5, 3: subjective 10). The callers are signed in already.
 */
export async function twoClassHomework(
  server: TestServer,
  ok: Ok,
  input: { name: string; idempotencyKey: string },
): Promise<TwoClassHomework> {
  const { db } = server;
  const pair = await gradeOnePair(ok, 'teacher', '数学');
  const classId = pair.targets.find((t) => t.kind === 'class')!.id;
  const { id: otherClass } = await db
    .insertInto('classes')
    .values({ grade_id: pair.gradeId, name: '高一(9)班' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: otherStudent } = await db
    .insertInto('students')
    .values({
      school_id: server.seed.demoSchoolId,
      class_id: otherClass,
      student_no: '2026100901',
      name: '外班学生',
      tel: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const mine = await db
    .selectFrom('students')
    .select('id')
    .where('class_id', '=', classId)
    .orderBy('student_no')
    .execute();
  const homeworkId = await assignedHomework(ok, {
    name: input.name,
    pair,
    classIds: [classId, otherClass],
    idempotencyKey: input.idempotencyKey,
  });
  return { homeworkId, pair, classId, otherClass, otherStudent, mine };
}

/**
 * The hand-ins typed in (录入) over {@link twoClassHomework}: by the teacher, 13.5 (A, B, 6) and
 * 20 (A, BD, 10) for the first two students of their class and a half-done one (C) for the
 * third, 待批改; by the admin, 0 (C, C, 0) for the other class's student.
 */
export async function enterHandIns(ok: Ok, set: TwoClassHomework): Promise<void> {
  const enter = (who: string, studentId: number, answers: unknown[]) =>
    ok(who, 'manualSave', { id: set.homeworkId, studentId, answers });
  const q = (no: number, answer: string | null, score: number | null) => ({
    questionNo: no,
    answer,
    score,
  });
  const { mine } = set;
  await enter('teacher', mine[0]!.id, [q(1, 'A', null), q(2, 'B', null), q(3, null, 6)]);
  await enter('teacher', mine[1]!.id, [q(1, 'A', null), q(2, 'BD', null), q(3, null, 10)]);
  await enter('teacher', mine[2]!.id, [q(1, 'C', null)]);
  await enter('admin', set.otherStudent, [q(1, 'C', null), q(2, 'C', null), q(3, null, 0)]);
}

/** Questions 1 and 3 of a homework taken from a bank question (and so its knowledge points). */
export async function fromBank(db: Db, homeworkId: number, questionId: number): Promise<void> {
  await db
    .updateTable('homework_questions')
    .set({ bank_question_id: questionId })
    .where('homework_id', '=', homeworkId)
    .where('no', 'in', [1, 3])
    .execute();
}
