import type { BasketRow, UsagePeriod, UsageRow } from '@examkit/contracts';
import type { Db } from '../core/database';
import { badRequest } from '../core/envelope';
import { chinaDate } from '../core/chinaTime';
import type { SessionInfo } from '../core/session';

const DAY = 86_400_000;
const count = (v: number | string | bigint | null | undefined) => Number(v ?? 0);

/** The period's bounds in ms: China days, both included; refused when reversed or over a year. */
export function periodOf(body: UsagePeriod): { from: number; to: number } {
  const from = Date.parse(`${body.dateFrom}T00:00:00+08:00`);
  const to = Date.parse(`${body.dateTo}T00:00:00+08:00`) + DAY;
  if (Number.isNaN(from) || Number.isNaN(to)) throw badRequest('日期不合法');
  if (from >= to) throw badRequest('开始日期不能晚于结束日期');
  if (to - from > 366 * DAY) throw badRequest('统计时间不能超过一年');
  return { from, to };
}

/** The period of the last `days` China days, today included. */
export const lastDays = (now: number, days: number): UsagePeriod => ({
  dateFrom: chinaDate(now - (days - 1) * DAY),
  dateTo: chinaDate(now),
});

/**
 * The busiest of 使用统计's rows (数据大屏): by the sum of marks, homework made and corrected and
 * papers made, those with none left out, at most `limit`.
 */
export function busiest(rows: UsageRow[], limit: number) {
  const total = (r: UsageRow) => r.marks + r.homeworkMade + r.homeworkCorrected + r.papersMade;
  return rows
    .filter((r) => total(r) > 0)
    .sort((a, b) => total(b) - total(a) || a.userId - b.userId)
    .slice(0, limit)
    .map((r) => ({
      name: r.name,
      marks: r.marks,
      homeworkMade: r.homeworkMade,
      homeworkCorrected: r.homeworkCorrected,
      papersMade: r.papersMade,
    }));
}

/**
 * Whose use the caller sees: every user of the school for school-wide roles, else only
 * themselves (a teacher's own figures).
 */
async function peopleOf(db: Db, session: SessionInfo, schoolWide: boolean) {
  let q = db
    .selectFrom('users')
    .select(['id', 'nick_name'])
    .where('school_id', '=', session.schoolId)
    .where('status', '=', 1);
  if (!schoolWide) q = q.where('id', '=', session.userId);
  return q.orderBy('id').execute();
}

const byUser = <K extends string>(
  rows: ({ n: number | string | bigint } & Record<K, unknown>)[],
  key: K,
) => new Map(rows.map((r) => [Number(r[key]), count(r.n)]));

/** Who made a school's rows of each counted table (作业, 试卷, 试题篮), and when. */
const MADE = {
  homeworks: { user: 'created_by', at: 'created_at' },
  papers: { user: 'created_by', at: 'created_at' },
  basket_items: { user: 'user_id', at: 'added_at' },
} as const;

/** Per user (`user`), how many rows of a school's table they made in the period (`n`). */
function madePerUser(db: Db, table: keyof typeof MADE, school: number, from: number, to: number) {
  const { user, at } = MADE[table];
  return db
    .selectFrom(table)
    .select((eb) => [eb.ref(user).as('user'), eb.fn.countAll<number>().as('n')])
    .where('school_id', '=', school)
    .where(at, '>=', from)
    .where(at, '<', to)
    .groupBy(user)
    .execute();
}

