import { appraisePages } from '../appraise/pages';
import type { PageLoader } from '../routes/types';

const centre = () => import('./ReportCentrePages');
const study = () => import('./StudyPages');
const research = () => import('./ResearchPages');

/**
 * The teaching views (issue #19) by route name of the catalogue: the report centre
 * (/report/index/*), 学情 (/study/student, /study/class) and 教研中心's 学情概况
 * (/teach-research/situation/grade, class), 师生学情 (/teach-research/study/*), 波动趋势
 * (/teach-research/fluctuation-trend) and 数据大屏
 * (/teach-research/datav). Spread into `reportPages`.
 * @see docs/teaching-views.md
 */
export const teachingPages: Readonly<Record<string, PageLoader>> = {
  report: () => centre().then((m) => m.ExamReportsPage),
  'report-exam': () => centre().then((m) => m.ExamReportsPage),
  'report-school': () => centre().then((m) => m.SchoolReportsPage),
  'report-assistant': () => centre().then((m) => m.AssistantReportsPage),
  'report-assistant-topicList': () => centre().then((m) => m.AssistantTopicListPage),
  'report-teach': () => centre().then((m) => m.TeachReportsPage),
  'report-exam-topicList': () => centre().then((m) => m.TopicListPage),
  'report-school-topicList': () => centre().then((m) => m.TopicListPage),
  DataStudent: () => study().then((m) => m.StudentStudyPage),
  DataClass: () => study().then((m) => m.ClassStudyPage),
  // 学情概况 of 教研中心: the grade's classes side by side; one class is 班级学情's record
  'teach-research-situation-grade': () =>
    import('./SituationPages').then((m) => m.GradeSituationPage),
  'teach-research-situation-class': () => study().then((m) => m.ClassStudyPage),
  // 师生学情: who needs attention, teachers compared; a student's detail is 学生学情's record
  'teach-research-study-student': () => research().then((m) => m.StudentAttentionPage),
  'teach-research-study-student-detail': () => study().then((m) => m.StudentStudyPage),
  'teach-research-study-student-wrong': () => research().then((m) => m.StudentWrongPage),
  'teach-research-study-teacher': () => research().then((m) => m.TeacherStudyPage),
  'teach-research-study-teacher-detail': () => research().then((m) => m.TeacherDetailPage),
  'teach-research-fluctuation-trend': () => research().then((m) => m.FluctuationPage),
  'study-datav': () => import('./DatavPage').then((m) => m.DatavPage),
  // 使用统计 and 试题篮统计: counts per teacher over a period
  'teach-research-usage-statistics': () =>
    import('./UsagePages').then((m) => m.UsageStatisticsPage),
  'teach-research-basket': () => import('./UsagePages').then((m) => m.BasketStatisticsPage),
  // 综合评价 (docs/appraise.md), reached from 学生学情
  ...appraisePages,
};
