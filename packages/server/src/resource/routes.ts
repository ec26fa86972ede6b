import { resourceQuestionRoutes as R, STAGES, type BankQuestionItem } from '@examkit/contracts';
import { permissionCodesIn } from '../auth/access';
import type { DomainDeps } from '../core/deps';
import { forbidden, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import type { SessionInfo } from '../core/session';
import { yearGrades } from '../core/yearGrades';
import { addPoint, deletePoint, listPoints, movePoint, renamePoint } from './points';
import { deleteQuestion, insertQuestion, loadQuestions, updateQuestion } from './questions';
import { searchQuestions } from './search';
import { similarQuestions } from './similar';
import { withUsage } from './usage';

export const TAG = 'resource';

/** Reading the bank: any of the resource keys that show questions, and 校本作业 (homework from the bank). */
const READ = ['Generate', 'Paper-School', 'Paper-Cloud', 'Process', 'Homework-SchoolBase'] as const;
/** Writing the school's questions: 智能组卷 (/resource/generate/topic). */
const WRITE = ['Generate'] as const;
/** Editing the school's knowledge tree: /resource/knowledge-edit, keyed by Resources. */
const TREE = ['Resources'] as const;

async function requireKey(db: DomainDeps['db'], session: SessionInfo, keys: readonly string[]) {
  const held = await permissionCodesIn(db, session.userId, session.academicYear);
  if (!keys.some((k) => held.has(k))) throw forbidden('没有题库权限');
}

/**
 * The question bank's /marking-resources calls (docs/resources.md): subjects and stages, the
 * knowledge tree and its editing, the question list with search, one question, add, update,
 * delete and versions, text search and similar questions. Always the session's school; the
 * cloud bank is read-only.
 */
export function registerResourceRoutes(
  router: Router,
  { db, clock }: Pick<DomainDeps, 'db' | 'clock'>,
): void {
  router.sessionRoute(R.listSubject, TAG, async ({ session }) => {
    await requireKey(db, session, [...READ, ...TREE]);
    const rows = await db
      .selectFrom('subjects')
      .select(['code', 'name'])
      .where('school_id', '=', session.schoolId)
      .orderBy('sort')
      .execute();
    return rows.map((r) => ({ subjectCode: r.code, subjectName: r.name }));
  });

  router.sessionRoute(R.listStage, TAG, async ({ session }) => {
    await requireKey(db, session, [...READ, ...TREE]);
    const grades = await yearGrades(db, session.schoolId, session.academicYear);
    const stages = new Map<number, { gradeNum: number; gradeName: string }[]>();
    for (const g of grades) {
      const stage = g.grade_num <= 6 ? 1 : g.grade_num <= 9 ? 2 : 3;
      stages.set(stage, [
        ...(stages.get(stage) ?? []),
        { gradeNum: g.grade_num, gradeName: g.name },
      ]);
    }
    return [...stages].map(([stage, list]) => ({
      stage,
      stageName: STAGES[stage as 1 | 2 | 3],
      grades: list,
    }));
  });

  router.sessionRoute(R.listPoint, TAG, async ({ body, session }) => {
    await requireKey(db, session, [...READ, ...TREE]);
    return listPoints(db, session.schoolId, body.subjectCode, body.stage);
  });

  router.sessionRoute(R.pointAdd, TAG, async ({ body, session }) => {
    await requireKey(db, session, TREE);
    return { id: await addPoint(db, clock, session.schoolId, body) };
  });

  router.sessionRoute(R.pointRename, TAG, async ({ body, session }) => {
    await requireKey(db, session, TREE);
    await renamePoint(db, session.schoolId, body.id, body.name);
    return null;
  });

  router.sessionRoute(R.pointMove, TAG, async ({ body, session }) => {
    await requireKey(db, session, TREE);
    await movePoint(db, session.schoolId, body.id, body.parentId);
    return null;
  });

  router.sessionRoute(R.pointDelete, TAG, async ({ body, session }) => {
    await requireKey(db, session, TREE);
    await deletePoint(db, session.schoolId, body.id);
    return null;
  });

  router.sessionRoute(R.questionList, TAG, async ({ body, session }) => {
    await requireKey(db, session, READ);
    const page = await searchQuestions(db, session.schoolId, body);
    return { ...page, list: await withUsage(db, clock, session.schoolId, page.list) };
  });

  router.sessionRoute(R.textSearch, TAG, async ({ body, session }) => {
    await requireKey(db, session, READ);
    return searchQuestions(db, session.schoolId, {
      ...body,
      stage: null,
      gradeNum: null,
      type: null,
      difficulty: null,
      pointId: null,
      source: '',
      year: null,
    });
  });

  const one = async (schoolId: number, id: number): Promise<BankQuestionItem> => {
    const [q] = await loadQuestions(db, schoolId, [id]);
    const live = await db
      .selectFrom('questions')
      .select('id')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!q || !live) throw notFound('试题不存在');
    return q;
  };

  router.sessionRoute(R.questionGet, TAG, async ({ body, session }) => {
    await requireKey(db, session, READ);
    const [q] = await withUsage(db, clock, session.schoolId, [
      await one(session.schoolId, body.id),
    ]);
    return q!;
  });

  router.sessionRoute(R.questionAdd, TAG, async ({ body, session }) => {
    await requireKey(db, session, WRITE);
    const id = await insertQuestion(
      db,
      clock,
      { schoolId: session.schoolId, userId: session.userId, requestKey: body.requestId },
      body.question,
    );
    return { id };
  });

  router.sessionRoute(R.questionUpdate, TAG, async ({ body, session }) => {
    await requireKey(db, session, WRITE);
    const version = await updateQuestion(
      db,
      clock,
      {
        schoolId: session.schoolId,
        userId: session.userId,
        questionId: body.id,
        expectedVersion: body.version,
      },
      body.question,
    );
    return { version };
  });

  router.sessionRoute(R.questionDelete, TAG, async ({ body, session }) => {
    await requireKey(db, session, WRITE);
    await deleteQuestion(db, clock, {
      schoolId: session.schoolId,
      userId: session.userId,
      questionId: body.id,
    });
    return null;
  });

  router.sessionRoute(R.questionVersions, TAG, async ({ body, session }) => {
    await requireKey(db, session, READ);
    await one(session.schoolId, body.id);
    const rows = await db
      .selectFrom('question_versions as v')
      .leftJoin('users as u', 'u.id', 'v.edited_by')
      .select(['v.version', 'v.edited_at', 'v.snapshot', 'u.nick_name'])
      .where('v.question_id', '=', body.id)
      .orderBy('v.version', 'desc')
      .execute();
    return rows.map((r) => ({
      version: r.version,
      editedAt: Number(r.edited_at),
      editedBy: r.nick_name ?? '',
      question: JSON.parse(r.snapshot) as BankQuestionItem,
    }));
  });

  router.sessionRoute(R.similarRecommend, TAG, async ({ body, session }) => {
    await requireKey(db, session, READ);
    const base = { subjectCode: body.subjectCode, limit: body.limit, pointIds: body.pointIds };
    return body.questionId !== null
      ? similarQuestions(db, session.schoolId, { ...base, questionId: body.questionId })
      : similarQuestions(db, session.schoolId, { ...base, text: body.text });
  });
}
