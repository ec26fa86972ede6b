import { toRecognitionTemplate } from '@examkit/answer-sheet';
import {
  homeworkPaperRoutes as r,
  homeworkQuestionPointRoutes as points,
  type QuestionEditImpact,
} from '@examkit/contracts';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import { badRequest, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf, type Access } from '../core/scope';
import { loadHomework, requireSchoolBase, type HomeworkRow } from './access';
import { pointTreeOf, saveQuestionPoints, untaggable } from './questionPoints';
import { normaliseQuestions } from './questions';
import { homeworkSheetDocument } from './sheet';
import { rescoreQuestion } from './submissions/rescore';
import { detailOf } from './views';
import { editChapter } from './workbook/shared';

const TAG = 'homework';
/** A sheet element's printed text, which an edit after assignment may change. */
const SHEET_TEXT = new Set(['fullMarks', 'number', 'label', 'title']);

/** Homework made from an uploaded paper (PDF or image), not from the bank nor a 作文. */
const fromPaper = (row: HomeworkRow) => row.paper_kind === 'pdf' || row.paper_kind === 'image';
const NOT_EDITABLE_HERE = '只有上传试卷生成的作业和教辅章节可以单独编辑题目';

/**
 * Registers the /paper/* pages' call (the record of an uploaded paper), question/edit (one
 * question of a paper's homework changed alone) and question/point (its knowledge points). All
 * are behind 校本作业 and see exactly the homework the list shows (`loadHomework`).
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

  /** A sheet's regions that scans are read by: an edit after assignment may not move them. */
  const regionsOf = async (trx: Db, row: HomeworkRow) =>
    JSON.stringify(
      toRecognitionTemplate(await homeworkSheetDocument(trx, row)).elements.filter(
        (e) => e.kind === 'bubble' || e.kind === 'subjective' || e.kind === 'fill',
      ),
      // Where and what is read, not the marks or 题号 printed beside it.
      (key, value: unknown) => (SHEET_TEXT.has(key) ? undefined : value),
    );

  /**
   * One question changed in `trx`: before assignment anything the list allows; once assigned
   * its key, full marks and 题号, never its type nor what the printed sheet shows (the options),
   * every hand-in re-scored (`rescoreQuestion`).
   */
  const editQuestion = async (
    trx: Db,
    row: HomeworkRow,
    body: {
      no: number;
      label: string;
      type: 'objective' | 'subjective';
      answer: string | null;
      fullMarks: number;
    },
    at: number,
  ): Promise<QuestionEditImpact> => {
    const current = await trx
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
    // The state read again in the transaction, so an assignment meanwhile is seen.
    const fresh = await trx
      .selectFrom('homeworks')
      .select('state')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    const assigned = fresh.state === 'assigned';
    if (assigned && edited.type !== current[index]!.type)
      throw badRequest('作业已布置，题型不能再修改（答题卡已印发）');
    const old = current[index]!;
    const before = assigned ? await regionsOf(trx, row) : '';
    await trx.updateTable('homeworks').set({ updated_at: at }).where('id', '=', row.id).execute();
    await trx
      .updateTable('homework_questions')
      .set({
        label: edited.label,
        type: edited.type,
        answer: edited.answer,
        full_marks: edited.fullMarks,
        // Once assigned the printed box keeps its height: the full marks it was printed with.
        ...(assigned ? { sheet_full_marks: Number(old.sheet_full_marks ?? old.full_marks) } : {}),
      })
      .where('homework_id', '=', row.id)
      .where('no', '=', body.no)
      .execute();
    if (!assigned) return { handIns: 0, changed: 0, clamped: 0 };
    if ((await regionsOf(trx, row)) !== before)
      throw badRequest(
        '作业已布置，新答案会改变已印发答题卡上的选项，请保持选项个数（判断题仍为对/错）',
      );
    return rescoreQuestion(
      trx,
      row.id,
      { no: body.no, type: edited.type, answer: edited.answer, full_marks: edited.fullMarks },
      at,
    );
  };

  /** Thrown to roll a check's transaction back with what it would have done. */
  class Preview {
    constructor(readonly impact: QuestionEditImpact) {}
  }

  /**
   * The homework whose questions question/edit may change: one made from an uploaded paper, or a
   * 教辅 chapter (its questions typed in, no paper) that the caller may change as 教辅 says.
   */
  const editable = async (access: Access, id: number) => {
    const row = await open(access, id);
    if (row.paper_kind === 'workbook') await editChapter(db, access, row.id);
    else if (!fromPaper(row)) throw badRequest(NOT_EDITABLE_HERE);
    return row;
  };

  router.sessionRoute(r.questionEditCheck, TAG, async ({ body, session }) => {
    const row = await editable(accessOf(db, session), body.id);
    try {
      await db.transaction().execute(async (trx) => {
        throw new Preview(await editQuestion(trx, row, body, clock.now().getTime()));
      });
    } catch (error) {
      if (error instanceof Preview) return error.impact;
      throw error;
    }
    throw new Error('unreachable');
  });

  router.sessionRoute(r.questionEdit, TAG, async ({ body, session }) => {
    const row = await editable(accessOf(db, session), body.id);
    const at = clock.now().getTime();
    await db.transaction().execute((trx) => editQuestion(trx, row, body, at));
    return detailOf(db, { ...row, updated_at: at });
  });

  /**
   * The homework whose questions' knowledge points the caller may tag: as question/edit's (a
   * paper's or a 教辅 chapter's), also once assigned — points change no score.
   */
  const taggable = async (access: Access, id: number) => {
    const row = await open(access, id);
    const why = untaggable(row);
    if (why) throw badRequest(why);
    if (row.paper_kind === 'workbook') await editChapter(db, access, row.id);
    return row;
  };

  router.sessionRoute(points.questionPointTree, TAG, async ({ body, session }) => {
    const row = await open(accessOf(db, session), body.homeworkId);
    return pointTreeOf(db, row);
  });

  router.sessionRoute(points.questionPointSave, TAG, async ({ body, session }) => {
    const row = await taggable(accessOf(db, session), body.homeworkId);
    return saveQuestionPoints(db, row, body.questionNo, body.pointIds);
  });
}
