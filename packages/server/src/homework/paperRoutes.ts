import { homeworkPaperRoutes as r } from '@examkit/contracts';
import type { DomainDeps } from '../core/deps';
import { badRequest, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf, type Access } from '../core/scope';
import { loadHomework, requireSchoolBase, type HomeworkRow } from './access';
import { normaliseQuestions } from './questions';
import { detailOf } from './views';

const TAG = 'homework';

/** Homework made from an uploaded paper (PDF or image), not from the bank nor a 作文. */
const fromPaper = (row: HomeworkRow) => row.paper_kind === 'pdf' || row.paper_kind === 'image';

/**
 * Registers the /paper/* pages' call (the record of an uploaded paper) and question/edit (one
 * question of a paper's homework changed alone). Both are behind 校本作业 and see exactly the
 * homework the list shows (`loadHomework`).
 */
export function registerHomeworkPaperRoutes(router: Router, { db, clock, files }: DomainDeps) {
  const open = async (access: Access, id: number) => {
    await requireSchoolBase(access);
    return loadHomework(db, access, id);
  };

  router.sessionRoute(r.paperRecord, TAG, async ({ body, session }) => {
    // The address names the school: another school's (or a wrong one) answers as missing.
    if (body.schoolId !== session.schoolId) throw notFound('作业不存在');
    const row = await open(accessOf(db, session), body.id);
    if (!fromPaper(row)) throw badRequest('该作业不是由上传的试卷生成的，没有试卷记录');
    const [homework, file, pages, subs] = await Promise.all([
      detailOf(db, row),
      files.get(row.paper_key),
      db
        .selectFrom('homework_scan_pages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('homework_id', '=', row.id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('homework_submissions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('homework_id', '=', row.id)
        .executeTakeFirstOrThrow(),
    ]);
    const objective = homework.questions.filter((q) => q.type === 'objective').length;
    return {
      homework,
      schoolId: row.school_id,
      paperBytes: file ? file.length : null,
      objectiveCount: objective,
      subjectiveCount: homework.questions.length - objective,
      scanPages: Number(pages.n),
      submissions: Number(subs.n),
    };
  });

  router.sessionRoute(r.questionEdit, TAG, async ({ body, session }) => {
    const row = await open(accessOf(db, session), body.id);
    if (!fromPaper(row)) throw badRequest('只有上传试卷生成的作业可以单独编辑题目');
    if (row.state === 'assigned') throw badRequest('作业已布置，不能再修改题目');
    const current = await db
      .selectFrom('homework_questions')
      .selectAll()
      .where('homework_id', '=', row.id)
      .orderBy('no')
      .execute();
    const index = current.findIndex((q) => q.no === body.no);
    if (index < 0) throw notFound('题目不存在');
    // The whole list is checked again, so a 题号 taken by another question is refused.
    const questions = normaliseQuestions(
      current.map((q) =>
        q.no === body.no
          ? { label: body.label, type: body.type, answer: body.answer, fullMarks: body.fullMarks }
          : {
              label: q.label,
              type: q.type as 'objective' | 'subjective',
              answer: q.answer,
              fullMarks: Number(q.full_marks),
            },
      ),
    );
    const edited = questions[index]!;
    const at = clock.now().getTime();
    await db.transaction().execute(async (trx) => {
      // Only while not assigned: the same guard inside the transaction keeps a race honest.
      const still = await trx
        .updateTable('homeworks')
        .set({ updated_at: at })
        .where('id', '=', row.id)
        .where('state', '!=', 'assigned')
        .executeTakeFirst();
      if (Number(still.numUpdatedRows) === 0) throw badRequest('作业已布置，不能再修改题目');
      await trx
        .updateTable('homework_questions')
        .set({
          label: edited.label,
          type: edited.type,
          answer: edited.answer,
          full_marks: edited.fullMarks,
        })
        .where('homework_id', '=', row.id)
        .where('no', '=', body.no)
        .execute();
    });
    return detailOf(db, { ...row, updated_at: at });
  });
}
