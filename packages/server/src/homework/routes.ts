import { renderSheetPdf } from '@examkit/answer-sheet/pdf';
import { homeworkRoutes as r, HOMEWORK_PAPER_URL, HOMEWORK_SHEET_URL } from '@examkit/contracts';
import { Type } from 'typebox';
import { createChatProvider, type AiProviderConfig, type ChatProvider } from '../ai/provider';
import type { DomainDeps } from '../core/deps';
import { badRequest, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf, type Access } from '../core/scope';
import { contains } from '../school/common';
import { eachOf, pageOf } from '../examtool/paging';
import { loadHomework, requireSchoolBase, targetsOf } from './access';
import { creatable, homeworkByKey, homeworkValues, reachable, visibleHomeworks } from './create';
import { proposeSplit } from './aiSplit';
import { assertWrittenAllowed, chinaDay, dailyLoads } from './doubleReduction';
import { contentTypeOf, decodePaper, paperKindOf } from './paper';
import { followLabels } from './questionPoints';
import { normaliseQuestions, questionRowsOf } from './questions';
import { homeworkSettingOf } from './settings';
import { homeworkSheetDocument } from './sheet';
import { detailOf, summariesOf } from './views';
import { notifyAssigned } from './notices';

const TAG = 'homework';

export interface HomeworkDeps extends DomainDeps {
  /** The AI model for ai-split-confirm; null when none is configured. */
  ai: AiProviderConfig | ChatProvider | null;
}

