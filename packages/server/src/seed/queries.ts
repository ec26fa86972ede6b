import type { Db } from '../core/database';

/** The students of these classes, by student number: the roster a demo exam is set for. */
export function studentsOfClasses(db: Db, classIds: number[]) {
  return db
    .selectFrom('students')
    .select(['id', 'class_id', 'student_no'])
    .where('class_id', 'in', classIds)
    .orderBy('student_no')
    .execute();
}
