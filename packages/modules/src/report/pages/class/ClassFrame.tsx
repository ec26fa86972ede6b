import type { ReportSection, ReportSectionFrameProps } from '../../components/ReportSectionFrame';
import { ReportSectionFrame } from '../../components/ReportSectionFrame';

/** The tabs of 班级报告. */
export const CLASS_TABS = [
  { key: 'basic', label: '基本情况' },
  { key: 'comment', label: '试卷讲评' },
  { key: 'ability', label: '能力分析' },
  { key: 'analysis', label: '学情分析' },
  { key: 'transcript', label: '成绩单' },
  { key: 'problemSet', label: '错题集' },
  { key: 'custom', label: '自定义报告' },
  { key: 'custom2', label: '自定义报告二' },
] as const;

type ClassTab = (typeof CLASS_TABS)[number]['key'];

const CLASS_REPORT: ReportSection<ClassTab> = {
  title: '班级报告',
  tabs: CLASS_TABS,
  pathOf: (tab, examId) => `/exam/single/report/class/${tab}/${examId}`,
  perClass: true,
};

/** A page of 班级报告: one class at a time, exports of that class. */
export function ClassFrame(props: Omit<ReportSectionFrameProps<ClassTab>, 'section'>) {
  return <ReportSectionFrame section={CLASS_REPORT} {...props} />;
}
