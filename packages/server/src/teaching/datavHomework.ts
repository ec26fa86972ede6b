import type { DataOf, teachResearchRoutes, UsagePeriod } from '@examkit/contracts';
import type { Db } from '../core/database';
import { accessWith, type Access } from '../core/scope';
import {
  compositionBasic,
  compositionHandIns,
  compositionRowOf,
  compositionScoreRate,
  type HandIns,
} from '../homework/composition/report';
import { rate } from '../homework/report/data';
import { basicOf } from '../homework/report/figures';
import { assignedNewest, homeworkReports } from './researchHomework';

type Figures = DataOf<(typeof teachResearchRoutes)['datav']>['homeworkReports'];

/** The most homework reports (and, apart, 作文 reports) the 数据大屏 reads (the newest first). */
export const DATAV_HOMEWORK_MAX = 200;

interface Tally {
  assigned: number;
  expected: number;
  submitted: number;
  rates: number[];
}

/** One report's 基本情况 figures, of all the caller's students and of each class of them. */
interface ReportFigures {
  gradeId: number;
  gradeName: string;
  all: Counted;
  classes: (Counted & { key: string; name: string })[];
}
interface Counted {
  expected: number;
  submitted: number;
  scoreRate: number | null;
}

const tally = (): Tally => ({ assigned: 0, expected: 0, submitted: 0, rates: [] });

const add = (t: Tally, x: Counted): void => {
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

/** The caller as the 数据大屏 reads homework: under its own key (the route checked it). */
const screenReader = (access: Access) => accessWith(access, 'Homework-SchoolBase');

/**
 * 数据大屏's homework figures: the 校本作业 first assigned in `period` of the caller's data scope
 * (师生学情's rule, `homeworkReports`: the homework they see, over the students they correct),
 * read under the 数据大屏's own key, which the route has checked — a 校长 without 校本作业 sees the
 * school's, as the screen's 近30天布置作业 count. Each report's 基本情况 (`basicOf`, the report
 * page's own computation) is summed per grade and per class: homework assigned, 提交率 (hand-ins
 * over students expected) and 平均得分率 (the mean of the reports' score rates). Grades in grade
 * order, classes by name.
 */
export async function datavHomework(db: Db, access: Access, period: UsagePeriod): Promise<Figures> {
  const reports = await homeworkReports(db, screenReader(access), null, period, DATAV_HOMEWORK_MAX);
  return byGrade(
    db,
    reports.map(({ d }) => {
      const basic = basicOf(d);
      return {
        gradeId: d.homework.grade_id,
        gradeName: d.gradeName,
        all: basic,
        classes: basic.classes.map((c) => ({ ...c, key: `${c.kind}:${c.id}` })),
      };
    }),
  );
}

/**
 * 数据大屏's 作文 figures, as {@link datavHomework}'s: the 作文 first assigned in `period` of the
 * caller's scope, each composition report's 基本情况 (`compositionBasic`, the report page's own
 * computation) over the caller's students and over each class's of them (a student's own class);
 * its 平均得分率 the report's 平均分 over its full marks (`compositionScoreRate`, as 助手报告's).
 */
export async function datavCompositions(
  db: Db,
  access: Access,
  period: UsagePeriod,
): Promise<Figures> {
  const reader = screenReader(access);
  const listed = await assignedNewest(db, reader, { gradeId: null, composition: true }, period);
  const grades = new Map(
    (
      await db
        .selectFrom('grades')
        .select(['id', 'name'])
        .where('school_id', '=', access.session.schoolId)
        .execute()
    ).map((g) => [g.id, g.name]),
  );
  const out: ReportFigures[] = [];
  for (const { row } of listed) {
    if (out.length === DATAV_HOMEWORK_MAX) break;
    const [composition, rows] = await Promise.all([
      compositionRowOf(db, row),
      compositionHandIns(db, reader, row),
    ]);
    // none of its students is the caller's: not shown
    if (rows.length === 0) continue;
    const of = (some: HandIns): Counted => {
      const basic = compositionBasic(row, composition, some);
      return {
        expected: basic.expected,
        submitted: basic.submitted,
        scoreRate: compositionScoreRate(basic),
      };
    };
    const byClass = new Map<number, HandIns>();
    for (const x of rows)
      byClass.set(x.student.classId, [...(byClass.get(x.student.classId) ?? []), x]);
    out.push({
      gradeId: row.grade_id,
      gradeName: grades.get(row.grade_id) ?? '',
      all: of(rows),
      classes: [...byClass].map(([id, some]) => ({
        key: `class:${id}`,
        name: some[0]!.student.className,
        ...of(some),
      })),
    });
  }
  return byGrade(db, out);
}

/** Reports' figures summed per grade (in grade order) and per class (by name). */
async function byGrade(db: Db, reports: readonly ReportFigures[]): Promise<Figures> {
  const grades = new Map<
    number,
    { name: string; all: Tally; classes: Map<string, { name: string; t: Tally }> }
  >();
  for (const r of reports) {
    const grade = grades.get(r.gradeId) ?? { name: r.gradeName, all: tally(), classes: new Map() };
    grades.set(r.gradeId, grade);
    add(grade.all, r.all);
    for (const c of r.classes) {
      const row = grade.classes.get(c.key) ?? { name: c.name, t: tally() };
      grade.classes.set(c.key, row);
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
