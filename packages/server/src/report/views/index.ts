/**
 * The report pages cut from an exam's cached report for one caller: one module per area
 * (class, student, grade, custom grade reports, summaries, warnings, paper quality, teacher
 * calls), the access rules they share, and the shared pieces of every page.
 */
export type { ReportContext } from './context';
export { TOTAL_NAME } from './context';
export {
  assertClass,
  assertGrade,
  assertSubject,
  fullClass,
  gradeScope,
  visibleSubjects,
} from './access';
export { examHeader, statsRow } from './shared';
export {
  IMBALANCE_SHARE,
  classAbility,
  classAnalysis,
  classBasic,
  classComment,
  classCustom,
  classCustom2,
  classProblemSet,
  classTranscript,
} from './class';
export { studentTranscript } from './student';
export {
  WEAK_TAG_RATE,
  gradeAbility,
  gradeBasic,
  gradeComment,
  gradeProblemSet,
  gradeRank,
  gradeSegments,
  gradeTranscript,
} from './grade';
export { gradeCustomContrast, gradeCustomGroup } from './gradeCustom';
export { quickReview, screen } from './overview';
export { warningReport } from './warning';
export { quality } from './quality';
export { classExamRow, classOverview, teachExamInfo } from './teacher';
