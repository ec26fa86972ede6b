import { stageOfGrade, type HomeworkQuestionPoint, type KnowledgeNode } from '@examkit/contracts';
import type { Db } from '../core/database';
import { badRequest, notFound } from '../core/envelope';
import { listPoints } from '../resource/points';
import type { HomeworkRow } from './access';

/**
 * Knowledge points of homework questions (docs/homework.md "Knowledge points of a paper's
 * questions"): the one place that says which points a homework question carries. A question made
 * from the bank carries its bank question's points; any other (an uploaded paper's, a 教辅
 * chapter's) those the teacher tagged it with (`homework_question_points`). The report's
 * 知识点统计, 学情's 知识点掌握, 巩固提升 and the 错题本 all read them here.
 */

/** A homework question as the accessor needs it: its homework, `no` and bank question. */
export interface PointedQuestion {
  homework_id: number;
  no: number;
  bank_question_id: number | null;
}

/** A key of a homework question in the accessor's answer. */
export const questionKey = (homeworkId: number, no: number) => `${homeworkId}:${no}`;

/**
 * The knowledge points of some homework questions, keyed by {@link questionKey}, each list in
 * tree order (`ord`, then id); a question without points is absent.
 */
export async function questionPointsOf(
  db: Db,
  questions: readonly PointedQuestion[],
): Promise<Map<string, HomeworkQuestionPoint[]>> {
  const out = new Map<string, HomeworkQuestionPoint[]>();
  if (questions.length === 0) return out;
  const bankIds = [
    ...new Set(questions.flatMap((q) => (q.bank_question_id === null ? [] : [q.bank_question_id]))),
  ];
  const homeworkIds = [
    ...new Set(questions.filter((q) => q.bank_question_id === null).map((q) => q.homework_id)),
  ];
  const [bank, tagged] = await Promise.all([
    bankIds.length === 0
      ? []
      : db
          .selectFrom('question_points as qp')
          .innerJoin('knowledge_points as k', 'k.id', 'qp.point_id')
          .select(['qp.question_id', 'k.id', 'k.name'])
          .where('qp.question_id', 'in', bankIds)
          .orderBy('k.ord')
          .orderBy('k.id')
          .execute(),
    homeworkIds.length === 0
      ? []
      : db
          .selectFrom('homework_question_points as hp')
          .innerJoin('knowledge_points as k', 'k.id', 'hp.point_id')
          .select(['hp.homework_id', 'hp.question_no', 'k.id', 'k.name'])
          .where('hp.homework_id', 'in', homeworkIds)
          .orderBy('k.ord')
          .orderBy('k.id')
          .execute(),
  ]);
  for (const q of questions) {
    const points =
      q.bank_question_id !== null
        ? bank.filter((b) => b.question_id === q.bank_question_id)
        : tagged.filter((t) => t.homework_id === q.homework_id && t.question_no === q.no);
    if (points.length > 0)
      out.set(
        questionKey(q.homework_id, q.no),
        points.map((p) => ({ id: p.id, name: p.name })),
      );
  }
  return out;
}

/** The subject code and stage whose knowledge tree a homework's questions are tagged from. */
async function treeOf(db: Db, row: HomeworkRow) {
  const [subject, grade] = await Promise.all([
    db
      .selectFrom('subjects')
      .select('code')
      .where('id', '=', row.subject_id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('grades')
      .select('grade_num')
      .where('id', '=', row.grade_id)
      .executeTakeFirstOrThrow(),
  ]);
  return { subjectCode: subject.code, stage: stageOfGrade(grade.grade_num) };
}

/** The school's knowledge tree of the homework's subject and stage: the bank's tree. */
export async function pointTreeOf(db: Db, row: HomeworkRow): Promise<KnowledgeNode[]> {
  const { subjectCode, stage } = await treeOf(db, row);
  return listPoints(db, row.school_id, subjectCode, stage);
}

/** Why a homework's questions are not tagged here, or null when they are. */
export function untaggable(row: HomeworkRow): string | null {
  if (row.paper_kind === 'bank') return '题库组成的作业，知识点取自题库试题，请在题库中修改';
  if (row.paper_kind === 'composition') return '作文没有知识点';
  return null;
}

/**
 * Replaces the points of one question of a paper's (or 教辅 chapter's) homework, atomically: every
 * point must be a node of the homework's tree that the school sees (another school's node answers
 * 知识点不存在). A retry saves the same list again.
 */
export async function saveQuestionPoints(
  db: Db,
  row: HomeworkRow,
  no: number,
  pointIds: readonly number[],
): Promise<HomeworkQuestionPoint[]> {
  const why = untaggable(row);
  if (why) throw badRequest(why);
  const question = await db
    .selectFrom('homework_questions')
    .select(['no', 'bank_question_id'])
    .where('homework_id', '=', row.id)
    .where('no', '=', no)
    .executeTakeFirst();
  if (!question) throw notFound('题目不存在');
  if (question.bank_question_id !== null)
    throw badRequest('这道题来自题库，知识点取自题库试题，请在题库中修改');
  const ids = [...new Set(pointIds)];
  if (ids.length > 0) {
    const { subjectCode, stage } = await treeOf(db, row);
    const found = await db
      .selectFrom('knowledge_points')
      .select('id')
      .where('id', 'in', ids)
      .where('subject_code', '=', subjectCode)
      .where('stage', '=', stage)
      .where((eb) => eb.or([eb('school_id', 'is', null), eb('school_id', '=', row.school_id)]))
      .execute();
    if (found.length !== ids.length) throw notFound('知识点不存在，或不属于本作业的学科和学段');
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('homework_question_points')
      .where('homework_id', '=', row.id)
      .where('question_no', '=', no)
      .execute();
    if (ids.length > 0)
      await trx
        .insertInto('homework_question_points')
        .values(
          ids.map((id) => ({
            school_id: row.school_id,
            homework_id: row.id,
            question_no: no,
            point_id: id,
          })),
        )
        // A concurrent save of the same list: the rows it wrote stand.
        .onConflict((oc) => oc.columns(['homework_id', 'question_no', 'point_id']).doNothing())
        .execute();
  });
  const saved = await questionPointsOf(db, [{ homework_id: row.id, no, bank_question_id: null }]);
  return saved.get(questionKey(row.id, no)) ?? [];
}

/**
 * After split-confirm replaced a homework's question list (in `trx`): each tagged point follows
 * its question's 题号 to the question's new `no`; points of a 题号 no longer on the list go.
 */
export async function followLabels(
  trx: Db,
  homeworkId: number,
  before: readonly { no: number; label: string }[],
  after: readonly { no: number; label: string }[],
): Promise<void> {
  const tags = await trx
    .selectFrom('homework_question_points')
    .selectAll()
    .where('homework_id', '=', homeworkId)
    .execute();
  if (tags.length === 0) return;
  await trx.deleteFrom('homework_question_points').where('homework_id', '=', homeworkId).execute();
  const moved = tags.flatMap((t) => {
    const label = before.find((b) => b.no === t.question_no)?.label;
    const to = after.find((a) => a.label === label);
    return to ? [{ ...t, question_no: to.no }] : [];
  });
  if (moved.length > 0) await trx.insertInto('homework_question_points').values(moved).execute();
}
