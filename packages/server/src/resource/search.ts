import type { BankQuestionItem, Page, QuestionListQuery } from '@examkit/contracts';
import { sql } from 'kysely';
import type { Db } from '../core/database';
import { cloudOf } from './cloudScope';
import { loadQuestions } from './questions';
import { matchingIds } from './searchIndex';

/**
 * The bank's list and search: one page of top-level, not deleted questions of one bank (the
 * school's own or the cloud bank), filtered by subject, stage, grade, type, difficulty, knowledge
 * point (with every node below it), source, year and the words of the stem, newest first.
 */
export async function searchQuestions(
  db: Db,
  schoolId: number,
  query: QuestionListQuery,
): Promise<Page<BankQuestionItem>> {
  const { pageNum, pageSize } = query;
  let q = db
    .selectFrom('questions as q')
    .where('q.parent_id', 'is', null)
    .where('q.deleted_at', 'is', null)
    .where('q.subject_code', '=', query.subjectCode)
    .where((eb) =>
      query.bank === 'cloud' ? cloudOf('q', schoolId) : eb('q.school_id', '=', schoolId),
    );
  if (query.stage !== null) q = q.where('q.stage', '=', query.stage);
  if (query.gradeNum !== null) q = q.where('q.grade_num', '=', query.gradeNum);
  if (query.type !== null) q = q.where('q.type', '=', query.type);
  if (query.difficulty !== null) q = q.where('q.difficulty', '=', query.difficulty);
  if (query.year !== null) q = q.where('q.year', '=', query.year);
  const source = query.source.trim();
  if (source) {
    const escaped = source.replace(/[\\%_]/g, (c) => `\\${c}`);
    q = q.where(sql<boolean>`q.source like ${`%${escaped}%`} escape '\\'`);
  }
  if (query.pointId !== null) {
    const points = await subtreeOf(db, schoolId, query.pointId);
    if (points.length === 0) return { list: [], total: 0, pageNum, pageSize };
    q = q.where('q.id', 'in', (eb) =>
      eb
        .selectFrom('question_points as qp')
        .select('qp.question_id')
        .where('qp.point_id', 'in', points),
    );
  }
  const keyWord = query.keyWord.trim();
  if (keyWord) {
    const ids = matchingIds(db, keyWord);
    if (ids === null) return { list: [], total: 0, pageNum, pageSize };
    q = q.where(sql<boolean>`q.id in (${ids})`);
  }
  const [counted, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    q
      .select('q.id')
      .orderBy('q.id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
  ]);
  return {
    list: await loadQuestions(
      db,
      schoolId,
      rows.map((r) => r.id),
    ),
    total: Number(counted?.n ?? 0),
    pageNum,
    pageSize,
  };
}

/** A knowledge point the school sees (shared or its own) and every node below it; [] if none. */
export async function subtreeOf(db: Db, schoolId: number, pointId: number): Promise<number[]> {
  const root = await db
    .selectFrom('knowledge_points')
    .select(['id', 'subject_code', 'stage'])
    .where('id', '=', pointId)
    .where((eb) => eb.or([eb('school_id', 'is', null), eb('school_id', '=', schoolId)]))
    .executeTakeFirst();
  if (!root) return [];
  const tree = await db
    .selectFrom('knowledge_points')
    .select(['id', 'parent_id'])
    .where('subject_code', '=', root.subject_code)
    .where('stage', '=', root.stage)
    .where((eb) => eb.or([eb('school_id', 'is', null), eb('school_id', '=', schoolId)]))
    .execute();
  const children = new Map<number, number[]>();
  for (const n of tree)
    if (n.parent_id !== null)
      children.set(n.parent_id, [...(children.get(n.parent_id) ?? []), n.id]);
  const out: number[] = [];
  const stack = [root.id];
  while (stack.length) {
    const id = stack.pop()!;
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}
