import type { DataOf, teachResearchRoutes, UsagePeriod } from '@examkit/contracts';
import type { Db } from '../core/database';
import type { Access } from '../core/scope';
import { rate } from '../homework/report/data';
import { basicOf } from '../homework/report/figures';
import { homeworkReports } from './researchHomework';

type Figures = DataOf<(typeof teachResearchRoutes)['datav']>['homeworkReports'];

/** The most homework reports the 数据大屏 reads for its period (the newest first). */
export const DATAV_HOMEWORK_MAX = 200;

interface Tally {
  assigned: number;
  expected: number;
  submitted: number;
  rates: number[];
}

const tally = (): Tally => ({ assigned: 0, expected: 0, submitted: 0, rates: [] });

const add = (
  t: Tally,
  x: { expected: number; submitted: number; scoreRate: number | null },
): void => {
  t.assigned += 1;
  t.expected += x.expected;
  t.submitted += x.submitted;
  if (x.scoreRate !== null) t.rates.push(x.scoreRate);
};

const figures = (t: Tally) => ({
  assigned: t.assigned,
  expected: t.expected,
  submitted: t.submitted,
  submitRate: rate(t.submitted, t.expected),
  scoreRate:
    t.rates.length === 0
      ? null
      : Math.round((t.rates.reduce((a, b) => a + b, 0) / t.rates.length) * 10_000) / 10_000,
});

/**
 * 数据大屏's homework figures: the 校本作业 first assigned in `period` whose reports the caller may
 * open (师生学情's rule, `homeworkReports`), each report's 基本情况 (`basicOf`, the report page's
 * own computation) summed per grade and per class: homework assigned, 提交率 (hand-ins over
 * students expected) and 平均得分率 (the mean of the reports' score rates). Grades in grade order,
 * classes as the reports list them.
 */
export async function datavHomework(db: Db, access: Access, period: UsagePeriod): Promise<Figures> {
  const reports = await homeworkReports(db, access, null, period, DATAV_HOMEWORK_MAX);
  const grades = new Map<
    number,
    { name: string; all: Tally; classes: Map<string, { name: string; t: Tally }> }
  >();
  for (const { d } of reports) {
    const basic = basicOf(d);
    const gradeId = d.homework.grade_id;
    const grade = grades.get(gradeId) ?? { name: d.gradeName, all: tally(), classes: new Map() };
    grades.set(gradeId, grade);
    add(grade.all, basic);
    for (const c of basic.classes) {
      const key = `${c.kind}:${c.id}`;
      const row = grade.classes.get(key) ?? { name: c.name, t: tally() };
      grade.classes.set(key, row);
      add(row.t, c);
    }
  }
  const order =
    grades.size === 0
      ? []
      : await db
          .selectFrom('grades')
          .select('id')
          .where('id', 'in', [...grades.keys()])
          .orderBy('grade_num')
          .orderBy('id')
          .execute();
  return order.flatMap(({ id }) => {
    const g = grades.get(id);
    if (!g) return [];
    return [
      {
        gradeName: g.name,
        ...figures(g.all),
        classes: [...g.classes.values()]
          .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN', { numeric: true }))
          .map((c) => ({ name: c.name, ...figures(c.t) })),
      },
    ];
  });
}
