import { classReportRoutes } from './class';
import { commentRoutes } from './comments';
import { exportRoutes } from './exports';
import { gradeReportRoutes } from './grade';
import { gradeCustomRoutes } from './gradeCustom';
import { overviewReportRoutes } from './overview';
import { qualityRoutes } from './quality';
import { recomputeRoutes } from './recompute';
import { studentReportRoutes } from './student';
import { teacherReportRoutes } from './teacher';
import { warningReportRoutes } from './warning';

export {
  ReportExam,
  ReportStats,
  StudentScoreRef,
  CriticalGroup,
  QuestionGroupStats,
  OptionRow,
  ReportComment,
  QuestionHead,
  StudentSubjectScore,
  PreviousExam,
  TranscriptRow,
} from './common';
export { ReportPage } from './exports';

/**
 * The report calls: single-exam class and grade report pages (spec 001 §2), the
 * /marking-report/teacher calls and report quality (§7), refresh_report, exports.
 * Permission keys and figures: docs/reports.md.
 */
export const reportRoutes = {
  ...classReportRoutes,
  ...studentReportRoutes,
  ...gradeReportRoutes,
  ...commentRoutes,
  ...gradeCustomRoutes,
  ...overviewReportRoutes,
  ...warningReportRoutes,
  ...exportRoutes,
  ...teacherReportRoutes,
  ...qualityRoutes,
  ...recomputeRoutes,
};
