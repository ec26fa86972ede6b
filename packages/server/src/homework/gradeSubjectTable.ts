import type { Generated } from 'kysely';

/**
 * The columns every homework-like row of one grade × subject starts with (homework, 作业分组,
 * 教辅, 字词练习): its id, school and academic year.
 */
export interface GradeSubjectTable {
  id: Generated<number>;
  school_id: number;
  academic_year: number;
  grade_id: number;
  subject_id: number;
}
