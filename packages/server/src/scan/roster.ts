import type { Db } from '../core/database';

export interface RosterStudent {
  studentId: number;
  examNo: string;
  name: string;
  className: string;
}

/** Who takes the subject: every participant, or the chosen students of a 选考 subject. */
export async function rosterOf(
  db: Db,
  examId: number,
  examSubjectId: number,
  elective: boolean,
): Promise<RosterStudent[]> {
  return rosterQuery(db, examId, examSubjectId, elective).orderBy('es.exam_no').execute();
}

/** The roster as a query (`es` exam students, `s` students, `c` classes), to filter or page. */
export function rosterQuery(db: Db, examId: number, examSubjectId: number, elective: boolean) {
  let query = db
    .selectFrom('exam_students as es')
    .innerJoin('students as s', 's.id', 'es.student_id')
    .innerJoin('classes as c', 'c.id', 'es.class_id')
    .select([
      'es.student_id as studentId',
      'es.exam_no as examNo',
      's.name as name',
      'c.name as className',
    ])
    .where('es.exam_id', '=', examId);
  if (elective)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('exam_student_electives as e')
          .select('e.student_id')
          .whereRef('e.student_id', '=', 'es.student_id')
          .where('e.exam_subject_id', '=', examSubjectId),
      ),
    );
  return query;
}

/** Keeps the roster's students of the given classes (null: every class). */
export function inClasses(query: ReturnType<typeof rosterQuery>, classIds: number[] | null) {
  return classIds === null ? query : query.where('es.class_id', 'in', [0, ...classIds]);
}
