import { BASKET_LIMIT, QUESTION_TYPE_KEYS, QUESTION_TYPES } from '@examkit/contracts';
import type { BankQuestionItem, BankQuestionType } from '@examkit/contracts';
import type { Db } from '../core/database';
import { badRequest, notFound } from '../core/envelope';
import { loadQuestions } from './questions';
import { ownOrCloudOf } from './cloudScope';

/**
 * The basket's queries: one user's questions of one subject, kept on the server so a reload or
 * a new session finds them. Every read and write is keyed by the session's school and user.
 */

export interface BasketOwner {
  schoolId: number;
  userId: number;
}

/** A basket's table: the papers' (组卷) or the homework store's. */
export type BasketTable = 'basket_items' | 'homework_basket_items';

const itemsOf = (
  db: Db,
  owner: BasketOwner,
  subjectCode: string,
  table: BasketTable = 'basket_items',
) =>
  db
    .selectFrom(table)
    .where('school_id', '=', owner.schoolId)
    .where('user_id', '=', owner.userId)
    .where('subject_code', '=', subjectCode);

/** How many questions the user's basket of a subject holds (the 组卷 basket unless told). */
export async function basketCount(
  db: Db,
  owner: BasketOwner,
  subjectCode: string,
  table: BasketTable = 'basket_items',
) {
  const row = await itemsOf(db, owner, subjectCode, table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The question the user put into a basket last (of one subject, or of any). */
export async function latestItem(db: Db, owner: BasketOwner, subjectCode: string | undefined) {
  let q = db
    .selectFrom('basket_items as b')
    .innerJoin('questions as q', 'q.id', 'b.question_id')
    .select(['b.subject_code', 'q.grade_num'])
    .where('b.school_id', '=', owner.schoolId)
    .where('b.user_id', '=', owner.userId);
  if (subjectCode !== undefined) q = q.where('b.subject_code', '=', subjectCode);
  return q.orderBy('b.added_at', 'desc').orderBy('b.question_id', 'desc').executeTakeFirst();
}

/** The question ids of a basket, in the order they were added. */
export async function basketIds(db: Db, owner: BasketOwner, subjectCode: string) {
  const rows = await itemsOf(db, owner, subjectCode)
    .select('question_id')
    .orderBy('added_at')
    .orderBy('question_id')
    .execute();
  return rows.map((r) => r.question_id);
}

/** Bank questions the school may read, or 404 when one of them is not (another school's). */
export async function readableQuestions(
  db: Db,
  schoolId: number,
  ids: readonly number[],
): Promise<BankQuestionItem[]> {
  const questions = await loadQuestions(db, schoolId, ids);
  if (questions.length !== new Set(ids).size) throw notFound('试题不存在');
  return questions;
}

/**
 * Adds questions (all of one subject) to the basket; a question already there stays once.
 * Returns the subject's new count.
 */
export async function addToBasket(
  db: Db,
  owner: BasketOwner,
  questionIds: readonly number[],
  at: number,
): Promise<{ subjectCode: string; count: number }> {
  const questions = await readableQuestions(db, owner.schoolId, questionIds);
  const subjects = new Set(questions.map((q) => q.subjectCode));
  if (subjects.size !== 1) throw badRequest('一次只能加入同一学科的试题');
  const subjectCode = questions[0]!.subjectCode;
  return db.transaction().execute(async (trx) => {
    const had = new Set(await basketIds(trx, owner, subjectCode));
    const fresh = questions.filter((q) => !had.has(q.id));
    if (had.size + fresh.length > BASKET_LIMIT)
      throw badRequest(`试题篮最多容纳 ${BASKET_LIMIT} 道试题`);
    if (fresh.length > 0)
      await trx
        .insertInto('basket_items')
        .values(
          fresh.map((q, i) => ({
            school_id: owner.schoolId,
            user_id: owner.userId,
            subject_code: subjectCode,
            question_id: q.id,
            type: q.type,
            added_at: at + i,
          })),
        )
        .onConflict((oc) => oc.columns(['user_id', 'subject_code', 'question_id']).doNothing())
        .execute();
    return { subjectCode, count: await basketCount(trx, owner, subjectCode) };
  });
}

/** Deletes the user's items of some questions from a basket, of every subject. */
export const dropBasketItems = (
  db: Db,
  table: BasketTable,
  owner: BasketOwner,
  questionIds: readonly number[],
) =>
  db
    .deleteFrom(table)
    .where('school_id', '=', owner.schoolId)
    .where('user_id', '=', owner.userId)
    .where('question_id', 'in', [...questionIds])
    .execute();

/**
 * Takes questions out of every subject of the user's basket; returns the subject of (the first
 * of) them, or null when none was in.
 */
export async function takeOutOfBasket(
  db: Db,
  table: BasketTable,
  owner: BasketOwner,
  questionIds: readonly number[],
): Promise<string | null> {
  const row = await db
    .selectFrom(table)
    .select('subject_code')
    .where('school_id', '=', owner.schoolId)
    .where('user_id', '=', owner.userId)
    .where('question_id', 'in', [...questionIds])
    .executeTakeFirst();
  if (!row) return null;
  await dropBasketItems(db, table, owner, questionIds);
  return row.subject_code;
}

/** Takes questions out of every basket subject of the user; returns the count of their subject. */
export async function removeFromBasket(
  db: Db,
  owner: BasketOwner,
  questionIds: readonly number[],
): Promise<number> {
  const subjectCode = await takeOutOfBasket(db, 'basket_items', owner, questionIds);
  return subjectCode === null ? 0 : basketCount(db, owner, subjectCode);
}

/** The basket of a subject grouped by type, types in the forms' order. */
export async function basketGroups(db: Db, owner: BasketOwner, subjectCode: string) {
  const ids = await basketIds(db, owner, subjectCode);
  const questions = await loadQuestions(db, owner.schoolId, ids);
  const groups = QUESTION_TYPE_KEYS.map((type: BankQuestionType) => ({
    type,
    typeName: QUESTION_TYPES[type],
    questions: questions.filter((q) => q.type === type),
  })).filter((g) => g.questions.length > 0);
  return { total: questions.length, groups };
}

/**
 * A question to take the place of one in the basket: the same subject, stage and type, not in
 * the basket yet, sharing a knowledge point when one does; null when the bank has none.
 */
async function similarQuestion(
  db: Db,
  owner: BasketOwner,
  question: BankQuestionItem,
  taken: readonly number[],
): Promise<number | null> {
  const pointIds = question.points.map((p) => p.id);
  const row = await db
    .selectFrom('questions as q')
    .select('q.id')
    .where(ownOrCloudOf('q', owner.schoolId))
    .where('q.subject_code', '=', question.subjectCode)
    .where('q.stage', '=', question.stage)
    .where('q.type', '=', question.type)
    .where('q.parent_id', 'is', null)
    .where('q.deleted_at', 'is', null)
    .where('q.id', 'not in', [question.id, ...taken])
    .orderBy((eb) =>
      pointIds.length === 0
        ? eb.val(0)
        : eb
            .case()
            .when(
              eb.exists(
                eb
                  .selectFrom('question_points as qp')
                  .select('qp.point_id')
                  .whereRef('qp.question_id', '=', 'q.id')
                  .where('qp.point_id', 'in', pointIds),
              ),
            )
            .then(0)
            .else(1)
            .end(),
    )
    .orderBy('q.id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Swaps a basket question for another in its place (the given one, or a similar one). */
export async function replaceInBasket(
  db: Db,
  owner: BasketOwner,
  questionId: number,
  replacementId: number | undefined,
): Promise<number> {
  const item = await db
    .selectFrom('basket_items')
    .select(['subject_code'])
    .where('school_id', '=', owner.schoolId)
    .where('user_id', '=', owner.userId)
    .where('question_id', '=', questionId)
    .executeTakeFirst();
  if (!item) throw notFound('试题不在试题篮中');
  const taken = await basketIds(db, owner, item.subject_code);
  const [question] = await readableQuestions(db, owner.schoolId, [questionId]);
  let nextId = replacementId ?? (await similarQuestion(db, owner, question!, taken));
  if (nextId === null) throw badRequest('题库中没有可替换的同类试题');
  if (taken.includes(nextId)) throw badRequest('替换的试题已在试题篮中');
  const [next] = await readableQuestions(db, owner.schoolId, [nextId]);
  if (next!.subjectCode !== item.subject_code) throw badRequest('只能替换为同一学科的试题');
  nextId = next!.id;
  await db
    .updateTable('basket_items')
    .set({ question_id: nextId, type: next!.type })
    .where('school_id', '=', owner.schoolId)
    .where('user_id', '=', owner.userId)
    .where('subject_code', '=', item.subject_code)
    .where('question_id', '=', questionId)
    .execute();
  return nextId;
}
