import {
  FLUCTUATION_SWING_DEFAULT,
  type DataOf,
  type FluctuationBasis,
  type teachResearchRoutes,
} from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { notFound } from '../core/envelope';
import type { DataScope } from '../core/scope';
import { rankDropWarning } from '../report/snapshot';
import { readParam } from '../school/params';
import { fullClass } from '../report/views/access';
import { meanRanks, type ReportContext } from '../report/views/context';
import { examSubject, gradePercentiles, refOf, scopedGrade, studentHead } from './researchGrade';

type Routes = typeof teachResearchRoutes;

type Fluctuation = DataOf<Routes['fluctuation']>;

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The school's 波动设置 分数波动: a score rate change of this many percentage points (default 10). */
async function scoreSwing(db: Db, schoolId: number): Promise<number> {
  const value = Number((await readParam(db, schoolId, 'undulate')).scoreChangePercent);
  return Number.isFinite(value) && value > 0 ? value : 10;
}

/** The school's subjects of the exams, in the order they first appear. */
function examSubjects(contexts: { ctx: ReportContext }[]): Fluctuation['subjects'] {
  const out: Fluctuation['subjects'] = [];
  for (const { ctx } of contexts)
    for (const s of ctx.report.snapshot.subjects)
      if (s.subjectId !== null && !out.some((o) => o.subjectId === s.subjectId))
        out.push({ subjectId: s.subjectId, subjectName: s.name });
  return out;
}

/**
 * 波动趋势: over a grade's newest `examCount` exams, the students (of classes whose total the caller
 * sees) whose grade rank (`basis` rank: places), percentile (`percentile`: points) or score rate
 * (`score`: the score over the exam's full marks, percentage points) of the total or of one subject
 * changed by at least `swing` between two consecutive exams they sat — the engine's ranks,
 * percentiles and scores of the cached reports, the ones 师生学情 reads — and per class how many
 * such students it has and its mean's rank per exam (the reports' `meanRanks`). Without a swing, a
 * rank swing is the school's 波动设置 (`undulate.rankChange`, what the reports warn by) and a score
 * swing its `undulate.scoreChangePercent`.
 */
export async function fluctuation(
  db: Db,
  clock: Clock,
  scope: DataScope,
  body: {
    gradeId: number | null;
    examCount: number;
    subjectId?: number | null | undefined;
    basis?: FluctuationBasis | undefined;
    swing?: number | null | undefined;
  },
): Promise<Fluctuation> {
  const basis = body.basis ?? 'rank';
  const rankChange = await rankDropWarning(db, scope.schoolId);
  const scoreChangePercent = await scoreSwing(db, scope.schoolId);
  const swing =
    body.swing ??
    (basis === 'rank'
      ? rankChange
      : basis === 'score'
        ? scoreChangePercent
        : FLUCTUATION_SWING_DEFAULT);
  const subjectId = body.subjectId ?? null;
  const head = await scopedGrade(db, scope, body.gradeId, true);
  const answer = { ...head, subjectId, basis, swing, rankChange, scoreChangePercent };
  if (head.gradeId === null)
    return { ...answer, exams: [], subjects: [], classes: [], students: [] };
  const { contexts, byId } = await gradePercentiles(
    db,
    clock,
    scope,
    head.gradeId,
    body.examCount,
    subjectId,
  );
  const subjects = examSubjects(contexts);
  if (subjectId !== null && !subjects.some((s) => s.subjectId === subjectId))
    throw notFound('所选考试没有该科目');
  const classes = new Map<number, Fluctuation['classes'][number]>();
  contexts.forEach(({ ctx }, e) => {
    const key = subjectId === null ? 0 : examSubject(ctx, subjectId);
    const ranks = key === null ? new Map<number, number | null>() : meanRanks(ctx, key);
    for (const c of ctx.report.snapshot.classes) {
      if (!fullClass(scope, c.id)) continue;
      const row = classes.get(c.id) ?? {
        classId: c.id,
        className: c.name,
        compared: 0,
        swinging: 0,
        ranks: contexts.map(() => null),
        classCounts: contexts.map(() => 0),
        rankSpread: null,
      };
      row.className = c.name;
      row.ranks[e] = ranks.get(c.id) ?? null;
      row.classCounts[e] = ctx.report.analysis.classes.length;
      classes.set(c.id, row);
    }
  });
  for (const row of classes.values()) {
    const ranked = row.ranks.filter((r): r is number => r !== null);
    row.rankSpread = ranked.length >= 2 ? Math.max(...ranked) - Math.min(...ranked) : null;
  }
  const students: Fluctuation['students'] = [];
  for (const [studentId, row] of byId) {
    const figures = basis === 'rank' ? row.r : basis === 'score' ? row.rate : row.p;
    const sat = figures.filter((v): v is number => v !== null);
    if (sat.length < 2) continue;
    const cls = classes.get(row.classId);
    if (cls) cls.compared += 1;
    // a fall is negative: a percentile going down, a rank number going up
    const changes = sat
      .slice(1)
      .map((v, i) => round2(basis === 'rank' ? sat[i]! - v : v - sat[i]!));
    const swings = changes.filter((c) => Math.abs(c) >= swing).length;
    if (swings === 0) continue;
    if (cls) cls.swinging += 1;
    const largestChange = changes.reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a));
    students.push({
      ...studentHead(studentId, row),
      ranks: row.r,
      scores: row.s,
      scoreRates: row.rate,
      spread: round2(Math.max(...sat) - Math.min(...sat)),
      largestChange,
      swings,
    });
  }
  students.sort(
    (a, b) =>
      Math.abs(b.largestChange) - Math.abs(a.largestChange) ||
      b.spread - a.spread ||
      a.studentNo.localeCompare(b.studentNo),
  );
  return {
    ...answer,
    exams: contexts.map(({ exam }) => refOf(exam)),
    subjects,
    classes: [...classes.values()],
    students,
  };
}
