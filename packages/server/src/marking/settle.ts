import type { Db } from '../core/database';
import type { Block } from './access';
import { released } from './leases';
import { decide, finalParts, sum, type MarkSlot } from './scoring';
import { SLOT } from './slots';

/**
 * Decides a locked paper from its current marks: final score, a third mark, or arbitration
 * (created at most once: one slot-9 task per paper under a unique index). Call under {@link lockPaper}.
 */
export async function settlePaper(
  trx: Db,
  now: number,
  paper: { id: number; is_seed: number; state: string },
  block: Block,
): Promise<void> {
  const paperId = paper.id;
  if (paper.is_seed === 1 || paper.state === 'problem') return;
  const tasks = await trx
    .selectFrom('marking_tasks')
    .select(['id', 'slot', 'state', 'score_half', 'parts'])
    .where('paper_id', '=', paperId)
    .where((eb) => eb.or([eb('slot', '<=', SLOT.third), eb('slot', '=', SLOT.arbitration)]))
    .execute();
  const marks: { 1?: number; 2?: number; 3?: number; arbitration?: number } = {};
  const partsBySlot = new Map<MarkSlot, number[]>();
  for (const t of tasks) {
    if (t.state !== 'done' || t.score_half === null) continue;
    const slot: MarkSlot = t.slot === SLOT.arbitration ? 'arbitration' : (t.slot as 1 | 2 | 3);
    if (slot === 'arbitration') marks.arbitration = t.score_half;
    else marks[slot] = t.score_half;
    partsBySlot.set(slot, JSON.parse(t.parts ?? '[]') as number[]);
  }
  const outcome = decide(block.mode, block.tolerance_half, block.step_half, marks);
  if (outcome.kind === 'final') {
    const parts = finalParts(
      outcome.from.map((slot) => partsBySlot.get(slot) ?? []),
      block.step_half,
    );
    await trx
      .updateTable('marking_papers')
      .set({
        state: 'done',
        final_score_half: sum(parts),
        final_parts: JSON.stringify(parts),
        final_source: outcome.source,
        finished_at: now,
      })
      .where('id', '=', paperId)
      .execute();
    // A third mark or an arbitration no longer needed (after a 回评) leaves the pool.
    if (tasks.some((t) => t.slot > 2 && (t.state === 'pending' || t.state === 'leased')))
      await trx
        .updateTable('marking_tasks')
        .set({ state: 'cancelled', lease_token: null, updated_at: now })
        .where('paper_id', '=', paperId)
        .where('slot', 'in', [SLOT.third, SLOT.arbitration])
        .where('state', 'in', ['pending', 'leased'])
        .execute();
    return;
  }
  const slot =
    outcome.kind === 'third'
      ? SLOT.third
      : outcome.kind === 'arbitration'
        ? SLOT.arbitration
        : null;
  if (slot !== null) {
    await trx
      .insertInto('marking_tasks')
      .values({ block_id: block.id, paper_id: paperId, slot, state: 'pending', updated_at: now })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .updateTable('marking_tasks')
      .set(released(now))
      .where('paper_id', '=', paperId)
      .where('slot', '=', slot)
      .where('state', '=', 'cancelled')
      .execute();
  }
  await trx
    .updateTable('marking_papers')
    .set({
      state: slot === SLOT.arbitration ? 'arbitration' : 'marking',
      final_score_half: null,
      final_parts: null,
      final_source: null,
      finished_at: null,
    })
    .where('id', '=', paperId)
    .execute();
}
