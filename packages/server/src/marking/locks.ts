import { dialectOf, type Db } from '../core/database';
import { notFound } from '../core/envelope';

/**
 * Locks a paper row for the rest of the transaction. Every change of a paper's marks,
 * state or final score happens under this lock, so two submits of one paper never decide
 * it twice. PostgreSQL: `SELECT … FOR UPDATE`; SQLite: the immediate transaction already
 * excludes other writers, so a plain read.
 */
export async function lockPaper(trx: Db, paperId: number) {
  let query = trx.selectFrom('marking_papers').selectAll().where('id', '=', paperId);
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  const paper = await query.executeTakeFirst();
  if (!paper) throw notFound('试卷不存在');
  return paper;
}

/** Locks the paper of a task, before anything else of it is read; 404 for an unknown task. */
export async function lockPaperOfTask(trx: Db, taskId: number) {
  const task = await trx
    .selectFrom('marking_tasks')
    .select('paper_id')
    .where('id', '=', taskId)
    .executeTakeFirst();
  if (!task) throw notFound('阅卷任务不存在');
  return lockPaper(trx, task.paper_id);
}

/** Locks a task row for the rest of the transaction (as {@link lockPaper}); undefined when unknown. */
export async function lockTask(trx: Db, taskId: number) {
  let query = trx.selectFrom('marking_tasks').selectAll().where('id', '=', taskId);
  if (dialectOf(trx) === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}
