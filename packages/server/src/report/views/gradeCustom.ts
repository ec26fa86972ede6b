import {
  aboveMeanRate,
  averageOf,
  DEFAULT_LEVEL_LINES,
  describe,
  levelRates,
} from '@examkit/analysis';
import { fromEngineId } from '../cache';
import { assertGrade } from './access';
import {
  allKeys,
  className,
  classGroup,
  columnFor,
  columnStats,
  fullMarksOf,
  meanRanks,
  subjectName,
  type D,
  type ReportContext,
  type Stats,
} from './context';
import { examHeader } from './shared';

/** Figures of a custom group of classes, from the cached columns through the engine's functions. */
function groupStats(ctx: ReportContext, key: number, classIds: Set<number>): Stats {
  const scores = columnFor(ctx, key, classIds);
  const full = fullMarksOf(ctx, key);
  const d = describe(scores);
  // the school's 均分 rules (均分设置), as the engine applies them to every other group
  const mean = averageOf(scores, ctx.report.snapshot.options.mean ?? {});
  // the school's level lines, as every other report (parameter page 等级设置)
  const levels = levelRates(scores, full, {
    ...DEFAULT_LEVEL_LINES,
    ...ctx.report.snapshot.options.levels,
  });
  const gradeMean = columnStats(ctx.report.analysis.grade, key).description.mean;
  return {
    fullMarks: full,
    count: d.count,
    absent: d.absent,
    mean,
    max: d.max,
    min: d.min,
    median: d.median,
    sd: d.sd,
    excellentRate: levels.excellentRate,
    goodRate: levels.goodRate,
    passRate: levels.passRate,
    lowRate: levels.lowRate,
    aboveMeanRate: aboveMeanRate(mean, gradeMean),
  };
}

/** 自定义报告·分组对比: any groups of classes, each with its figures per subject and the total. */
export function gradeCustomGroup(
  ctx: ReportContext,
  groups: { name: string; classIds: number[] }[],
): D<'gradeCustomGroup'> {
  assertGrade(ctx);
  for (const g of groups) for (const id of g.classIds) classGroup(ctx, id);
  return {
    exam: examHeader(ctx),
    groups: groups.map((g) => ({
      name: g.name,
      classIds: g.classIds,
      rows: allKeys(ctx).map((key) => ({
        subjectId: key,
        subjectName: subjectName(ctx, key),
        stats: groupStats(ctx, key, new Set(g.classIds)),
      })),
    })),
  };
}

/** 自定义报告·班级学科对比: class × subject means, 超均率, rates and places. */
export function gradeCustomContrast(ctx: ReportContext): D<'gradeCustomContrast'> {
  assertGrade(ctx);
  const keys = allKeys(ctx);
  const ranks = new Map(keys.map((k) => [k, meanRanks(ctx, k)]));
  return {
    exam: examHeader(ctx),
    classes: ctx.report.analysis.classes.map((c) => {
      const id = fromEngineId(c.id);
      return {
        classId: id,
        className: className(ctx, id),
        cells: keys.map((key) => {
          const s = columnStats(c, key);
          return {
            subjectId: key,
            mean: s.description.mean,
            aboveMeanRate: s.aboveMeanRate,
            passRate: s.levels.passRate,
            excellentRate: s.levels.excellentRate,
            meanRank: ranks.get(key)?.get(id) ?? null,
          };
        }),
      };
    }),
  };
}
