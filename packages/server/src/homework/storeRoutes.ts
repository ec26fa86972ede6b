import {
  homeworkStoreRoutes as r,
  HOMEWORK_BASKET_LIMIT,
  OBJECTIVE_TYPES,
  type BankQuestionItem,
  type HomeworkQuestionInput,
} from '@examkit/contracts';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { badRequest } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf, type Access } from '../core/scope';
import {
  basketCount,
  dropBasketItems,
  readableQuestions,
  takeOutOfBasket,
} from '../resource/basket';
import { loadQuestions } from '../resource/questions';
import { loadHomework, requireSchoolBase } from './access';
import { normaliseQuestions, questionRowsOf } from './questions';
import { creatable, onceByKey, homeworkByKey, insertPaperlessHomework } from './create';
import { detailOf, summariesOf } from './views';

const TAG = 'homework';

interface Owner {
  schoolId: number;
  userId: number;
}

/** The score a question gets when it enters the basket: 5 for objective and 填空, else 10. */
export const defaultScore = (q: BankQuestionItem) =>
  OBJECTIVE_TYPES.includes(q.type) || q.type === 'blank' ? 5 : 10;

/** A bank key as the homework's key: letters as they are, 判断 as 对/错; subjective: none. */
function keyOf(q: BankQuestionItem): string | null {
  if (!OBJECTIVE_TYPES.includes(q.type)) return null;
  const raw = q.answer.trim();
  if (q.type === 'judge') {
    if (/^(对|正确|√|T|true)$/i.test(raw)) return '对';
    if (/^(错|错误|×|F|false)$/i.test(raw)) return '错';
  }
  return raw.replace(/[\s,，、]/g, '');
}

const items = (db: Db, owner: Owner, subjectCode: string) =>
  db
    .selectFrom('homework_basket_items')
    .where('school_id', '=', owner.schoolId)
    .where('user_id', '=', owner.userId)
    .where('subject_code', '=', subjectCode);

/** The basket of a subject in order, each question with its score. */
async function basketOf(db: Db, owner: Owner, subjectCode: string) {
  const rows = await items(db, owner, subjectCode)
    .select(['question_id', 'score'])
    .orderBy('position')
    .orderBy('added_at')
    .execute();
  const questions = await loadQuestions(
    db,
    owner.schoolId,
    rows.map((x) => x.question_id),
  );
  return {
    subjectCode,
    items: rows.flatMap((x) => {
      const question = questions.find((q) => q.id === x.question_id);
      return question ? [{ question, score: Number(x.score) }] : [];
    }),
  };
}

const countOf = (db: Db, owner: Owner, subjectCode: string) =>
  basketCount(db, owner, subjectCode, 'homework_basket_items');

/**
 * 校本作业 from the bank (docs/homework.md "Homework from the bank"): the homework basket
 * (store/basket/*), basket-confirm, and question-item for every homework.
 */
