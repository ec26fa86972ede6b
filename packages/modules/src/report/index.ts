import { lazy, type ComponentType } from 'react';
import type { PageLoader } from '../routes/types';
import { teachingPages } from '../teaching/pages';

const classPages = () => import('./pages/class');
const studentPages = () => import('./pages/student');
const gradePages = () => import('./pages/grade');
const overviewPages = () => import('./pages/overview');
const jointPages = () => import('./pages/joint/JointGradePages');
const jointMorePages = () => import('./pages/joint/JointMorePages');
const jointGate = () => import('./pages/joint/JointSnapshotGate');
/** A joint report page behind its snapshot's progress (docs/joint-exams.md#snapshots). */
const gated =
  <M>(chunk: () => Promise<M>, pick: (m: M) => ComponentType): PageLoader =>
  () =>
    Promise.all([chunk(), jointGate()]).then(([m, g]) => g.withJointSnapshot(pick(m)));

/**
 * The single-exam report pages (spec 001 §2) by route name of the catalogue, loaded on first
 * visit, one chunk per group (class, student transcript, grade, screen/quick review/print):
 * pass them to `createExamkitRoutes({ pages: { ...reportPages } })`.
 * @see docs/modules.md
 */
export const reportPages: Readonly<Record<string, PageLoader>> = {
  ...teachingPages,
  'exam-single-report-class-basic': () => classPages().then((m) => m.ClassBasicPage),
  'exam-single-report-class-comment': () => classPages().then((m) => m.ClassCommentPage),
  'exam-single-report-class-ability': () => classPages().then((m) => m.ClassAbilityPage),
  'exam-single-report-class-analysis': () => classPages().then((m) => m.ClassAnalysisPage),
  'exam-single-report-class-transcript': () => classPages().then((m) => m.ClassTranscriptPage),
  'exam-single-report-class-problemSet': () => classPages().then((m) => m.ClassProblemSetPage),
  'exam-single-report-class-custom': () => classPages().then((m) => m.ClassCustomPage),
  'exam-single-report-class-custom2': () => classPages().then((m) => m.ClassCustom2Page),
  'exam-single-report-class-student-basic': () =>
    studentPages().then((m) => m.StudentTranscriptBasicPage),
  'exam-single-report-class-student-mistakes': () =>
    studentPages().then((m) => m.StudentTranscriptMistakesPage),
  'transcript-mistakes-print': () => studentPages().then((m) => m.TranscriptMistakesPrintPage),
  'exam-single-report-grade-basic': () => gradePages().then((m) => m.GradeBasicPage),
  'exam-single-report-grade-comment': () => gradePages().then((m) => m.GradeCommentPage),
  'exam-single-report-grade-comment-edit': () => gradePages().then((m) => m.GradeCommentEditPage),
  'exam-single-report-grade-ability': () => gradePages().then((m) => m.GradeAbilityPage),
  'exam-single-report-grade-rank': () => gradePages().then((m) => m.GradeRankPage),
  'exam-single-report-grade-transcript': () => gradePages().then((m) => m.GradeTranscriptPage),
  'exam-single-report-grade-problemSet': () => gradePages().then((m) => m.GradeProblemSetPage),
  'exam-single-report-grade-customGroup': () => gradePages().then((m) => m.GradeCustomGroupPage),
  'exam-single-report-grade-customContrast': () =>
    gradePages().then((m) => m.GradeCustomContrastPage),
  'exam-single-report-grade-customKnowModel': () =>
    gradePages().then((m) => m.GradeCustomKnowModelPage),
  'exam-single-report-screen-basic': () => overviewPages().then((m) => m.ScreenBasicPage),
  'exam-single-report-screen-comment': () => overviewPages().then((m) => m.ScreenCommentPage),
  'exam-single-report-screen-ability': () => overviewPages().then((m) => m.ScreenAbilityPage),
  'exam-quick-review': () => overviewPages().then((m) => m.QuickReviewPage),
  'warning-report-print': () => overviewPages().then((m) => m.WarningReportPrintPage),
  'exam-multiple-report-grade-basic': gated(jointPages, (m) => m.JointGradeBasicPage),
  'exam-multiple-report-grade-rank': gated(jointPages, (m) => m.JointGradeRankPage),
  'exam-multiple-report-grade-transcript': gated(jointPages, (m) => m.JointGradeTranscriptPage),
  'exam-multiple-report-class-basic': gated(jointPages, (m) => m.JointSchoolBasicPage),
  'exam-multiple-report-grade-comment': gated(jointMorePages, (m) => m.JointGradeCommentPage),
  'exam-multiple-report-grade-ability': gated(jointMorePages, (m) => m.JointGradeAbilityPage),
  'exam-multiple-report-class-comment': gated(jointMorePages, (m) => m.JointClassCommentPage),
  'exam-multiple-report-class-ability': gated(jointMorePages, (m) => m.JointClassAbilityPage),
  'exam-multiple-report-class-transcript': gated(jointMorePages, (m) => m.JointClassTranscriptPage),
};

