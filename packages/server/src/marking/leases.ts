import type { ExpressionBuilder } from 'kysely';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { DB } from '../core/schema';
import { writeTransaction } from './transaction';

/** A task's columns when it goes back to the pool: pending, no marker, no lease. */
export const released = (now: number) => ({
  state: 'pending' as const,
  user_id: null,
  lease_token: null,
  lease_expires_at: null,
  updated_at: now,
});

/** A task a marker holds now: leased, its lease not yet expired. */
export const heldLease = (eb: ExpressionBuilder<DB, 'marking_tasks'>, now: number) =>
  eb.and([eb('state', '=', 'leased'), eb('lease_expires_at', '>', now)]);

/** A task whose lease has expired: free to claim again (or to remove). */
export const expiredLease = (eb: ExpressionBuilder<DB, 'marking_tasks'>, now: number) =>
  eb.and([eb('state', '=', 'leased'), eb('lease_expires_at', '<=', now)]);

/** Hands back the caller's live leases of a block (closing the marking screen). */
export async function releaseTasks(
  db: Db,
  clock: Clock,
  blockId: number,
  userId: number,
): Promise<number> {
  return writeTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('marking_tasks')
      .set(released(clock.now().getTime()))
      .where('block_id', '=', blockId)
      .where('user_id', '=', userId)
      .where('state', '=', 'leased')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}
