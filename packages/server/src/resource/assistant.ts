import {
  ASSISTANT_MIX_SHARES,
  QUESTION_TYPES,
  type AssistantSettings,
  type BankQuestionType,
  type DataOf,
  type assistantRoutes,
} from '@examkit/contracts';
import type { Db } from '../core/database';
import { badRequest, notFound } from '../core/envelope';
import { hashText } from './minhash';
import { insertPaper } from './papers';
import { loadQuestions } from './questions';
import { subtreeOf } from './search';
import { ownOrCloudOf } from './cloudScope';

/**
 * 组卷助手 (docs/resources.md "组卷助手"): bank questions picked by type, knowledge points and a
 * difficulty mix into a plan the teacher previews, swaps in and saves as a paper.
 */

type Plan = DataOf<typeof assistantRoutes.detail>;
type Summary = DataOf<typeof assistantRoutes.list>['list'][number];
export interface PlanOwner {
  schoolId: number;
  userId: number;
}

/** Candidates looked at per question type (newest first); plenty for a paper. */
const CANDIDATE_LIMIT = 2000;

/** The difficulty band of a question: 0 easy (1–2), 1 medium (3), 2 hard (4–5). */
export const bandOf = (difficulty: number) => (difficulty <= 2 ? 0 : difficulty === 3 ? 1 : 2);

/** How many of `count` questions go to each band: the shares rounded by largest remainder. */
export function bandQuotas(count: number, shares: readonly number[]): number[] {
  const exact = shares.map((s) => s * count);
  const quotas = exact.map(Math.floor);
  const order = exact
    .map((e, i) => ({ i, rest: e - Math.floor(e) }))
    .sort((a, b) => b.rest - a.rest);
  for (let k = 0; quotas.reduce((s, q) => s + q, 0) < count; k++)
    quotas[order[k % order.length]!.i]! += 1;
  return quotas;
}

interface Candidate {
  id: number;
  difficulty: number;
}

/** Questions the settings allow for one type: the school's and the cloud bank's, top level. */
async function candidatesOf(
  db: Db,
  schoolId: number,
  settings: AssistantSettings,
  type: BankQuestionType,
): Promise<Candidate[]> {
  const points = new Set<number>();
  for (const id of settings.pointIds)
    for (const p of await subtreeOf(db, schoolId, id)) points.add(p);
  if (settings.pointIds.length && points.size === 0) return [];
  let q = db
    .selectFrom('questions as q')
    .select(['q.id', 'q.difficulty'])
    .where('q.parent_id', 'is', null)
    .where('q.deleted_at', 'is', null)
    .where(ownOrCloudOf('q', schoolId))
    .where('q.subject_code', '=', settings.subjectCode)
    .where('q.stage', '=', settings.stage)
    .where('q.type', '=', type);
  if (settings.gradeNum !== null) {
    const grade = settings.gradeNum;
    q = q.where((eb) => eb.or([eb('q.grade_num', '=', grade), eb('q.grade_num', 'is', null)]));
  }
  if (points.size)
    q = q.where('q.id', 'in', (eb) =>
      eb
        .selectFrom('question_points as qp')
        .select('qp.question_id')
        .where('qp.point_id', 'in', [...points]),
    );
  return q.orderBy('q.id', 'desc').limit(CANDIDATE_LIMIT).execute();
}

/** A fixed shuffle: the candidates ordered by a hash of the salt and their id. */
const shuffled = <T extends { id: number }>(items: readonly T[], salt: string) =>
  items
    .map((item) => ({ item, key: hashText(`${salt}:${item.id}`) }))
    .sort((a, b) => a.key - b.key || a.item.id - b.item.id)
    .map((x) => x.item);

/**
 * Picks `count` candidates: each band's quota from that band, the shortfall of a band filled from
 * the others (the nearest band first); deterministic for a salt.
 */
