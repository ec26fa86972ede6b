import { BankQuestionInput, bankQuestionInputOf } from '@examkit/contracts';
import { systemClock } from '../core/clock';
import type { Db } from '../core/database';
import { loadQuestions, updateQuestion } from '../resource/questions';
import { checkSeed } from './checkSeed';

/**
 * The demo school's error pages (docs/resources.md) recommend bank questions that share a
 * knowledge point **by name** with the exam question. The seeded exams name their points
 * (集合, 函数的概念, …) differently from the demo bank's shared tree, so this adds each of them as a
 * school node and tags one question of the school's own demo bank with it (the bank question of
 * the matching shared node with the lowest id not tagged yet), through `updateQuestion`. No
 * question is written: the practice comes from the demo bank. Idempotent: nothing happens when
 * the points exist.
 */
const PRACTICE: { point: string; bankNode: string }[] = [
  { point: '集合', bankNode: '集合的运算' },
  { point: '函数的概念', bankNode: '二次函数' },
  { point: '指数函数', bankNode: '指数与对数' },
  { point: '对数函数', bankNode: '指数与对数' },
  { point: '三角函数', bankNode: '特殊角的三角函数值' },
  { point: '不等式', bankNode: '一元二次不等式' },
  { point: '数列', bankNode: '等差数列' },
  { point: '立体几何', bankNode: '空间几何体的体积' },
];

export async function seedWrongPractice(db: Db, schoolId: number): Promise<void> {
  const subject = await db
    .selectFrom('subjects')
    .select('code')
    .where('school_id', '=', schoolId)
    .where('name', '=', '数学')
    .executeTakeFirst();
  const subjectCode = subject?.code ?? '数学';
  const exists = await db
    .selectFrom('knowledge_points')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('subject_code', '=', subjectCode)
    .where('name', '=', PRACTICE[0]!.point)
    .executeTakeFirst();
  if (exists) return;
  await db.transaction().execute(async (trx) => {
    const used = new Set<number>();
    for (const [ord, item] of PRACTICE.entries()) {
      const point = await trx
        .insertInto('knowledge_points')
        .values({
          school_id: schoolId,
          subject_code: subjectCode,
          stage: 3,
          parent_id: null,
          name: item.point,
          ord,
          created_at: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const candidates = await trx
        .selectFrom('questions as q')
        .innerJoin('question_points as qp', 'qp.question_id', 'q.id')
        .innerJoin('knowledge_points as k', 'k.id', 'qp.point_id')
        .select('q.id')
        .where('q.school_id', '=', schoolId)
        .where('q.subject_code', '=', subjectCode)
        .where('q.parent_id', 'is', null)
        .where('q.deleted_at', 'is', null)
        .where('k.school_id', 'is', null)
        .where('k.name', '=', item.bankNode)
        .orderBy('q.id')
        .execute();
      const pick = candidates.find((c) => !used.has(c.id)) ?? candidates[0];
      if (!pick) throw new Error(`the demo bank has no question of ${item.bankNode}`);
      used.add(pick.id);
      const [existing] = await loadQuestions(trx, schoolId, [pick.id]);
      const base = bankQuestionInputOf(existing!);
      const tagged: BankQuestionInput = {
        ...base,
        pointIds: [...base.pointIds, point.id],
        tags: [...new Set([...base.tags, item.point])],
      };
      checkSeed(BankQuestionInput, tagged, 'practice question');
      await updateQuestion(
        trx,
        systemClock,
        { schoolId, userId: null, questionId: pick.id },
        tagged,
      );
    }
  });
}
