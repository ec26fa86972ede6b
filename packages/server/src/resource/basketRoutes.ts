import { basketRoutes as r } from '@examkit/contracts';
import type { DomainDeps } from '../core/deps';
import { forbidden } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf } from '../core/scope';
import type { SessionInfo } from '../core/session';
import {
  addToBasket,
  basketCount,
  basketGroups,
  basketIds,
  dropBasketItems,
  latestItem,
  removeFromBasket,
  replaceInBasket,
  type BasketOwner,
} from './basket';
import { insertPaper } from './papers';

const TAG = 'resource';

/** The basket belongs to whoever may use the resource area (menu key Resources). */
async function ownerOf(db: DomainDeps['db'], session: SessionInfo): Promise<BasketOwner> {
  await accessOf(db, session).require('Resources');
  return { schoolId: session.schoolId, userId: session.userId };
}

/** /marking-resources/basket: the question basket (spec 000 §7, spec 001 §7). */
export function registerBasketRoutes(router: Router, { db, clock }: DomainDeps): void {
  const now = () => clock.now().getTime();

  router.sessionRoute(r.add, TAG, async ({ body, session }) => {
    const { count } = await addToBasket(db, await ownerOf(db, session), [body.questionId], now());
    return { questCount: count };
  });

  router.sessionRoute(r.batchAdd, TAG, async ({ body, session }) => {
    const { count } = await addToBasket(db, await ownerOf(db, session), body.questionIds, now());
    return { questCount: count };
  });

  router.sessionRoute(r.remove, TAG, async ({ body, session }) => ({
    questCount: await removeFromBasket(db, await ownerOf(db, session), [body.questionId]),
  }));

  router.sessionRoute(r.release, TAG, async ({ body, session }) => ({
    questCount: await removeFromBasket(db, await ownerOf(db, session), body.questionIds),
  }));

  router.sessionRoute(r.replace, TAG, async ({ body, session }) => ({
    replacementId: await replaceInBasket(
      db,
      await ownerOf(db, session),
      body.questionId,
      body.replacementId,
    ),
  }));

  router.sessionRoute(r.clear, TAG, async ({ body, session }) => {
    const owner = await ownerOf(db, session);
    await db
      .deleteFrom('basket_items')
      .where('school_id', '=', owner.schoolId)
      .where('user_id', '=', owner.userId)
      .where('subject_code', '=', body.subjectCode)
      .execute();
    return { questCount: 0 };
  });

  router.sessionRoute(r.list, TAG, async ({ body, session }) =>
    basketGroups(db, await ownerOf(db, session), body.subjectCode),
  );

  router.sessionRoute(r.ids, TAG, async ({ body, session }) => ({
    questionIds: await basketIds(db, await ownerOf(db, session), body.subjectCode),
  }));

  router.sessionRoute(r.count, TAG, async ({ body, session }) => {
    if (body.userId !== session.userId) throw forbidden('只能查看自己的试题篮');
    const owner = await ownerOf(db, session);
    const latest = await latestItem(db, owner, body.subjectCode);
    const subjectCode = body.subjectCode ?? latest?.subject_code ?? null;
    return {
      questCount: subjectCode === null ? 0 : await basketCount(db, owner, subjectCode),
      subjectCode,
      gradeNum: latest?.grade_num ?? null,
    };
  });

  router.sessionRoute(r.savePaper, TAG, async ({ body, session }) => {
    const owner = await ownerOf(db, session);
    await accessOf(db, session).require('Paper-School');
    const ids = body.paper.sections.flatMap((s) => s.questions.map((q) => q.questionId));
    const paperId = await db.transaction().execute(async (trx) => {
      const id = await insertPaper(trx, owner, body.paper, now(), body.requestKey);
      await dropBasketItems(trx, 'basket_items', owner, ids);
      return id;
    });
    return { paperId };
  });
}
