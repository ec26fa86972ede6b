import type { Db } from '../core/database';
import { printReady } from '../message/events';
import { notifyIn } from '../message/notify';

/**
 * Tells teachers that their papers are printed: a 试卷印好 (`print_ready`) message of the
 * messages domain to each teacher, with their own classes in the text (`bodyOf`), written inside
 * the caller's transaction — the one that claims the tasks, so each task is told once. Answers
 * the number of teachers told.
 */
export async function informTeachers(
  trx: Db,
  at: number,
  exam: { id: number; school_id: number; name: string },
  userIds: readonly number[],
  bodyOf: (userId: number) => string,
): Promise<number> {
  let told = 0;
  for (const userId of new Set(userIds))
    told += (await notifyIn(trx, at, printReady(exam, userId, bodyOf(userId)))).recipients;
  return told;
}