export function pickByMix(
  candidates: readonly Candidate[],
  count: number,
  shares: readonly number[],
  salt: string,
): number[] {
  const bands: Candidate[][] = [[], [], []];
  for (const c of shuffled(candidates, salt)) bands[bandOf(c.difficulty)]!.push(c);
  const quotas = bandQuotas(count, shares);
  const picked: number[] = [];
  bands.forEach((band, b) => picked.push(...band.splice(0, quotas[b]!).map((c) => c.id)));
  // Fill from the middle band first, then the easy one, then the hard one.
  for (const b of [1, 0, 2])
    while (picked.length < count && bands[b]!.length) picked.push(bands[b]!.shift()!.id);
  return picked;
}

const parse = (row: { settings: string; picks: string }) => ({
  settings: JSON.parse(row.settings) as AssistantSettings,
  picks: JSON.parse(row.picks) as number[][],
});

/** Generates a plan, or answers the plan the same request key made. */
export async function generatePlan(
  db: Db,
  owner: PlanOwner,
  settings: AssistantSettings,
  requestKey: string,
  at: number,
): Promise<number> {
  const done = await db
    .selectFrom('assistant_plans')
    .select('id')
    .where('user_id', '=', owner.userId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
  if (done) return done.id;
  const types = settings.rows.map((r) => r.type);
  if (new Set(types).size !== types.length) throw badRequest('每种题型只能设置一次');
  const picks: number[][] = [];
  for (const row of settings.rows)
    picks.push(
      pickByMix(
        await candidatesOf(db, owner.schoolId, settings, row.type),
        row.count,
        ASSISTANT_MIX_SHARES[settings.mix],
        requestKey,
      ),
    );
  if (picks.every((p) => p.length === 0))
    throw badRequest('题库中没有符合条件的试题，请减少知识点或换个年级再试');
  const values = {
    school_id: owner.schoolId,
    user_id: owner.userId,
    subject_code: settings.subjectCode,
    title: settings.title,
    settings: JSON.stringify(settings),
    picks: JSON.stringify(picks),
    paper_id: null,
    created_at: at,
    updated_at: at,
    request_key: requestKey,
  };
  // Two concurrent retries race on the unique key: the loser answers the winner's plan.
  const inserted = await db
    .insertInto('assistant_plans')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'request_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  return (
    await db
      .selectFrom('assistant_plans')
      .select('id')
      .where('user_id', '=', owner.userId)
      .where('request_key', '=', requestKey)
      .executeTakeFirstOrThrow()
  ).id;
}

