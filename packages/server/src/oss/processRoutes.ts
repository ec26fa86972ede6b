import {
  resourceProcessRoutes as r,
  stageOfGrade,
  type BankQuestionInput,
  type ImportDetail,
  type ImportQuestion,
  type ImportSummary,
} from '@examkit/contracts';
import type { Selectable } from 'kysely';
import type { DomainDeps } from '../core/deps';
import type { Db } from '../core/database';
import { badRequest, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import { accessOf } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { insertQuestion } from '../resource/questions';
import { importDocx } from '../resource/word/importDocx';
import type { SplitQuestion } from '../resource/word/splitQuestions';
import { imageStorer } from './routes';
import type { ResourceImportsTable } from './tables';
import { docxBytes } from './uploads';

/**
 * 试卷加工 (resource/process): a Word paper of the school is split into questions, corrected on
 * the detail page and confirmed into the school bank in one transaction.
 */
const TAG = 'resource-process';

type ImportRow = Omit<Selectable<ResourceImportsTable>, 'school_id' | 'user_id' | 'updated_at'> & {
  fileName: string;
  userName: string | null;
};

const selectImports = (db: Db, schoolId: number) =>
  db
    .selectFrom('resource_imports as i')
    .innerJoin('resource_uploads as u', 'u.id', 'i.upload_id')
    .leftJoin('users as us', 'us.id', 'i.user_id')
    .select([
      'i.id',
      'i.upload_id',
      'i.subject_code',
      'i.grade_num',
      'i.state',
      'i.html',
      'i.questions',
      'i.question_ids',
      'i.created_at',
      'u.file_name as fileName',
      'us.nick_name as userName',
    ])
    .where('i.school_id', '=', schoolId);

const summaryOf = (row: ImportRow): ImportSummary => ({
  id: row.id,
  uploadId: row.upload_id,
  fileName: row.fileName,
  subjectCode: row.subject_code,
  gradeNum: row.grade_num,
  state: row.state as ImportSummary['state'],
  questionCount: (JSON.parse(row.questions) as unknown[]).length,
  questionIds: JSON.parse(row.question_ids) as number[],
  createdAt: Number(row.created_at),
  userName: row.userName ?? '',
});

const detailOf = (row: ImportRow): ImportDetail => ({
  summary: summaryOf(row),
  html: row.html,
  questions: JSON.parse(row.questions) as ImportQuestion[],
});

async function loadImport(db: Db, schoolId: number, importId: number): Promise<ImportRow> {
  const row = await selectImports(db, schoolId).where('i.id', '=', importId).executeTakeFirst();
  if (!row) throw notFound('加工记录不存在');
  return row;
}

const clip = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);

/** A split question as the bank form writes it (subject and grade from the paper). */
export function inputOf(
  q: SplitQuestion,
  paper: { subjectCode: string; gradeNum: number; source: string },
): BankQuestionInput {
  return {
    subjectCode: paper.subjectCode,
    stage: stageOfGrade(paper.gradeNum),
    gradeNum: paper.gradeNum,
    type: q.type,
    difficulty: 3,
    stem: clip(q.stem, 20_000),
    options: q.options.slice(0, 8).map((o) => clip(o, 2000)),
    answer: clip(q.answer, 20_000),
    analysis: clip(q.analysis, 20_000),
    pointIds: [],
    source: clip(paper.source, 100),
    year: null,
    tags: [],
    children: q.children.slice(0, 30).map((c) => ({
      ...c,
      options: c.options.slice(0, 8).map((o) => clip(o, 2000)),
    })),
  };
}

/** Why a question cannot enter the bank, in Chinese, or null. */
function problemOf(q: ImportQuestion): string | null {
  const { question } = q;
  if (!question.stem.trim()) return `第 ${q.number} 题的题干是空的`;
  const choice = question.type === 'single' || question.type === 'multiple';
  if (choice && question.options.filter((o) => o.trim()).length < 2)
    return `第 ${q.number} 题是选择题，至少需要两个选项`;
  if (question.type === 'composite' && question.children.length === 0)
    return `第 ${q.number} 题是综合题，至少需要一道小题`;
  if (question.type !== 'composite' && question.children.length > 0)
    return `第 ${q.number} 题不是综合题，不能包含小题`;
  return null;
}

