import { BankQuestionInput } from '@examkit/contracts';
import type { Db } from '../core/database';
import { insertQuestion } from '../resource/questions';
import { chineseQuestions, CHINESE_TREE } from './bank/chinese';
import { englishQuestions, ENGLISH_TREE } from './bank/english';
import { mathQuestions, MATH_TREE } from './bank/math';
import type { DemoQuestion, DemoTree } from './bank/types';
import { checkSeed } from './checkSeed';
import { prng } from './prng';

/** The school's own nodes, hung under shared ones: subject → shared parent → names. */
const SCHOOL_NODES: Record<string, Record<string, string[]>> = {
  '02': { 二次函数: ['本校·二次函数最值专题'] },
  '03': { 近义词: ['本校·校本词汇'] },
};

/** One subject of the demo bank: its code in the demo school, tree and questions. */
export interface DemoSubjectBank {
  subjectCode: string;
  tree: DemoTree;
  questions: DemoQuestion[];
}

/**
 * The demo bank (高中, stage 3): 语文 01, 数学 02, 英语 03, written from hand-made templates with
 * drawn numbers and computed answers. `small` keeps every tenth question (tests start fast).
 */
export function demoBank(size: 'full' | 'small'): DemoSubjectBank[] {
  const r = prng(20261127);
  const keep = (list: DemoQuestion[]) => {
    // Templates may draw the same numbers twice: a stem is kept once.
    const seen = new Set<string>();
    const unique = list.filter((q) => !seen.has(q.stem) && !!seen.add(q.stem));
    return size === 'full' ? unique : unique.filter((_, i) => i % 10 === 0);
  };
  return [
    { subjectCode: '01', tree: CHINESE_TREE, questions: keep(chineseQuestions(r)) },
    { subjectCode: '02', tree: MATH_TREE, questions: keep(mathQuestions(r, 19)) },
    { subjectCode: '03', tree: ENGLISH_TREE, questions: keep(englishQuestions(r)) },
  ];
}

/** A demo question as the add form would send it (point names resolved to ids). */
export function demoInput(
  subjectCode: string,
  q: DemoQuestion,
  pointIds: number[],
): BankQuestionInput {
  const { points: _names, ...fields } = q;
  return { ...fields, subjectCode, stage: 3, pointIds };
}

/**
 * Seeds the shared knowledge trees, the cloud bank (every fifth question, `school_id` null) and
 * the school's own bank with a few school nodes. Idempotent: nothing happens when the school
 * already has questions.
 */
export async function seedBank(
  trx: Db,
  schoolId: number,
  now: number,
  size: 'full' | 'small',
): Promise<void> {
  const already = await trx
    .selectFrom('questions')
    .select('id')
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  if (already) return;
  const clock = { now: () => new Date(now) };
  for (const bank of demoBank(size)) {
    const shared = await sharedTree(trx, bank, now);
    const own = new Map<string, number>();
    for (const [parent, names] of Object.entries(SCHOOL_NODES[bank.subjectCode] ?? {}))
      for (const [ord, name] of names.entries()) {
        const row = await trx
          .insertInto('knowledge_points')
          .values({
            school_id: schoolId,
            subject_code: bank.subjectCode,
            stage: 3,
            parent_id: shared.get(parent)!,
            name,
            ord,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        own.set(parent, row.id);
      }
    for (const [i, q] of bank.questions.entries()) {
      const cloud = i % 5 === 0;
      const ids = q.points.map((name) => shared.get(name)!);
      if (!cloud) for (const name of q.points) if (own.has(name)) ids.push(own.get(name)!);
      const input = demoInput(bank.subjectCode, q, ids);
      checkSeed(BankQuestionInput, input, `question ${bank.subjectCode}#${i}`);
      await insertQuestion(trx, clock, { schoolId: cloud ? null : schoolId, userId: null }, input);
    }
  }
}

/** The shared tree of a subject (created once for every school), by node name. */
async function sharedTree(trx: Db, bank: DemoSubjectBank, now: number) {
  const byName = new Map<string, number>();
  const existing = await trx
    .selectFrom('knowledge_points')
    .select(['id', 'name'])
    .where('school_id', 'is', null)
    .where('subject_code', '=', bank.subjectCode)
    .where('stage', '=', 3)
    .execute();
  for (const row of existing) byName.set(row.name, row.id);
  if (existing.length) return byName;
  const add = async (name: string, parent: number | null, ord: number) => {
    const row = await trx
      .insertInto('knowledge_points')
      .values({
        school_id: null,
        subject_code: bank.subjectCode,
        stage: 3,
        parent_id: parent,
        name,
        ord,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    byName.set(name, row.id);
    return row.id;
  };
  for (const [ord, [top, leaves]] of Object.entries(bank.tree).entries()) {
    const id = await add(top, null, ord);
    for (const [leafOrd, leaf] of leaves.entries()) await add(leaf, id, leafOrd);
  }
  return byName;
}
