import type { BankQuestionInput, BankQuestionItem, BankQuestionType } from '@examkit/contracts';
import type { Selectable } from 'kysely';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { readsRow, regionOfSchool } from './cloudScope';
import { badRequest, notFound } from '../core/envelope';
import { indexQuestion, unindexQuestion } from './searchIndex';
import type { QuestionsTable } from './tables';

/**
 * Writing and reading bank questions: the one place that knows how a question and its
 * sub-questions, knowledge points and versions are stored. Every route of the resource domain,
 * the Word import, the demo bank and homework go through these.
 */

/** Who writes: the school (null for the cloud bank) and the user. */
export interface QuestionOwner {
  schoolId: number | null;
  userId: number | null;
  /** The add form's request key: a retried add returns the question the first one wrote. */
  requestKey?: string;
  /** With `schoolId` null: the region whose cloud bank gets the question (null: the national). */
  regionId?: number | null;
}

/** Knowledge points must be the shared tree's or the school's own, of the question's subject. */
async function checkPoints(db: Db, owner: QuestionOwner, input: BankQuestionInput): Promise<void> {
  if (input.pointIds.length === 0) return;
  const rows = await db
    .selectFrom('knowledge_points')
    .select(['id', 'school_id', 'subject_code'])
    .where('id', 'in', input.pointIds)
    .execute();
  const fine = rows.filter(
    (r) =>
      r.subject_code === input.subjectCode &&
      (r.school_id === null || r.school_id === owner.schoolId),
  );
  if (fine.length !== input.pointIds.length) throw badRequest('知识点不存在或不属于该学科');
}

function checkShape(input: BankQuestionInput): void {
  const choice = input.type === 'single' || input.type === 'multiple';
  if (choice && input.options.filter((o) => o.trim()).length < 2)
    throw badRequest('选择题至少需要两个选项');
  if (input.type === 'composite' && input.children.length === 0)
    throw badRequest('综合题至少需要一道小题');
  if (input.type !== 'composite' && input.children.length > 0)
    throw badRequest('只有综合题可以包含小题');
}

async function writeChildren(
  trx: Db,
  parent: {
    id: number;
    schoolId: number | null;
    regionId?: number | null | undefined;
    input: BankQuestionInput;
    userId: number | null;
  },
  now: number,
): Promise<void> {
  const { input } = parent;
  for (const [ord, child] of input.children.entries()) {
    await trx
      .insertInto('questions')
      .values({
        school_id: parent.schoolId,
        region_id: parent.regionId ?? null,
        subject_code: input.subjectCode,
        stage: input.stage,
        grade_num: input.gradeNum,
        type: child.type,
        difficulty: input.difficulty,
        stem: child.stem,
        options: JSON.stringify(child.options),
        answer: child.answer,
        analysis: child.analysis,
        parent_id: parent.id,
        ord,
        source: input.source,
        year: input.year,
        tags: '[]',
        version: 1,
        created_by: parent.userId,
        created_at: now,
        updated_at: now,
        deleted_at: null,
        request_key: null,
      })
      .execute();
  }
}

/** The row values of a question's own fields. */
const fieldsOf = (input: BankQuestionInput) => ({
  subject_code: input.subjectCode,
  stage: input.stage,
  grade_num: input.gradeNum,
  type: input.type,
  difficulty: input.difficulty,
  stem: input.stem,
  options: JSON.stringify(input.options),
  answer: input.answer,
  analysis: input.analysis,
  source: input.source,
  year: input.year,
  tags: JSON.stringify(input.tags),
});

/**
 * Adds a question (with its sub-questions and knowledge points) in one transaction, or joins the
 * caller's transaction. Returns its id.
 */
