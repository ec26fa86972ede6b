import { homeworkWorkbookRoutes as r } from '@examkit/contracts';
import type { DomainDeps } from '../../core/deps';
import { badRequest, notFound } from '../../core/envelope';
import type { Router } from '../../core/router';
import { accessOf, type Access } from '../../core/scope';
import { loadHomework } from '../access';
import { creatable, homeworkByKey, insertPaperlessHomework } from '../create';
import { normaliseQuestions, questionRowsOf } from '../questions';
import { detailOf } from '../views';
import {
  deleteWithoutHandIns,
  editChapter,
  HAS_HAND_INS,
  KEY,
  openBatch,
  renumber,
  TAG,
  trimmed,
} from './shared';

/** 教辅 chapters: add, read, rename, delete. */
export function registerWorkbookChapterRoutes(router: Router, { db, clock }: DomainDeps): void {
  const now = () => clock.now().getTime();

  /** A chapter as its page shows it: its place in the batch and its homework's detail. */
  const chapterView = async (
    access: Access,
    chapter: { homework_id: number; position: number },
    batch: { id: number; name: string },
    title: string,
  ) => {
    const homework = await loadHomework(db, access, chapter.homework_id);
    return {
      homeworkId: chapter.homework_id,
      workbookId: batch.id,
      workbookName: batch.name,
      position: chapter.position,
      title,
      estimatedMinutes: homework.estimated_minutes,
      homework: await detailOf(db, homework),
    };
  };

  router.sessionRoute(r.workbookChapterCreate, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const batch = await openBatch(db, access, body.workbookId);
    const earlier = await homeworkByKey(db, session, body.idempotencyKey);
    if (earlier) return { id: earlier.id };
    const title = trimmed(body.title);
    if (title === '') throw badRequest('章节名称不能为空');
    const questions = normaliseQuestions(body.questions);
    const { pair } = await creatable(db, access, {
      name: `${batch.name} · ${title}`,
      gradeId: batch.grade_id,
      subjectId: batch.subject_id,
    });
    const at = now();
    try {
      const id = await db.transaction().execute(async (trx) => {
        const last = await trx
          .selectFrom('homework_workbook_chapters')
          .select((eb) => eb.fn.max('position').as('p'))
          .where('workbook_id', '=', batch.id)
          .executeTakeFirst();
        // No paper: the workbook is in the students' hands.
        const id = await insertPaperlessHomework(trx, session, {
          name: `${batch.name} · ${title}`,
          pair,
          key: body.idempotencyKey,
          at,
          kind: 'workbook',
          estimatedMinutes: body.estimatedMinutes,
          questions: (homeworkId) => questionRowsOf(homeworkId, questions),
        });
        await trx
          .insertInto('homework_workbook_chapters')
          .values({
            homework_id: id,
            workbook_id: batch.id,
            position: Number(last?.p ?? 0) + 1,
            title,
          })
          .execute();
        return id;
      });
      return { id };
    } catch (error) {
      const winner = await homeworkByKey(db, session, body.idempotencyKey);
      if (winner) return { id: winner.id };
      throw error;
    }
  });

  router.sessionRoute(r.workbookChapter, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await access.require(KEY);
    const chapter = await db
      .selectFrom('homework_workbook_chapters')
      .selectAll()
      .where('homework_id', '=', body.id)
      .executeTakeFirst();
    if (!chapter) throw notFound('章节不存在');
    const batch = await openBatch(db, access, chapter.workbook_id).catch(() => {
      throw notFound('章节不存在');
    });
    return chapterView(access, chapter, batch, chapter.title);
  });

  router.sessionRoute(r.workbookChapterUpdate, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const { chapter, batch } = await editChapter(db, access, body.id);
    const title = trimmed(body.title);
    if (title === '') throw badRequest('章节名称不能为空');
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('homework_workbook_chapters')
        .set({ title })
        .where('homework_id', '=', chapter.homework_id)
        .execute();
      await trx
        .updateTable('homeworks')
        .set({ name: `${batch.name} · ${title}`, updated_at: now() })
        .where('id', '=', chapter.homework_id)
        .execute();
    });
    return chapterView(access, chapter, batch, title);
  });

  router.sessionRoute(r.workbookChapterRemove, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const { chapter, batch } = await editChapter(db, access, body.id);
    await db.transaction().execute(async (trx) => {
      const deleted = await deleteWithoutHandIns(trx, session.schoolId, [chapter.homework_id]);
      if (deleted !== 1) throw badRequest(HAS_HAND_INS);
      await renumber(trx, batch.id);
    });
    return null;
  });
}