/**
 * The page components, each a `React.lazy` over the same chunk as `reportPages` (render them
 * inside a `Suspense` and a router; they read `:id`/`:examId` and the query string).
 */
const lazyPage = (load: PageLoader) => lazy(async () => ({ default: await load() }));

export const ClassBasicPage = lazyPage(reportPages['exam-single-report-class-basic']!);
export const ClassCommentPage = lazyPage(reportPages['exam-single-report-class-comment']!);
export const ClassAbilityPage = lazyPage(reportPages['exam-single-report-class-ability']!);
export const ClassAnalysisPage = lazyPage(reportPages['exam-single-report-class-analysis']!);
export const ClassTranscriptPage = lazyPage(reportPages['exam-single-report-class-transcript']!);
export const ClassProblemSetPage = lazyPage(reportPages['exam-single-report-class-problemSet']!);
export const ClassCustomPage = lazyPage(reportPages['exam-single-report-class-custom']!);
export const ClassCustom2Page = lazyPage(reportPages['exam-single-report-class-custom2']!);
export const StudentTranscriptBasicPage = lazyPage(
  reportPages['exam-single-report-class-student-basic']!,
);
export const StudentTranscriptMistakesPage = lazyPage(
  reportPages['exam-single-report-class-student-mistakes']!,
);
export const TranscriptMistakesPrintPage = lazyPage(reportPages['transcript-mistakes-print']!);
export const GradeBasicPage = lazyPage(reportPages['exam-single-report-grade-basic']!);
export const GradeCommentPage = lazyPage(reportPages['exam-single-report-grade-comment']!);
export const GradeCommentEditPage = lazyPage(reportPages['exam-single-report-grade-comment-edit']!);
export const GradeAbilityPage = lazyPage(reportPages['exam-single-report-grade-ability']!);
export const GradeRankPage = lazyPage(reportPages['exam-single-report-grade-rank']!);
export const GradeTranscriptPage = lazyPage(reportPages['exam-single-report-grade-transcript']!);
export const GradeProblemSetPage = lazyPage(reportPages['exam-single-report-grade-problemSet']!);
export const GradeCustomGroupPage = lazyPage(reportPages['exam-single-report-grade-customGroup']!);
export const GradeCustomContrastPage = lazyPage(
  reportPages['exam-single-report-grade-customContrast']!,
);
export const GradeCustomKnowModelPage = lazyPage(
  reportPages['exam-single-report-grade-customKnowModel']!,
);
export const ScreenBasicPage = lazyPage(reportPages['exam-single-report-screen-basic']!);
export const ScreenCommentPage = lazyPage(reportPages['exam-single-report-screen-comment']!);
export const ScreenAbilityPage = lazyPage(reportPages['exam-single-report-screen-ability']!);
export const QuickReviewPage = lazyPage(reportPages['exam-quick-review']!);
export const WarningReportPrintPage = lazyPage(reportPages['warning-report-print']!);

export { Chart } from './components/Chart';
export type { ChartProps, ChartKind } from './components/Chart';
export { saveBase64File } from './utils/saveBase64File';
export type { Base64File } from './utils/saveBase64File';