export async function insertQuestion(
  db: Db,
  clock: Clock,
  owner: QuestionOwner,
  input: BankQuestionInput,
): Promise<number> {
  checkShape(input);
  await checkPoints(db, owner, input);
  const now = clock.now().getTime();
  const write = async (trx: Db) => {
    if (owner.requestKey && owner.userId !== null) {
      const earlier = await trx
        .selectFrom('questions')
        .select('id')
        .where('created_by', '=', owner.userId)
        .where('request_key', '=', owner.requestKey)
        .executeTakeFirst();
      if (earlier) return earlier.id;
    }
    const row = await trx
      .insertInto('questions')
      .values({
        ...fieldsOf(input),
        school_id: owner.schoolId,
        region_id: owner.regionId ?? null,
        parent_id: null,
        ord: 0,
        version: 1,
        created_by: owner.userId,
        created_at: now,
        updated_at: now,
        deleted_at: null,
        request_key: owner.requestKey ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeChildren(
      trx,
      {
        id: row.id,
        schoolId: owner.schoolId,
        regionId: owner.regionId,
        input,
        userId: owner.userId,
      },
      now,
    );
    if (input.pointIds.length)
      await trx
        .insertInto('question_points')
        .values(input.pointIds.map((point_id) => ({ question_id: row.id, point_id })))
        .execute();
    await indexQuestion(trx, row.id, input);
    return row.id;
  };
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

/**
 * Replaces a school question's content, keeping the previous state as a version. Cloud
 * questions and other schools' questions are not found for a school.
 */
export async function updateQuestion(
  db: Db,
  clock: Clock,
  owner: QuestionOwner & { questionId: number; expectedVersion?: number },
  input: BankQuestionInput,
): Promise<number> {
  checkShape(input);
  await checkPoints(db, owner, input);
  const [before] = await loadQuestions(db, owner.schoolId, [owner.questionId]);
  const deleted = await db
    .selectFrom('questions')
    .select('id')
    .where('id', '=', owner.questionId)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  if (!before || deleted || (before.bank === 'cloud') !== (owner.schoolId === null))
    throw notFound('试题不存在');
  if (owner.expectedVersion !== undefined && owner.expectedVersion !== before.version)
    throw badRequest(STALE);
  const now = clock.now().getTime();
  const write = async (trx: Db) => {
    const moved = await trx
      .updateTable('questions')
      .set({ ...fieldsOf(input), version: before.version + 1, updated_at: now })
      .where('id', '=', owner.questionId)
      .where('version', '=', before.version)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw badRequest(STALE);
    await trx
      .insertInto('question_versions')
      .values({
        question_id: owner.questionId,
        version: before.version,
        snapshot: JSON.stringify(before),
        edited_by: owner.userId,
        edited_at: now,
      })
      .execute();
    await trx.deleteFrom('questions').where('parent_id', '=', owner.questionId).execute();
    await writeChildren(
      trx,
      { id: owner.questionId, schoolId: owner.schoolId, input, userId: owner.userId },
      now,
    );
    await trx.deleteFrom('question_points').where('question_id', '=', owner.questionId).execute();
    if (input.pointIds.length)
      await trx
        .insertInto('question_points')
        .values(input.pointIds.map((point_id) => ({ question_id: owner.questionId, point_id })))
        .execute();
    await indexQuestion(trx, owner.questionId, input);
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
  return before.version + 1;
}

const STALE = '试题已被他人修改，请刷新后重试';

/**
 * Soft-deletes a question of the owner's bank (a school's own, or the cloud bank's with
 * `schoolId` null): lists, search and similar questions no longer find it; papers keep it.
 */
export async function deleteQuestion(
  db: Db,
  clock: Clock,
  owner: QuestionOwner & { questionId: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx
      .updateTable('questions')
      .set({ deleted_at: clock.now().getTime() })
      .where('id', '=', owner.questionId)
      .where('parent_id', 'is', null)
      .where('deleted_at', 'is', null)
      .where((eb) =>
        owner.schoolId === null
          ? eb('school_id', 'is', null)
          : eb('school_id', '=', owner.schoolId),
      )
      .executeTakeFirst();
    if (Number(gone.numUpdatedRows) !== 1) throw notFound('试题不存在');
    await unindexQuestion(trx, owner.questionId);
  });
}

const parseList = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.map(String) : [];
};

/**
 * Questions by id as pages show them, in the order of `ids`, for a school (its own and the cloud
 * bank's; other schools' are left out) or, with `schoolId` null, the cloud bank only. Deleted
 * questions are still read (a paper keeps them); sub-question ids are never returned alone.
 */
export async function loadQuestions(
  db: Db,
  schoolId: number | null,
  ids: readonly number[],
): Promise<BankQuestionItem[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const rows: QuestionRow[] = [];
  // Chunks keep the statement under SQLite's parameter limit for long papers and lists.
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    rows.push(
      ...(await db
        .selectFrom('questions')
        .selectAll()
        .where((eb) => eb.or([eb('id', 'in', chunk), eb('parent_id', 'in', chunk)]))
        .orderBy('ord')
        .execute()),
    );
  }
  // The bank is checked here, not in SQL: with it in the query SQLite walks the bank index
  // (all of a school's questions) instead of the ids.
  const regionId = schoolId === null ? null : await regionOfSchool(db, schoolId);
  const visible = rows.filter((r) =>
    schoolId === null ? r.school_id === null : readsRow(r, schoolId, regionId),
  );
  const points = new Map<number, { id: number; name: string }[]>();
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    const links = await db
      .selectFrom('question_points as qp')
      .innerJoin('knowledge_points as k', 'k.id', 'qp.point_id')
      .select(['qp.question_id', 'k.id', 'k.name'])
      .where('qp.question_id', 'in', chunk)
      .orderBy('k.id')
      .execute();
    for (const l of links) {
      const list = points.get(l.question_id) ?? [];
      list.push({ id: l.id, name: l.name });
      points.set(l.question_id, list);
    }
  }
  const children = new Map<number, QuestionRow[]>();
  const tops = new Map<number, QuestionRow>();
  for (const r of visible) {
    if (r.parent_id === null) tops.set(r.id, r);
    else children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r]);
  }
  return unique.flatMap((id) => {
    const r = tops.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        bank: r.school_id === null ? ('cloud' as const) : ('school' as const),
        subjectCode: r.subject_code,
        stage: r.stage,
        gradeNum: r.grade_num,
        type: r.type as BankQuestionType,
        difficulty: r.difficulty,
        stem: r.stem,
        options: parseList(r.options),
        answer: r.answer,
        analysis: r.analysis,
        points: points.get(r.id) ?? [],
        source: r.source,
        year: r.year,
        tags: parseList(r.tags),
        children: (children.get(r.id) ?? []).map((c) => ({
          id: c.id,
          type: c.type,
          stem: c.stem,
          options: parseList(c.options),
          answer: c.answer,
          analysis: c.analysis,
        })),
        version: r.version,
        updatedAt: Number(r.updated_at),
      },
    ];
  });
}

type QuestionRow = Selectable<QuestionsTable>;
