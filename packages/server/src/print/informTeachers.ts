import type { Db } from '../core/database';

/** One notice to some teachers of a school. */
export interface TeacherNotice {
  schoolId: number;
  examId: number;
  userIds: readonly number[];
  title: string;
  /** The text per teacher (their own classes). */
  bodyOf: (userId: number) => string;
  /** Where the notice leads in the app. */
  link: string;
  at: number;
}

/**
 * Tells teachers something about an exam. Today the notice is kept in `exam_print_notices` and
 * shown on 试卷印刷; this is the one place to hand it to the messages domain instead.
 */
export async function informTeachers(trx: Db, notice: TeacherNotice): Promise<number> {
  const userIds = [...new Set(notice.userIds)];
  if (userIds.length === 0) return 0;
  await trx
    .insertInto('exam_print_notices')
    .values(
      userIds.map((user_id) => ({
        school_id: notice.schoolId,
        user_id,
        exam_id: notice.examId,
        title: notice.title,
        body: notice.bodyOf(user_id),
        link: notice.link,
        created_at: notice.at,
      })),
    )
    .execute();
  return userIds.length;
}