/** 使用统计: per teacher, marks, homework made and corrected, papers and basket picks in a period. */
export async function usageStatistics(
  db: Db,
  session: SessionInfo,
  schoolWide: boolean,
  body: UsagePeriod,
): Promise<{ rows: UsageRow[] }> {
  const { from, to } = periodOf(body);
  const school = session.schoolId;
  const [people, marks, made, corrected, papers, basket] = await Promise.all([
    peopleOf(db, session, schoolWide),
    db
      .selectFrom('marking_marks as m')
      .innerJoin('marking_blocks as b', 'b.id', 'm.block_id')
      .select(['m.user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('b.school_id', '=', school)
      .where('m.created_at', '>=', from)
      .where('m.created_at', '<', to)
      .where('m.kind', '!=', 'seed')
      .groupBy('m.user_id')
      .execute(),
    madePerUser(db, 'homeworks', school, from, to),
    db
      .selectFrom('homework_answers as a')
      .innerJoin('homework_submissions as s', 's.id', 'a.submission_id')
      .select(['a.corrected_by', (eb) => eb.fn.countAll<number>().as('n')])
      .where('s.school_id', '=', school)
      .where('a.corrected_by', 'is not', null)
      .where('a.corrected_at', '>=', from)
      .where('a.corrected_at', '<', to)
      .groupBy('a.corrected_by')
      .execute(),
    madePerUser(db, 'papers', school, from, to),
    madePerUser(db, 'basket_items', school, from, to),
  ]);
  const m = byUser(marks, 'user_id');
  const h = byUser(made, 'user');
  const c = byUser(corrected, 'corrected_by');
  const p = byUser(papers, 'user');
  const k = byUser(basket, 'user');
  return {
    rows: people.map((u) => ({
      userId: u.id,
      name: u.nick_name,
      marks: m.get(u.id) ?? 0,
      homeworkMade: h.get(u.id) ?? 0,
      homeworkCorrected: c.get(u.id) ?? 0,
      papersMade: p.get(u.id) ?? 0,
      basketAdded: k.get(u.id) ?? 0,
    })),
  };
}

/** 试题篮统计: per teacher and subject, the basket now and the papers assembled in a period. */
export async function basketStatistics(
  db: Db,
  session: SessionInfo,
  schoolWide: boolean,
  body: UsagePeriod,
): Promise<{ rows: BasketRow[] }> {
  const { from, to } = periodOf(body);
  const school = session.schoolId;
  const [people, subjects, basket, papers, toExam] = await Promise.all([
    peopleOf(db, session, schoolWide),
    db
      .selectFrom('subjects')
      .select(['code', 'name'])
      .where('school_id', '=', school)
      .orderBy('sort')
      .execute(),
    db
      .selectFrom('basket_items')
      .select(['user_id', 'subject_code', (eb) => eb.fn.countAll<number>().as('n')])
      .where('school_id', '=', school)
      .groupBy(['user_id', 'subject_code'])
      .execute(),
    db
      .selectFrom('papers')
      .select(['created_by', 'subject_code', (eb) => eb.fn.countAll<number>().as('n')])
      .where('school_id', '=', school)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(['created_by', 'subject_code'])
      .execute(),
    db
      .selectFrom('papers as p')
      .select(['p.created_by', 'p.subject_code', (eb) => eb.fn.countAll<number>().as('n')])
      .where('p.school_id', '=', school)
      .where('p.created_at', '>=', from)
      .where('p.created_at', '<', to)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('paper_exams as pe')
            .select('pe.paper_id')
            .whereRef('pe.paper_id', '=', 'p.id')
            .where('pe.school_id', '=', school),
        ),
      )
      .groupBy(['p.created_by', 'p.subject_code'])
      .execute(),
  ]);
  const keyOf = (user: number | null, code: string) => `${user ?? 0}|${code}`;
  const cells = new Map<string, { inBasket: number; papers: number; papersToExam: number }>();
  const cell = (user: number | null, code: string) => {
    const k = keyOf(user, code);
    let c = cells.get(k);
    if (!c) cells.set(k, (c = { inBasket: 0, papers: 0, papersToExam: 0 }));
    return c;
  };
  const mine = new Set(people.map((u) => u.id));
  for (const r of basket)
    if (mine.has(r.user_id)) cell(r.user_id, r.subject_code).inBasket = count(r.n);
  for (const r of papers)
    if (r.created_by !== null && mine.has(r.created_by))
      cell(r.created_by, r.subject_code).papers = count(r.n);
  for (const r of toExam)
    if (r.created_by !== null && mine.has(r.created_by))
      cell(r.created_by, r.subject_code).papersToExam = count(r.n);
  const order = new Map(subjects.map((s, i) => [s.code, i]));
  const rows: BasketRow[] = [];
  for (const u of people)
    for (const [k, c] of cells) {
      const [user, code] = k.split('|') as [string, string];
      if (Number(user) !== u.id) continue;
      rows.push({
        userId: u.id,
        name: u.nick_name,
        subjectCode: code,
        subjectName: subjects.find((s) => s.code === code)?.name ?? code,
        ...c,
      });
    }
  rows.sort(
    (a, b) =>
      a.userId - b.userId ||
      (order.get(a.subjectCode) ?? 99) - (order.get(b.subjectCode) ?? 99) ||
      a.subjectCode.localeCompare(b.subjectCode),
  );
  return { rows };
}
