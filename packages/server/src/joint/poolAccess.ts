import type { PaperDetail } from '@examkit/contracts';
import type { Db } from '../core/database';
import { forbidden, notFound } from '../core/envelope';
import type { SessionInfo } from '../core/session';
import { jointViewer, loadOrganised } from './access';

const BLOCK_NOT_FOUND = '阅卷题块不存在';

/**
 * The access checks of the joint pool's routes (pool.ts, poolSetup.ts, poolLeader.ts,
 * poolMonitor.ts): a pool block the caller organises, or one they hold a role on; and the
 * anonymity of other schools' markers on a paper's details.
 */
export function poolAccess(db: Db) {
  /** A pool block; a school's own block, or none, answers 404. */
  async function poolBlock(blockId: number) {
    const block = await db
      .selectFrom('marking_blocks')
      .selectAll()
      .where('id', '=', blockId)
      .where('joint_exam_id', 'is not', null)
      .executeTakeFirst();
    if (!block) throw notFound(BLOCK_NOT_FOUND);
    return block;
  }

  /** A pool block of a joint exam the caller organises. */
  async function organisedBlock(session: SessionInfo, blockId: number) {
    const block = await poolBlock(blockId);
    await loadOrganised(db, await jointViewer(db, session), block.joint_exam_id!);
    return block;
  }

  /**
   * A pool block the caller works on: their school takes part in the joint exam and they hold a
   * role on the block. Any other answers as a missing block (404), as the school routes do.
   */
  async function workedBlock(session: SessionInfo, blockId: number) {
    const block = await poolBlock(blockId);
    const member = await db
      .selectFrom('joint_exam_schools')
      .select('school_id')
      .where('joint_exam_id', '=', block.joint_exam_id!)
      .where('school_id', '=', session.schoolId)
      .executeTakeFirst();
    const roles = member
      ? await db
          .selectFrom('marking_block_users')
          .select('role')
          .where('block_id', '=', block.id)
          .where('user_id', '=', session.userId)
          .execute()
      : [];
    if (roles.length === 0) throw notFound(BLOCK_NOT_FOUND);
    const has = (role: string) => roles.some((r) => r.role === role);
    return { block, marker: has('marker'), arbitrator: has('arbitrator'), leader: has('leader') };
  }

  async function workedTask(session: SessionInfo, taskId: number) {
    const task = await db
      .selectFrom('marking_tasks')
      .selectAll()
      .where('id', '=', taskId)
      .executeTakeFirst();
    if (!task) throw notFound('阅卷任务不存在');
    await workedBlock(session, task.block_id).catch(() => {
      throw notFound('阅卷任务不存在');
    });
    return task;
  }

  /** A paper of a pool block the caller works on (else 404 「试卷不存在」, as the school routes answer). */
  async function workedPaper(session: SessionInfo, paperId: number) {
    const paper = await db
      .selectFrom('marking_papers')
      .selectAll()
      .where('id', '=', paperId)
      .executeTakeFirst();
    if (!paper) throw notFound('试卷不存在');
    const access = await workedBlock(session, paper.block_id).catch(() => {
      throw notFound('试卷不存在');
    });
    return { paper, access };
  }

  /**
   * A pool block whose seeds (隐藏样卷) the caller manages: its organiser, or its 组长. A marker
   * or arbitrator gets 403; anyone else 404 「阅卷题块不存在」.
   */
  async function seedBlock(session: SessionInfo, blockId: number) {
    const block = await poolBlock(blockId);
    if (await organisesBlock(session, block.joint_exam_id!)) return block;
    requirePoolLeader(await workedBlock(session, blockId));
    return block;
  }

  /** The caller organises the joint exam (no error: false for anyone else). */
  async function organisesBlock(session: SessionInfo, jointExamId: number) {
    try {
      await loadOrganised(db, await jointViewer(db, session), jointExamId);
      return true;
    } catch {
      return false;
    }
  }

  function requirePoolLeader(access: { leader: boolean }) {
    if (!access.leader) throw forbidden('只有题块组长可以进行此操作');
  }

  /**
   * The pool's anonymity on a paper's details: no student (paperDetails already names none), and
   * the markers of other schools than the caller's shown as 外校阅卷老师.
   */
  async function anonymous(session: SessionInfo, papers: PaperDetail[]): Promise<PaperDetail[]> {
    const ids = [...new Set(papers.flatMap((p) => p.marks.map((m) => m.userId)))];
    const own =
      ids.length === 0
        ? new Set<number>()
        : new Set(
            (
              await db
                .selectFrom('users')
                .select('id')
                .where('id', 'in', ids)
                .where('school_id', '=', session.schoolId)
                .execute()
            ).map((u) => u.id),
          );
    return papers.map((p) => ({
      ...p,
      marks: p.marks.map((m) => (own.has(m.userId) ? m : { ...m, userName: '外校阅卷老师' })),
    }));
  }

  return {
    poolBlock,
    organisedBlock,
    workedBlock,
    workedTask,
    workedPaper,
    requirePoolLeader,
    seedBlock,
    organisesBlock,
    anonymous,
  };
}
