import type { KnowledgeNode } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { badRequest, notFound } from '../core/envelope';

/**
 * Knowledge trees (knowledge-edit): per subject and stage, the shared nodes (`school_id` null,
 * read-only for schools) and the school's own, which may hang under shared ones. A school adds,
 * renames, moves and deletes only its own nodes; a node still used by questions (or with nodes
 * below it) is not deleted.
 */

/** The tree a school sees, flat, in order, with the number of bank questions on each node. */
export async function listPoints(
  db: Db,
  schoolId: number,
  subjectCode: string,
  stage: number,
): Promise<KnowledgeNode[]> {
  const rows = await db
    .selectFrom('knowledge_points as k')
    .select(['k.id', 'k.parent_id', 'k.name', 'k.ord', 'k.school_id'])
    .select((eb) =>
      eb
        .selectFrom('question_points as qp')
        .innerJoin('questions as q', 'q.id', 'qp.question_id')
        .whereRef('qp.point_id', '=', 'k.id')
        .where('q.deleted_at', 'is', null)
        .where((w) => w.or([w('q.school_id', 'is', null), w('q.school_id', '=', schoolId)]))
        .select((c) => c.fn.countAll<number>().as('n'))
        .as('questionCount'),
    )
    .where('k.subject_code', '=', subjectCode)
    .where('k.stage', '=', stage)
    .where((eb) => eb.or([eb('k.school_id', 'is', null), eb('k.school_id', '=', schoolId)]))
    .orderBy('k.ord')
    .orderBy('k.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    name: r.name,
    ord: r.ord,
    shared: r.school_id === null,
    questionCount: Number(r.questionCount ?? 0),
  }));
}

/** A node the school sees, or 404. */
async function visiblePoint(db: Db, schoolId: number, id: number) {
  const row = await db
    .selectFrom('knowledge_points')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('school_id', 'is', null), eb('school_id', '=', schoolId)]))
    .executeTakeFirst();
  if (!row) throw notFound('知识点不存在');
  return row;
}

/** The school's own node, or a refusal naming why (shared nodes are read-only). */
async function ownPoint(db: Db, schoolId: number, id: number) {
  const row = await visiblePoint(db, schoolId, id);
  if (row.school_id === null) throw badRequest('公共知识点不能修改，只能在其下添加本校知识点');
  return row;
}

async function checkName(
  db: Db,
  schoolId: number,
  at: { subject_code: string; stage: number; parent_id: number | null },
  name: string,
  except?: number,
) {
  const siblings = await db
    .selectFrom('knowledge_points')
    .select(['id', 'name'])
    .where('subject_code', '=', at.subject_code)
    .where('stage', '=', at.stage)
    .where((eb) =>
      at.parent_id === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', at.parent_id),
    )
    .where((eb) => eb.or([eb('school_id', 'is', null), eb('school_id', '=', schoolId)]))
    .execute();
  if (siblings.some((s) => s.name === name && s.id !== except))
    throw badRequest(`同一级已有知识点“${name}”`);
  return siblings.length;
}

export async function addPoint(
  db: Db,
  clock: Clock,
  schoolId: number,
  input: { subjectCode: string; stage: number; parentId: number | null; name: string },
): Promise<number> {
  const name = input.name.trim();
  if (!name) throw badRequest('请输入知识点名称');
  if (input.parentId !== null) {
    const parent = await visiblePoint(db, schoolId, input.parentId);
    if (parent.subject_code !== input.subjectCode || parent.stage !== input.stage)
      throw badRequest('上级知识点不属于该学科和学段');
  }
  const at = { subject_code: input.subjectCode, stage: input.stage, parent_id: input.parentId };
  const count = await checkName(db, schoolId, at, name);
  const row = await db
    .insertInto('knowledge_points')
    .values({ ...at, school_id: schoolId, name, ord: count, created_at: clock.now().getTime() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renamePoint(db: Db, schoolId: number, id: number, name: string) {
  const row = await ownPoint(db, schoolId, id);
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('请输入知识点名称');
  await checkName(db, schoolId, row, trimmed, id);
  await db.updateTable('knowledge_points').set({ name: trimmed }).where('id', '=', id).execute();
}

/** Moves the school's node under another node of the same tree (or to the top level), last. */
export async function movePoint(db: Db, schoolId: number, id: number, parentId: number | null) {
  const row = await ownPoint(db, schoolId, id);
  if (parentId !== null) {
    const parent = await visiblePoint(db, schoolId, parentId);
    if (parent.subject_code !== row.subject_code || parent.stage !== row.stage)
      throw badRequest('上级知识点不属于该学科和学段');
    // Walk up from the new parent: reaching the node itself would make a loop.
    let cursor: number | null = parentId;
    while (cursor !== null) {
      if (cursor === id) throw badRequest('不能移动到自己或下级知识点之下');
      const up: { parent_id: number | null } | undefined = await db
        .selectFrom('knowledge_points')
        .select('parent_id')
        .where('id', '=', cursor)
        .executeTakeFirst();
      cursor = up?.parent_id ?? null;
    }
  }
  const at = { ...row, parent_id: parentId };
  const count = await checkName(db, schoolId, at, row.name, id);
  await db
    .updateTable('knowledge_points')
    .set({ parent_id: parentId, ord: count })
    .where('id', '=', id)
    .execute();
}

/** Deletes the school's node when nothing hangs below it and no question (of any bank) uses it. */
export async function deletePoint(db: Db, schoolId: number, id: number) {
  await ownPoint(db, schoolId, id);
  const child = await db
    .selectFrom('knowledge_points')
    .select('id')
    .where('parent_id', '=', id)
    .executeTakeFirst();
  if (child) throw badRequest('请先删除下级知识点');
  const used = await db
    .selectFrom('question_points')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('point_id', '=', id)
    .executeTakeFirst();
  const n = Number(used?.n ?? 0);
  if (n > 0) throw badRequest(`该知识点已被 ${n} 道试题使用，不能删除`);
  const tagged = await db
    .selectFrom('homework_question_points')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('point_id', '=', id)
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  const m = Number(tagged?.n ?? 0);
  if (m > 0) throw badRequest(`该知识点已被 ${m} 道作业题标注，不能删除`);
  await db.deleteFrom('knowledge_points').where('id', '=', id).execute();
}
