import type { Db } from '../core/database';
import { gradeSubjectNamesOf } from '../school/classQueries';

type GradeSubjectRow = { grade_id: number; subject_id: number };

/**
 * The grade and subject of some rows as a list's fields (homework, 作业分组, 字词练习), the names
 * read once: a row's `{ gradeId, gradeName, subjectId, subjectName }` ('' when missing).
 */
export async function gradeSubjectFieldsOf(db: Db, rows: readonly GradeSubjectRow[]) {
  const names = await gradeSubjectNamesOf(db, rows);
  return (r: GradeSubjectRow) => {
    const { gradeName, subjectName } = names(r);
    return { gradeId: r.grade_id, gradeName, subjectId: r.subject_id, subjectName };
  };
}
