import { Type, type Static } from 'typebox';
import { Obj, post, titled as t } from './builders';

const R = '/marking-report/teach-research';
const Int = Type.Integer();
const Str = Type.String();
const Day = (title: string) => t(title, Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }));

/** A period of China dates, both days included (at most 366 days). */
export const UsagePeriod = Obj({ dateFrom: Day('开始日期'), dateTo: Day('结束日期') });
export type UsagePeriod = Static<typeof UsagePeriod>;

/** One teacher's use of the platform over a period. */
export const UsageRow = Obj({
  userId: Int,
  name: Str,
  /** Marks given in marking (first marks, 回评, arbitration, leader re-marks). */
  marks: Int,
  /** Homework made (校本作业 and 作文, by their creation day). */
  homeworkMade: Int,
  /** Homework answers this teacher scored (corrected questions). */
  homeworkCorrected: Int,
  /** Papers saved from the bank (组卷, 复制到校本). */
  papersMade: Int,
  /** Questions put in the 试题篮 in the period and still there. */
  basketAdded: Int,
});
export type UsageRow = Static<typeof UsageRow>;

/** One teacher's 试题篮 and assembled papers in one subject. */
export const BasketRow = Obj({
  userId: Int,
  name: Str,
  subjectCode: Str,
  subjectName: Str,
  /** Questions in the basket now. */
  inBasket: Int,
  /** Papers saved in the period. */
  papers: Int,
  /** Of those, papers turned into an exam (生成考试). */
  papersToExam: Int,
});
export type BasketRow = Static<typeof BasketRow>;

/**
 * 教研中心's 使用统计 (/teach-research/usage-statistics) and 试题篮统计 (/teach-research/basket):
 * per teacher, how much they use marking, homework and the bank over a period, from the stored
 * marks, hand-ins, papers and basket (docs/teaching-views.md).
 */
export const teachResearchUsageRoutes = {
  usageStatistics: post(
    `${R}/usage-statistics`,
    'per teacher of the school, marks given, homework made and corrected, papers made and basket picks over a period',
    UsagePeriod,
    Obj({ rows: Type.Array(UsageRow) }),
  ),
  basketStatistics: post(
    `${R}/basket`,
    'per teacher and subject, questions in the 试题篮 now and papers assembled over a period',
    UsagePeriod,
    Obj({ rows: Type.Array(BasketRow) }),
  ),
};