/** Registers 校本作业: the list (hspa/pageInfo), create, split, AI split, 双减 check, assign. */
export function registerHomeworkRoutes(router: Router, deps: HomeworkDeps): void {
  const { db, clock, files } = deps;
  const ai = !deps.ai ? null : 'chat' in deps.ai ? deps.ai : createChatProvider(deps.ai);
  const now = () => clock.now().getTime();
  const open = async (access: Access, id: number) => {
    await requireSchoolBase(access);
    return loadHomework(db, access, id);
  };

  router.sessionRoute(r.homeworkPage, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await requireSchoolBase(access);
    let q = (await visibleHomeworks(db, access)).where('paper_kind', 'not in', [
      'composition',
      'workbook',
    ]);
    if (body.gradeId !== undefined) q = q.where('grade_id', '=', body.gradeId);
    if (body.subjectId !== undefined) q = q.where('subject_id', '=', body.subjectId);
    if (body.state !== undefined) q = q.where('state', '=', body.state);
    const keyword = body.keyWord?.trim();
    if (keyword) q = q.where(contains('name', keyword));
    q = q.orderBy('created_at', 'desc').orderBy('id', 'desc');
    return pageOf(db, q, body, (rows) => summariesOf(db, rows));
  });

  router.sessionRoute(r.homeworkOptions, TAG, async ({ session }) => {
    const access = accessOf(db, session);
    await requireSchoolBase(access);
    const scope = await access.scope();
    const pairs = await reachable(db, scope);
    return eachOf(pairs, async ({ grade, subject }) => ({
      gradeId: grade.id,
      gradeName: grade.name,
      subjectId: subject.id,
      subjectName: subject.name,
      targets: await targetsOf(db, scope, session.userId, grade.id, subject.id),
    }));
  });

  router.sessionRoute(r.homeworkCreate, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await requireSchoolBase(access);
    const earlier = await homeworkByKey(db, session, body.idempotencyKey);
    if (earlier) return { id: earlier.id };
    const { name, pair } = await creatable(db, access, body);
    const bytes = decodePaper(body.paper.contentBase64);
    const { kind } = paperKindOf(bytes);
    const at = now();
    const key = `homework/${session.schoolId}/${at}-${body.idempotencyKey}`;
    await files.put(key, bytes);
    try {
      const { id } = await db
        .insertInto('homeworks')
        .values({
          ...homeworkValues(session, { name, pair, key: body.idempotencyKey, at }),
          state: 'draft',
          paper_key: key,
          paper_name: body.paper.fileName,
          paper_kind: kind,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id };
    } catch (error) {
      // A concurrent retry won the key: answer its homework, drop this copy of the file.
      await files.delete(key);
      const winner = await homeworkByKey(db, session, body.idempotencyKey);
      if (winner) return { id: winner.id };
      throw error;
    }
  });

  router.sessionRoute(r.homeworkDetail, TAG, async ({ body, session }) =>
    detailOf(db, await open(accessOf(db, session), body.id)),
  );

  router.sessionRoute(r.splitConfirm, TAG, async ({ body, session }) => {
    const row = await open(accessOf(db, session), body.id);
    if (row.state === 'assigned') throw badRequest('作业已布置，不能再修改题目');
    if (row.paper_kind === 'bank') throw badRequest('题库组成的作业没有原卷可拆，题目来自作业篮');
    if (row.paper_kind === 'composition')
      throw badRequest('作文只有一道作文题，请在编辑作文中修改');
    const questions = normaliseQuestions(body.questions);
    const at = now();
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('homework_questions')
        .select(['no', 'label'])
        .where('homework_id', '=', row.id)
        .execute();
      await trx.deleteFrom('homework_questions').where('homework_id', '=', row.id).execute();
      await trx
        .insertInto('homework_questions')
        .values(questionRowsOf(row.id, questions))
        .execute();
      // Knowledge points stay with their 题号 when the list is saved again.
      await followLabels(trx, row.id, before, questions);
      await trx
        .updateTable('homeworks')
        .set({ state: 'ready', updated_at: at })
        .where('id', '=', row.id)
        .execute();
    });
    return detailOf(db, { ...row, state: 'ready', updated_at: at });
  });

  router.sessionRoute(r.aiSplit, TAG, async ({ body, session }) => {
    const row = await open(accessOf(db, session), body.id);
    return { questions: await proposeSplit(db, ai, row.school_id, body.text) };
  });

  /** The checks shared by assign/check and assign: the homework, its grade and its targets. */
  const plan = async (
    access: Access,
    body: {
      id: number;
      classIds?: number[];
      teachingClassIds?: number[];
      dueAt: number;
      estimatedMinutes: number;
    },
  ) => {
    const row = await open(access, body.id);
    if (row.state === 'draft') throw badRequest('请先确认拆题，再布置作业');
    const grade = await db
      .selectFrom('grades')
      .select('grade_num')
      .where('id', '=', row.grade_id)
      .executeTakeFirstOrThrow();
    assertWrittenAllowed(grade.grade_num);
    if (!(await homeworkSettingOf(db, row)).enabled)
      throw badRequest('该年级该科目未启用作业，请在“作业设置”中开启');
    const classIds = body.classIds ?? [];
    const teachingClassIds = body.teachingClassIds ?? [];
    if (classIds.length + teachingClassIds.length === 0) throw badRequest('请选择班级或教学班');
    if (body.dueAt <= now()) throw badRequest('截止时间必须晚于现在');
    const scope = await access.scope();
    const targets = await targetsOf(db, scope, access.session.userId, row.grade_id, row.subject_id);
    const has = (kind: string, id: number) => targets.some((t) => t.kind === kind && t.id === id);
    // Out of scope answers exactly as a class that does not exist.
    if (classIds.some((id) => !has('class', id))) throw notFound('班级不存在');
    if (teachingClassIds.some((id) => !has('teachingClass', id))) throw notFound('教学班不存在');
    const check = await dailyLoads(db, {
      schoolId: row.school_id,
      homeworkId: row.id,
      gradeNum: grade.grade_num,
      classIds,
      teachingClassIds,
      estimatedMinutes: body.estimatedMinutes,
      day: chinaDay(now()),
    });
    return { row, classIds, teachingClassIds, check, targets };
  };

  router.sessionRoute(r.assignCheck, TAG, async ({ body, session }) => {
    return (await plan(accessOf(db, session), body)).check;
  });

  router.sessionRoute(r.assign, TAG, async ({ body, session }) => {
    const { row, classIds, teachingClassIds, check, targets } = await plan(
      accessOf(db, session),
      body,
    );
    if (check.warning && !body.confirmOverLimit) throw badRequest(check.warning);
    const existing = await db
      .selectFrom('homework_assignments')
      .select(['class_id', 'teaching_class_id'])
      .where('homework_id', '=', row.id)
      .execute();
    const again = [
      ...classIds.filter((id) => existing.some((e) => e.class_id === id)),
      ...teachingClassIds.filter((id) => existing.some((e) => e.teaching_class_id === id)),
    ];
    if (again.length > 0) {
      const names = again.map((id) => targets.find((t) => t.id === id)?.name ?? String(id));
      throw badRequest(`已布置给${names.join('、')}，不能重复布置`);
    }
    const at = now();
    const common = {
      homework_id: row.id,
      school_id: row.school_id,
      due_at: body.dueAt,
      estimated_minutes: body.estimatedMinutes,
      day: check.day,
      assigned_by: session.userId,
      assigned_at: at,
    };
    await db.transaction().execute(async (trx) => {
      const added = await trx
        .insertInto('homework_assignments')
        .values([
          ...classIds.map((id) => ({ ...common, class_id: id, teaching_class_id: null })),
          ...teachingClassIds.map((id) => ({ ...common, class_id: null, teaching_class_id: id })),
        ])
        .returning('id')
        .execute();
      await notifyAssigned(
        trx,
        at,
        added.map((a) => a.id),
      );
      await trx
        .updateTable('homeworks')
        .set({ state: 'assigned', updated_at: at })
        .where('id', '=', row.id)
        .execute();
    });
    return detailOf(db, { ...row, state: 'assigned', updated_at: at });
  });

  router.sessionRoute(r.homeworkRemove, TAG, async ({ body, session }) => {
    const row = await open(accessOf(db, session), body.id);
    if (row.state === 'assigned') throw badRequest('作业已布置，不能删除');
    await db.deleteFrom('homeworks').where('id', '=', row.id).execute();
    await files.delete(row.paper_key);
    return null;
  });

  router.sessionDownload(
    {
      url: HOMEWORK_PAPER_URL,
      summary: 'the uploaded paper of a homework (PDF or image)',
      query: Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    },
    TAG,
    async ({ query, session }) => {
      const row = await open(accessOf(db, session), query.id);
      const body = await files.get(row.paper_key);
      if (!body) throw notFound('作业原卷不存在');
      return {
        fileName: row.paper_name,
        contentType: contentTypeOf(row.paper_kind, row.paper_name),
        body,
      };
    },
  );

  router.sessionDownload(
    {
      url: HOMEWORK_SHEET_URL,
      summary: 'the answer sheet of a homework, laid out from its questions (PDF)',
      query: Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    },
    TAG,
    async ({ query, session }) => {
      const row = await open(accessOf(db, session), query.id);
      const document = await homeworkSheetDocument(db, row);
      return {
        fileName: `${row.name}-答题卡.pdf`,
        contentType: 'application/pdf',
        body: await renderSheetPdf(document, {}),
      };
    },
  );
}
