import { sql } from 'kysely';
import { dialectOf, type Db } from '../core/database';

/** Errors that mean "try the whole transaction again": lock waits, snapshots, races on a unique key. */
const RETRYABLE_PG = new Set(['40001', '40P01', '55P03', '23505']);
const RETRYABLE_SQLITE = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED']);

function retryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (RETRYABLE_PG.has(code) || RETRYABLE_SQLITE.has(code));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in one write transaction and retries it on lock conflicts, so that no
 * BUSY, deadlock or unique-key race reaches a marker.
 *
 * SQLite: `BEGIN IMMEDIATE` takes the write lock up front (no upgrade deadlock), with
 * the connection's 5 s busy timeout; the SQLite database is single-process by design and
 * Kysely runs one connection per process, so writers queue in process.
 * PostgreSQL: READ COMMITTED; rows are locked explicitly with {@link lockForUpdate} and
 * the claim skips locked rows. Called with a transaction, the work runs in it, unretried.
 */
export async function writeTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  // Inside a caller's transaction (e.g. the scan domain registering papers) the work joins it.
  if (db.isTransaction) return work(db);
  for (let attempt = 1; ; attempt++) {
    try {
      if (dialectOf(db) === 'postgres') return await db.transaction().execute(work);
      return await db.connection().execute(async (conn) => {
        await sql`begin immediate`.execute(conn);
        try {
          const result = await work(conn);
          await sql`commit`.execute(conn);
          return result;
        } catch (error) {
          await sql`rollback`.execute(conn).catch(() => undefined);
          throw error;
        }
      });
    } catch (error) {
      if (attempt >= 12 || !retryable(error)) throw error;
      await pause(Math.min(200, 2 ** attempt) * (0.5 + Math.random()));
    }
  }
}
