import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { Clock } from '../core/clock';
import { dialectOf, type Db } from '../core/database';
import type { DB } from '../core/schema';
import { conflict, loadBlock } from './blocks';
import { expiredLease, heldLease } from './leases';
import { SLOT } from './slots';
import type { MarkingTasksTable } from './tables';
import { writeTransaction } from './transaction';

/** A leased task as the marking screen gets it. */
export interface ClaimedTask {
  taskId: number;
  paperId: number;
  slot: number;
  leaseToken: string;
  leaseExpiresAt: number;
}

/**
 * Claims up to `count` papers of a block for a marker (or, with `arbitration`, for an
 * arbitrator), each under a lease of the block's `lease_ms`. Live leases the marker already
 * holds are returned first and count towards `count`, so a prefetching client never hoards.
 * A task is free when pending or when its lease expired. A marker never gets two
 * independent marks of one paper, and an arbitrator never arbitrates a paper they marked.
 *
 * The dialects differ here: PostgreSQL selects candidates `FOR UPDATE OF t SKIP LOCKED`, so
 * concurrent markers take disjoint rows without waiting; SQLite runs the same statements in a
 * `BEGIN IMMEDIATE` transaction (one writer at a time), where no row lock is needed.
 */
export async function claimTasks(
  db: Db,
  clock: Clock,
  input: { blockId: number; userId: number; count: number; arbitration?: boolean },
): Promise<ClaimedTask[]> {
  const postgres = dialectOf(db) === 'postgres';
  return writeTransaction(db, async (trx) => {
    const now = clock.now().getTime();
    const block = await loadBlock(trx, input.blockId);
    if (block.state !== 'open')
      throw conflict(block.state === 'paused' ? '阅卷已暂停' : '题块未在阅卷中');
    const held = await trx
      .selectFrom('marking_tasks')
      .select(['id as taskId', 'paper_id as paperId', 'slot', 'lease_token', 'lease_expires_at'])
      .where('block_id', '=', block.id)
      .where('user_id', '=', input.userId)
      .where('state', '=', 'leased')
      .where('lease_expires_at', '>', now)
      .where('slot', input.arbitration ? '=' : '<>', SLOT.arbitration)
      .orderBy('id')
      .execute();
    const claimed: ClaimedTask[] = held.map((t) => ({
      taskId: t.taskId,
      paperId: t.paperId,
      slot: t.slot,
      leaseToken: t.lease_token!,
      leaseExpiresAt: t.lease_expires_at!,
    }));
    let need = input.count - claimed.length;
    if (need <= 0) return claimed.slice(0, input.count);
    if (!input.arbitration && block.distribution === 'quota') {
      const quota = await trx
        .selectFrom('marking_block_users')
        .select('quota')
        .where('block_id', '=', block.id)
        .where('user_id', '=', input.userId)
        .where('role', '=', 'marker')
        .executeTakeFirst();
      const taken = await trx
        .selectFrom('marking_tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('block_id', '=', block.id)
        .where('user_id', '=', input.userId)
        .where('slot', '<=', SLOT.third)
        .where((eb) => eb.or([eb('state', '=', 'done'), heldLease(eb, now)]))
        .executeTakeFirstOrThrow();
      need = Math.min(need, (quota?.quota ?? 0) - Number(taken.n));
      if (need <= 0) return claimed;
    }
    // Pending tasks and expired leases are read apart, each an index range of
    // (block_id, state, id) taken in id order, so a claim stops after a few rows.
    const freeKinds = [
      (eb: ExpressionBuilder<DB & { t: MarkingTasksTable }, 't'>) =>
        eb.and([eb('t.state', '=', 'leased'), eb('t.lease_expires_at', '<=', now)]),
      (eb: ExpressionBuilder<DB & { t: MarkingTasksTable }, 't'>) => eb('t.state', '=', 'pending'),
    ];
    const notMarkedByMe = (eb: ExpressionBuilder<DB & { t: MarkingTasksTable }, 't'>) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('marking_tasks as o')
            .select('o.id')
            .whereRef('o.paper_id', '=', 't.paper_id')
            .where('o.user_id', '=', input.userId)
            .where('o.slot', '<=', SLOT.third),
        ),
      );
    // Third marks first (they hold a paper back), then the pool in task order.
    const phases: ('third' | 'all')[] =
      input.arbitration || block.mode !== 'triple' ? ['all'] : ['third', 'all'];
    const token = randomUUID();
    const expires = now + block.lease_ms;
    const papers = new Set(claimed.map((c) => c.paperId));
    for (const phase of phases.flatMap((p) => freeKinds.map((free) => ({ phase: p, free })))) {
      if (need <= 0) break;
      const { free } = phase;
      let query = trx
        .selectFrom('marking_tasks as t')
        .innerJoin('marking_papers as p', 'p.id', 't.paper_id')
        .select(['t.id', 't.paper_id', 't.slot'])
        .where('t.block_id', '=', block.id)
        .where(free)
        .where((eb) => {
          if (input.arbitration)
            return eb.and([
              eb('t.slot', '=', SLOT.arbitration),
              eb('p.state', '=', 'arbitration'),
              notMarkedByMe(eb),
            ]);
          const mark = eb.and([
            phase.phase === 'third'
              ? eb('t.slot', '=', SLOT.third)
              : eb('t.slot', '<=', SLOT.third),
            eb('p.state', '=', 'marking'),
            notMarkedByMe(eb),
            // One free slot per paper is offered (the lowest), so a claim never picks two slots of a paper.
            eb.not(
              eb.exists(
                eb
                  .selectFrom('marking_tasks as s')
                  .select('s.id')
                  .whereRef('s.paper_id', '=', 't.paper_id')
                  .whereRef('s.slot', '<', 't.slot')
                  .where((e) =>
                    e.or([
                      e('s.state', '=', 'pending'),
                      e.and([e('s.state', '=', 'leased'), e('s.lease_expires_at', '<=', now)]),
                    ]),
                  ),
              ),
            ),
          ]);
          if (phase.phase === 'third') return mark;
          return eb.or([
            mark,
            eb.and([
              eb('t.slot', 'in', [SLOT.recheck, SLOT.seed]),
              eb('t.assigned_to', '=', input.userId),
            ]),
          ]);
        })
        .orderBy('t.id')
        .limit(need);
      if (postgres) query = query.forUpdate('t').skipLocked();
      const candidates = await query.execute();
      for (const c of candidates) {
        if (need === 0) break;
        if (c.slot <= SLOT.third && papers.has(c.paper_id)) continue;
        const updated = await trx
          .updateTable('marking_tasks')
          .set({
            state: 'leased',
            user_id: input.userId,
            lease_token: token,
            lease_expires_at: expires,
            updated_at: now,
          })
          .where('id', '=', c.id)
          .where((eb) => eb.or([eb('state', '=', 'pending'), expiredLease(eb, now)]))
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) continue;
        papers.add(c.paper_id);
        claimed.push({
          taskId: c.id,
          paperId: c.paper_id,
          slot: c.slot,
          leaseToken: token,
          leaseExpiresAt: expires,
        });
        need--;
      }
    }
    return claimed;
  });
}
