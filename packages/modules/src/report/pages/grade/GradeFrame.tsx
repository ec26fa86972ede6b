import type { ReportSection, ReportSectionFrameProps } from '../../components/ReportSectionFrame';
import { ReportSectionFrame } from '../../components/ReportSectionFrame';

/** The tabs of 年级报告. */
export const GRADE_TABS = [
  { key: 'basic', label: '基本情况' },
  { key: 'comment', label: '试卷讲评' },
  { key: 'ability', label: '能力分析' },
  { key: 'rank', label: '排名分析' },
  { key: 'transcript', label: '成绩单' },
  { key: 'problemSet', label: '错题集' },
  { key: 'custom', label: '自定义报告' },
] as const;

/** A tab of 年级报告. */
export type GradeTab = (typeof GRADE_TABS)[number]['key'];

const GRADE_REPORT: ReportSection<GradeTab> = {
  title: '年级报告',
  tabs: GRADE_TABS,
  pathOf: (tab, examId) =>
    tab === 'custom'
      ? `/exam/single/report/grade/custom/${examId}/customGroup`
      : `/exam/single/report/grade/${tab}/${examId}`,
};

/** Props of a page of 年级报告. */
export type GradeFrameProps = Omit<ReportSectionFrameProps<GradeTab>, 'section'>;

/** A page of 年级报告: the whole grade, exports of the grade. */
export function GradeFrame(props: GradeFrameProps) {
  return <ReportSectionFrame section={GRADE_REPORT} {...props} />;
}
