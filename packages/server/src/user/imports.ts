import type { Clock } from '../core/clock';
import { lockKey, type Db } from '../core/database';
import { notFound } from '../core/envelope';
import type { DB } from '../core/schema';
import type { SessionInfo } from '../core/session';
import type { Transaction } from 'kysely';
import { writeSheet } from './spreadsheet';
import { importFinished } from '../message/events';
import { notify } from '../message/notify';

export interface RowError {
  row: number;
  column: string;
  reason: string;
}

export interface Applied {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface ImportResultData extends Applied {
  jobId: number;
  status: 'ok' | 'rejected';
  total: number;
  errors: RowError[];
  createdAt: number;
}

/**
 * Ends an import: with any bad row nothing is written and the job keeps every
 * error; otherwise `apply` runs in one transaction with the job's record.
 */
export async function finishImport(
  db: Db,
  clock: Clock,
  session: SessionInfo,
  kind: string,
  total: number,
  errors: RowError[],
  apply: (trx: Transaction<DB>) => Promise<Applied>,
): Promise<ImportResultData> {
  const createdAt = clock.now().getTime();
  const record = (trx: Db, status: 'ok' | 'rejected', applied: Applied) =>
    trx
      .insertInto('import_jobs')
      .values({
        school_id: session.schoolId,
        user_id: session.userId,
        kind,
        status,
        total,
        ...applied,
        errors: JSON.stringify(errors),
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  let result: ImportResultData;
  if (errors.length > 0) {
    const none = { inserted: 0, updated: 0, unchanged: 0 };
    const { id } = await record(db, 'rejected', none);
    result = { jobId: id, status: 'rejected', total, errors, createdAt, ...none };
  } else {
    result = await db.transaction().execute(async (trx) => {
      // One import of a kind at a time per school (PostgreSQL; SQLite has one writer anyway).
      await lockKey(trx, `import:${kind}:${session.schoolId}`);
      const applied = await apply(trx);
      const { id } = await record(trx, 'ok', applied);
      return { jobId: id, status: 'ok' as const, total, errors, createdAt, ...applied };
    });
  }
  await notify(db, clock, importFinished(session, kind, result));
  return result;
}

/** A job of the caller's school, or the latest of the kind when no id is given. */
export async function importJob(
  db: Db,
  session: SessionInfo,
  kind: string,
  jobId: number | undefined,
): Promise<ImportResultData | null> {
  let q = db
    .selectFrom('import_jobs')
    .selectAll()
    .where('school_id', '=', session.schoolId)
    .where('kind', '=', kind);
  q = jobId === undefined ? q.orderBy('id', 'desc').limit(1) : q.where('id', '=', jobId);
  const row = await q.executeTakeFirst();
  if (!row) {
    if (jobId !== undefined) throw notFound('导入记录不存在');
    return null;
  }
  return {
    jobId: row.id,
    status: row.status === 'ok' ? 'ok' : 'rejected',
    total: row.total,
    inserted: row.inserted,
    updated: row.updated,
    unchanged: row.unchanged,
    errors: JSON.parse(row.errors) as RowError[],
    createdAt: Number(row.created_at),
  };
}

/** The bad rows of a job as a spreadsheet: 行号, 列, 原因. */
export async function importErrorsFile(db: Db, session: SessionInfo, kind: string, jobId: number) {
  const job = await importJob(db, session, kind, jobId);
  if (!job) throw notFound('导入记录不存在');
  return writeSheet(
    `${kind === 'teacher' ? '教师' : kind === 'student' ? '学生' : ''}导入错误-${jobId}.xlsx`,
    '错误',
    ['行号', '列', '原因'],
    job.errors.map((e) => [e.row, e.column, e.reason]),
  );
}

/** Records an export in the audit log: who, when, which school, how many records. */
export async function auditExport(
  db: Db,
  clock: Clock,
  session: SessionInfo,
  action: string,
  recordCount: number,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      school_id: session.schoolId,
      user_id: session.userId,
      action,
      record_count: recordCount,
      created_at: clock.now().getTime(),
    })
    .execute();
}