async function requireProcess(deps: DomainDeps, session: SessionInfo) {
  await accessOf(deps.db, session).require('Process');
}

async function checkSubject(db: Db, schoolId: number, subjectCode: string): Promise<void> {
  const subject = await db
    .selectFrom('subjects')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('code', '=', subjectCode)
    .executeTakeFirst();
  if (!subject) throw badRequest('学科不存在');
}

/** The resource/process calls (docs/resources.md "Word in and out"). */
export function registerProcessRoutes(router: Router, deps: DomainDeps): void {
  const { db, clock } = deps;

  router.sessionRoute(r.create, TAG, async ({ body, session }) => {
    await requireProcess(deps, session);
    await checkSubject(db, session.schoolId, body.subjectCode);
    const { row: upload, bytes } = await docxBytes(deps, session.schoolId, body.uploadId);
    const paper = await importDocx(bytes, imageStorer(deps.files));
    if (paper.questions.length === 0)
      throw badRequest('没有识别出试题：请确认题目以“1.”“2、”等题号开头');
    const source = upload.file_name.replace(/\.docx$/i, '');
    const questions: ImportQuestion[] = paper.questions.map((q) => ({
      number: q.number,
      section: q.section,
      points: q.points,
      question: inputOf(q, { ...body, source }),
    }));
    const now = clock.now().getTime();
    const row = await db
      .insertInto('resource_imports')
      .values({
        school_id: session.schoolId,
        user_id: session.userId,
        upload_id: upload.id,
        subject_code: body.subjectCode,
        grade_num: body.gradeNum,
        state: 'parsed',
        html: paper.html,
        questions: JSON.stringify(questions),
        question_ids: '[]',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return summaryOf(await loadImport(db, session.schoolId, row.id));
  });

  router.sessionRoute(r.list, TAG, async ({ session }) => {
    await requireProcess(deps, session);
    const rows = await selectImports(db, session.schoolId)
      .orderBy('i.id', 'desc')
      .limit(200)
      .execute();
    return rows.map(summaryOf);
  });

  router.sessionRoute(r.detail, TAG, async ({ body, session }) => {
    await requireProcess(deps, session);
    return detailOf(await loadImport(db, session.schoolId, body.importId));
  });

  router.sessionRoute(r.save, TAG, async ({ body, session }) => {
    await requireProcess(deps, session);
    const row = await loadImport(db, session.schoolId, body.importId);
    if (row.state === 'imported') throw badRequest('该试卷已入库，不能再修改');
    for (const q of body.questions)
      await checkSubject(db, session.schoolId, q.question.subjectCode);
    await db
      .updateTable('resource_imports')
      .set({ questions: JSON.stringify(body.questions), updated_at: clock.now().getTime() })
      .where('id', '=', row.id)
      .where('school_id', '=', session.schoolId)
      .execute();
    return detailOf(await loadImport(db, session.schoolId, row.id));
  });

  router.sessionRoute(r.confirm, TAG, async ({ body, session }) => {
    await requireProcess(deps, session);
    const row = await loadImport(db, session.schoolId, body.importId);
    if (row.state === 'imported') return summaryOf(row);
    const questions = JSON.parse(row.questions) as ImportQuestion[];
    if (questions.length === 0) throw badRequest('没有可入库的试题');
    for (const q of questions) {
      const problem = problemOf(q);
      if (problem) throw badRequest(problem);
    }
    await db.transaction().execute(async (trx) => {
      // The state flips first, inside the transaction: a second confirm waits and finds it done.
      const claimed = await trx
        .updateTable('resource_imports')
        .set({ state: 'imported', updated_at: clock.now().getTime() })
        .where('id', '=', row.id)
        .where('school_id', '=', session.schoolId)
        .where('state', '=', 'parsed')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return;
      const ids: number[] = [];
      for (const q of questions)
        ids.push(
          await insertQuestion(
            trx,
            clock,
            { schoolId: session.schoolId, userId: session.userId },
            q.question,
          ),
        );
      await trx
        .updateTable('resource_imports')
        .set({ question_ids: JSON.stringify(ids) })
        .where('id', '=', row.id)
        .execute();
    });
    return summaryOf(await loadImport(db, session.schoolId, row.id));
  });
}
