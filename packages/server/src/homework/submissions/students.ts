import type { Db } from '../../core/database';
import { notFound } from '../../core/envelope';
import type { Access } from '../../core/scope';
import { loadHomework, requireSchoolBase, targetsOf, type HomeworkRow } from '../access';

export interface HomeworkStudent {
  studentId: number;
  studentNo: string;
  name: string;
  classId: number;
  className: string;
}

/**
 * The students a caller corrects in a homework: those of the classes and teaching classes it is
 * assigned to that the caller may set it for (their own classes and subjects, or every one of a
 * grade they lead), in 学号 order.
 */
export async function studentsOf(
  db: Db,
  access: Access,
  homework: HomeworkRow,
): Promise<HomeworkStudent[]> {
  const scope = await access.scope();
  const [assigned, targets] = await Promise.all([
    db
      .selectFrom('homework_assignments')
      .select(['class_id', 'teaching_class_id'])
      .where('homework_id', '=', homework.id)
      .execute(),
    targetsOf(db, scope, access.session.userId, homework.grade_id, homework.subject_id),
  ]);
  const mine = (kind: string, id: number | null) =>
    id !== null && targets.some((t) => t.kind === kind && t.id === id);
  const classIds = assigned.filter((a) => mine('class', a.class_id)).map((a) => a.class_id!);
  const teachingIds = assigned
    .filter((a) => mine('teachingClass', a.teaching_class_id))
    .map((a) => a.teaching_class_id!);
  return studentsOfTargets(db, homework.school_id, classIds, teachingIds);
}

/**
 * The students of some classes and teaching classes of a school, in 学号 order (none when both
 * lists are empty): who a homework or a 字词练习 reaches.
 */
export async function studentsOfTargets(
  db: Db,
  schoolId: number,
  classIds: number[],
  teachingClassIds: number[],
): Promise<HomeworkStudent[]> {
  if (classIds.length + teachingClassIds.length === 0) return [];
  return db
    .selectFrom('students as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .select([
      's.id as studentId',
      's.student_no as studentNo',
      's.name as name',
      's.class_id as classId',
      'c.name as className',
    ])
    .where('s.school_id', '=', schoolId)
    .where((eb) =>
      eb.or([
        eb('s.class_id', 'in', [0, ...classIds]),
        eb(
          's.id',
          'in',
          eb
            .selectFrom('teaching_class_students')
            .select('student_id')
            .where('teaching_class_id', 'in', [0, ...teachingClassIds]),
        ),
      ]),
    )
    .orderBy('s.student_no')
    .execute();
}

/** A homework the caller may correct: Homework-SchoolBase, in scope, assigned. */
export async function openForCorrection(db: Db, access: Access, id: number): Promise<HomeworkRow> {
  await requireSchoolBase(access);
  const row = await loadHomework(db, access, id);
  if (row.state !== 'assigned') throw notFound('作业还未布置，没有可批改的提交');
  return row;
}

/**
 * A submission the caller may correct, with its homework: another school's, or one of a student
 * outside the caller's classes, answers as missing.
 */
export async function loadSubmission(db: Db, access: Access, submissionId: number) {
  const sub = await db
    .selectFrom('homework_submissions')
    .selectAll()
    .where('id', '=', submissionId)
    .where('school_id', '=', access.session.schoolId)
    .executeTakeFirst();
  if (!sub) throw notFound('提交不存在');
  const homework = await openForCorrection(db, access, sub.homework_id).catch(() => {
    throw notFound('提交不存在');
  });
  const students = await studentsOf(db, access, homework);
  if (!students.some((s) => s.studentId === sub.student_id)) throw notFound('提交不存在');
  return { sub, homework, students };
}

/** The scored answers of some submissions (none for none): the marks a wrong-question list reads. */
export async function scoredAnswersOf(db: Db, submissionIds: readonly number[]) {
  if (submissionIds.length === 0) return [];
  return db
    .selectFrom('homework_answers')
    .select(['submission_id', 'question_no', 'answer', 'score'])
    .where('submission_id', 'in', submissionIds)
    .where('score', 'is not', null)
    .execute();
}