export function registerHomeworkStoreRoutes(router: Router, { db, clock }: DomainDeps): void {
  const now = () => clock.now().getTime();
  const ownerOf = async (access: Access): Promise<Owner> => {
    await requireSchoolBase(access);
    return { schoolId: access.session.schoolId, userId: access.session.userId };
  };

  router.sessionRoute(r.basketList, TAG, async ({ body, session }) =>
    basketOf(db, await ownerOf(accessOf(db, session)), body.subjectCode),
  );

  router.sessionRoute(r.basketAdd, TAG, async ({ body, session }) => {
    const owner = await ownerOf(accessOf(db, session));
    const [question] = await readableQuestions(db, owner.schoolId, [body.questionId]);
    const subjectCode = question!.subjectCode;
    return db.transaction().execute(async (trx) => {
      const rows = await items(trx, owner, subjectCode)
        .select(['question_id', 'position'])
        .execute();
      if (!rows.some((x) => x.question_id === question!.id)) {
        if (rows.length >= HOMEWORK_BASKET_LIMIT)
          throw badRequest(`作业篮最多容纳 ${HOMEWORK_BASKET_LIMIT} 道试题`);
        await trx
          .insertInto('homework_basket_items')
          .values({
            school_id: owner.schoolId,
            user_id: owner.userId,
            subject_code: subjectCode,
            question_id: question!.id,
            position: Math.max(0, ...rows.map((x) => x.position)) + 1,
            score: defaultScore(question!),
            added_at: now(),
          })
          .onConflict((oc) => oc.columns(['user_id', 'subject_code', 'question_id']).doNothing())
          .execute();
      }
      return { subjectCode, count: await countOf(trx, owner, subjectCode) };
    });
  });

  router.sessionRoute(r.basketRemove, TAG, async ({ body, session }) => {
    const owner = await ownerOf(accessOf(db, session));
    const subjectCode = await takeOutOfBasket(db, 'homework_basket_items', owner, [
      body.questionId,
    ]);
    if (subjectCode === null) return { subjectCode: '', count: 0 };
    return { subjectCode, count: await countOf(db, owner, subjectCode) };
  });

  router.sessionRoute(r.basketSave, TAG, async ({ body, session }) => {
    const owner = await ownerOf(accessOf(db, session));
    const ids = body.items.map((x) => x.questionId);
    if (new Set(ids).size !== ids.length) throw badRequest('同一道试题不能出现两次');
    await db.transaction().execute(async (trx) => {
      const held = await items(trx, owner, body.subjectCode).select('question_id').execute();
      const heldIds = new Set(held.map((x) => x.question_id));
      if (held.length !== ids.length || ids.some((id) => !heldIds.has(id)))
        throw badRequest('作业篮已在别处改变，请刷新后重试');
      for (const [i, item] of body.items.entries())
        await trx
          .updateTable('homework_basket_items')
          .set({ position: i + 1, score: item.score })
          .where('school_id', '=', owner.schoolId)
          .where('user_id', '=', owner.userId)
          .where('subject_code', '=', body.subjectCode)
          .where('question_id', '=', item.questionId)
          .execute();
    });
    return basketOf(db, owner, body.subjectCode);
  });

  router.sessionRoute(r.basketConfirm, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const owner = await ownerOf(access);
    const findEarlier = () => homeworkByKey(db, session, body.idempotencyKey);
    return onceByKey(findEarlier, async () => {
      const { name, pair } = await creatable(db, access, body);
      const ids = body.items.map((x) => x.questionId);
      if (new Set(ids).size !== ids.length) throw badRequest('同一道试题不能出现两次');
      const bank = await readableQuestions(db, owner.schoolId, ids);
      const subject = await db
        .selectFrom('subjects')
        .select('code')
        .where('id', '=', pair.subject.id)
        .executeTakeFirstOrThrow();
      const chosen = body.items.map((x) => bank.find((q) => q.id === x.questionId)!);
      if (chosen.some((q) => q.subjectCode !== subject.code))
        throw badRequest(`试题与作业科目（${pair.subject.name}）不一致`);
      const inputs: HomeworkQuestionInput[] = chosen.map((q, i) => {
        const answer = keyOf(q);
        return {
          label: String(i + 1),
          type: answer === null ? 'subjective' : 'objective',
          answer,
          fullMarks: body.items[i]!.score,
        };
      });
      const questions = normaliseQuestions(inputs);
      const at = now();
      return db.transaction().execute(async (trx) => {
        const id = await insertPaperlessHomework(trx, session, {
          name,
          pair,
          key: body.idempotencyKey,
          at,
          kind: 'bank',
          estimatedMinutes: body.estimatedMinutes,
          questions: (homeworkId) =>
            questionRowsOf(
              homeworkId,
              questions,
              chosen.map((q) => q.id),
            ),
        });
        await dropBasketItems(trx, 'homework_basket_items', owner, ids);
        return id;
      });
    });
  });

  router.sessionRoute(r.questionItems, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await requireSchoolBase(access);
    const row = await loadHomework(db, access, body.id);
    const [[homework], detail, links] = await Promise.all([
      summariesOf(db, [row]),
      detailOf(db, row),
      db
        .selectFrom('homework_questions')
        .select(['no', 'bank_question_id'])
        .where('homework_id', '=', row.id)
        .execute(),
    ]);
    const bankIds = links.flatMap((l) => (l.bank_question_id === null ? [] : [l.bank_question_id]));
    const bank = await loadQuestions(db, row.school_id, bankIds);
    return {
      homework: homework!,
      source: row.paper_kind === 'bank' ? ('bank' as const) : ('paper' as const),
      estimatedMinutes: row.estimated_minutes ?? null,
      questions: detail.questions.map((q) => {
        const id = links.find((l) => l.no === q.no)?.bank_question_id ?? null;
        return { ...q, question: bank.find((b) => b.id === id) ?? null };
      }),
    };
  });
}
