import { resourceAnalysisRoutes as r, type DataOf } from '@examkit/contracts';
import type { Db } from '../core/database';
import type { DomainDeps } from '../core/deps';
import type { Router } from '../core/router';
import { accessOf } from '../core/scope';
import { cloudOf } from './cloudScope';
import { loadQuestions } from './questions';

type Analysis = DataOf<typeof r.summary>;

/** How many of the most-used questions the page lists. */
export const TOP_QUESTIONS = 10;

const count = (n: unknown) => Number(n ?? 0);

/**
 * 校本资源分析 (docs/resources.md): the school's live questions (top level, not deleted), its
 * papers and uploads, per subject (the school's subjects in their order, then codes the school no
 * longer lists) and per teacher (who wrote them; most first), and the questions its papers hold
 * most often, with the exams made from those papers.
 */
export async function resourceAnalysis(
  db: Db,
  schoolId: number,
  subjectCode?: string,
): Promise<Analysis> {
  const live = db
    .selectFrom('questions as q')
    .where('q.school_id', '=', schoolId)
    .where('q.parent_id', 'is', null)
    .where('q.deleted_at', 'is', null);
  const [questionsBySubject, papersBySubject, questionsByUser, papersByUser, uploadsByUser] =
    await Promise.all([
      live
        .select(['q.subject_code', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('q.subject_code')
        .execute(),
      db
        .selectFrom('papers')
        .select(['subject_code', (eb) => eb.fn.countAll<number>().as('n')])
        .where('school_id', '=', schoolId)
        .groupBy('subject_code')
        .execute(),
      live
        .select(['q.created_by', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('q.created_by')
        .execute(),
      db
        .selectFrom('papers')
        .select(['created_by', (eb) => eb.fn.countAll<number>().as('n')])
        .where('school_id', '=', schoolId)
        .groupBy('created_by')
        .execute(),
      db
        .selectFrom('resource_uploads')
        .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('school_id', '=', schoolId)
        .groupBy('user_id')
        .execute(),
    ]);

  const subjects = await db
    .selectFrom('subjects')
    .select(['code', 'name'])
    .where('school_id', '=', schoolId)
    .orderBy('sort')
    .execute();
  const qBySubject = new Map(questionsBySubject.map((x) => [x.subject_code, count(x.n)]));
  const pBySubject = new Map(papersBySubject.map((x) => [x.subject_code, count(x.n)]));
  const codes = [
    ...subjects.map((s) => s.code),
    ...[...new Set([...qBySubject.keys(), ...pBySubject.keys()])]
      .filter((c) => !subjects.some((s) => s.code === c))
      .sort(),
  ];
  const bySubject = codes.map((code) => ({
    subjectCode: code,
    subjectName: subjects.find((s) => s.code === code)?.name ?? code,
    questions: qBySubject.get(code) ?? 0,
    papers: pBySubject.get(code) ?? 0,
  }));

  const people = new Map<number | null, { questions: number; papers: number; uploads: number }>();
  const at = (id: number | null) => {
    let row = people.get(id);
    if (!row) people.set(id, (row = { questions: 0, papers: 0, uploads: 0 }));
    return row;
  };
  for (const x of questionsByUser) at(x.created_by).questions += count(x.n);
  for (const x of papersByUser) at(x.created_by).papers += count(x.n);
  for (const x of uploadsByUser) at(x.user_id).uploads += count(x.n);
  const ids = [...people.keys()].filter((id): id is number => id !== null);
  const names = new Map(
    (ids.length
      ? await db.selectFrom('users').select(['id', 'nick_name']).where('id', 'in', ids).execute()
      : []
    ).map((u) => [u.id, u.nick_name]),
  );
  const byTeacher = [...people]
    .map(([userId, row]) => ({
      userId,
      name: userId === null ? '示例与导入' : (names.get(userId) ?? '已删除的用户'),
      ...row,
    }))
    .sort(
      (a, b) =>
        b.questions + b.papers + b.uploads - (a.questions + a.papers + a.uploads) ||
        (a.userId ?? 0) - (b.userId ?? 0),
    );

  let used = db
    .selectFrom('paper_questions as pq')
    .innerJoin('papers as p', 'p.id', 'pq.paper_id')
    .leftJoin('paper_exams as pe', (j) =>
      j.onRef('pe.paper_id', '=', 'p.id').on('pe.school_id', '=', schoolId),
    )
    .select([
      'pq.question_id',
      (eb) => eb.fn.count<number>('pq.paper_id').distinct().as('papers'),
      (eb) => eb.fn.count<number>('pe.exam_id').distinct().as('exams'),
    ])
    .where('p.school_id', '=', schoolId);
  if (subjectCode) used = used.where('p.subject_code', '=', subjectCode);
  const top = await used
    .groupBy('pq.question_id')
    .orderBy('papers', 'desc')
    .orderBy('exams', 'desc')
    .orderBy('pq.question_id')
    .limit(TOP_QUESTIONS)
    .execute();
  const items = new Map(
    (
      await loadQuestions(
        db,
        schoolId,
        top.map((t) => t.question_id),
      )
    ).map((q) => [q.id, q]),
  );

  const totals = await Promise.all([
    live.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    db
      .selectFrom('papers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('school_id', '=', schoolId)
      .executeTakeFirst(),
    db
      .selectFrom('resource_uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('school_id', '=', schoolId)
      .executeTakeFirst(),
    db
      .selectFrom('questions as q')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(cloudOf('q', schoolId))
      .where('q.parent_id', 'is', null)
      .where('q.deleted_at', 'is', null)
      .executeTakeFirst(),
  ]);
  return {
    totals: {
      questions: count(totals[0]?.n),
      papers: count(totals[1]?.n),
      uploads: count(totals[2]?.n),
      cloudQuestions: count(totals[3]?.n),
    },
    bySubject,
    byTeacher,
    topQuestions: top.flatMap((t) => {
      const question = items.get(t.question_id);
      return question ? [{ question, papers: count(t.papers), exams: count(t.exams) }] : [];
    }),
  };
}

/** /marking-resources/school/analysis, for whoever holds the resource area (Resources). */
export function registerResourceAnalysisRoutes(
  router: Router,
  { db }: Pick<DomainDeps, 'db'>,
): void {
  router.sessionRoute(r.summary, 'resource', async ({ body, session }) => {
    await accessOf(db, session).require('Resources');
    return resourceAnalysis(db, session.schoolId, body.subjectCode);
  });
}
