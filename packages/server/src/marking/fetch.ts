import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { forbidden } from '../core/envelope';
import { claimTasks } from './claim';
import { SLOT } from './slots';

/** A claimed task as a marker's fetch answers it (task and paper ids, never the student). */
export interface FetchedTask {
  taskId: number;
  paperId: number;
  kind: 'arbitration' | 'mark';
  leaseToken: string;
  leaseExpiresAt: number;
  /** The paper's earlier independent marks, for an arbitrator (none for a mark fetch). */
  marks: { score: number; parts: number[] }[];
}

/**
 * A marker's fetch of a block (a school's 阅卷 or a joint pool's): refuses a user without the
 * block's marker role (an arbitration fetch: arbitrator or leader), claims up to `count` tasks
 * (`claimTasks`) and, for an arbitration, adds each paper's first three done marks in slot order.
 */
export async function fetchTasks(
  db: Db,
  clock: Clock,
  access: { marker: boolean; arbitrator: boolean; leader: boolean },
  input: { blockId: number; userId: number; count: number; arbitration?: boolean },
): Promise<FetchedTask[]> {
  if (input.arbitration ? !access.arbitrator && !access.leader : !access.marker)
    throw forbidden(input.arbitration ? '您不是该题块的仲裁老师' : '您不是该题块的阅卷老师');
  const claimed = await claimTasks(db, clock, input);
  const paperIds = claimed.map((c) => c.paperId);
  const marks =
    input.arbitration && paperIds.length > 0
      ? await db
          .selectFrom('marking_tasks')
          .select(['paper_id', 'score_half', 'parts'])
          .where('paper_id', 'in', paperIds)
          .where('slot', '<=', SLOT.third)
          .where('state', '=', 'done')
          .orderBy('slot')
          .execute()
      : [];
  return claimed.map((c) => ({
    taskId: c.taskId,
    paperId: c.paperId,
    kind: c.slot === SLOT.arbitration ? ('arbitration' as const) : ('mark' as const),
    leaseToken: c.leaseToken,
    leaseExpiresAt: c.leaseExpiresAt,
    marks: marks
      .filter((m) => m.paper_id === c.paperId)
      .map((m) => ({
        score: (m.score_half ?? 0) / 2,
        parts: (JSON.parse(m.parts ?? '[]') as number[]).map((p) => p / 2),
      })),
  }));
}