/** The caller's own plan row, or 404 (another user's or school's plan answers as missing). */
async function planRow(db: Db, owner: PlanOwner, planId: number) {
  const row = await db
    .selectFrom('assistant_plans')
    .selectAll()
    .where('id', '=', planId)
    .where('school_id', '=', owner.schoolId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
  if (!row) throw notFound('组卷方案不存在');
  return row;
}

const fullMarksOf = (settings: AssistantSettings, picks: number[][]) =>
  Math.round(settings.rows.reduce((s, r, i) => s + r.score * (picks[i]?.length ?? 0), 0) * 100) /
  100;

function summaryOf(row: {
  id: number;
  title: string;
  subject_code: string;
  settings: string;
  picks: string;
  paper_id: number | null;
  created_at: number;
}): Summary {
  const { settings, picks } = parse(row);
  return {
    id: row.id,
    title: row.title,
    subjectCode: row.subject_code,
    questionCount: picks.reduce((s, p) => s + p.length, 0),
    wantedCount: settings.rows.reduce((s, r) => s + r.count, 0),
    fullMarks: fullMarksOf(settings, picks),
    paperId: row.paper_id,
    createdAt: Number(row.created_at),
  };
}

/** One plan with its questions (deleted questions leave it). */
export async function planDetail(db: Db, owner: PlanOwner, planId: number): Promise<Plan> {
  const row = await planRow(db, owner, planId);
  const { settings, picks } = parse(row);
  const items = new Map(
    (await loadQuestions(db, owner.schoolId, picks.flat())).map((q) => [q.id, q]),
  );
  return {
    ...summaryOf(row),
    settings,
    sections: settings.rows.map((r, i) => ({
      type: r.type,
      title: QUESTION_TYPES[r.type],
      wanted: r.count,
      score: r.score,
      questions: (picks[i] ?? []).flatMap((id) => items.get(id) ?? []),
    })),
  };
}

/** The caller's plans, newest first. */
export async function pageOfPlans(
  db: Db,
  owner: PlanOwner,
  page: { offset: number; limit: number },
) {
  const base = db
    .selectFrom('assistant_plans')
    .where('school_id', '=', owner.schoolId)
    .where('user_id', '=', owner.userId);
  const counted = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'title', 'subject_code', 'settings', 'picks', 'paper_id', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { total: Number(counted.n), list: rows.map(summaryOf) };
}

/**
 * 换一题: replaces a question of the plan by another of its type the settings allow, not in the
 * plan, of the same difficulty band if there is one; the choice varies with each swap.
 */
export async function swapInPlan(
  db: Db,
  owner: PlanOwner,
  planId: number,
  questionId: number,
  at: number,
): Promise<void> {
  const row = await planRow(db, owner, planId);
  if (row.paper_id !== null) throw badRequest('该方案已保存为试卷，不能再换题');
  const { settings, picks } = parse(row);
  const section = picks.findIndex((p) => p.includes(questionId));
  if (section < 0) throw notFound('该试题不在方案中');
  const used = new Set(picks.flat());
  const candidates = (
    await candidatesOf(db, owner.schoolId, settings, settings.rows[section]!.type)
  ).filter((c) => !used.has(c.id));
  if (candidates.length === 0) throw badRequest('题库中没有可替换的同类试题');
  const [old] = await loadQuestions(db, owner.schoolId, [questionId]);
  const band = old ? bandOf(old.difficulty) : 1;
  const sameBand = candidates.filter((c) => bandOf(c.difficulty) === band);
  const [next] = shuffled(sameBand.length ? sameBand : candidates, `${planId}:${row.updated_at}`);
  const updated = picks.map((p) => p.map((id) => (id === questionId ? next!.id : id)));
  // Compare-and-set on the row's time: of two concurrent swaps, the second is refused.
  const result = await db
    .updateTable('assistant_plans')
    .set({ picks: JSON.stringify(updated), updated_at: Math.max(at, Number(row.updated_at) + 1) })
    .where('id', '=', planId)
    .where('updated_at', '=', row.updated_at)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw badRequest('方案已被修改，请刷新后重试');
}

/** Saves a plan as a school paper, once: a plan saved before answers its paper. */
export async function savePlan(
  db: Db,
  owner: PlanOwner,
  planId: number,
  body: { durationMinutes: number; requestKey: string },
  at: number,
): Promise<number> {
  const plan = await planDetail(db, owner, planId);
  if (plan.paperId !== null) return plan.paperId;
  const sections = plan.sections
    .filter((s) => s.questions.length)
    .map((s) => ({
      title: s.title,
      questions: s.questions.map((q) => ({ questionId: q.id, score: s.score })),
    }));
  if (sections.length === 0) throw badRequest('方案中没有试题，不能保存为试卷');
  return db.transaction().execute(async (trx) => {
    const paperId = await insertPaper(
      trx,
      owner,
      {
        subjectCode: plan.subjectCode,
        title: plan.title,
        subtitle: '',
        durationMinutes: body.durationMinutes,
        gradeNum: plan.settings.gradeNum,
        sections,
      },
      at,
      body.requestKey,
    );
    await trx
      .updateTable('assistant_plans')
      .set({ paper_id: paperId, updated_at: at })
      .where('id', '=', planId)
      .execute();
    return paperId;
  });
}
