import type { PageLoader } from '../../routes/types';

const list = () => import('./AnalyticListPage');
const form = () => import('./AnalyticFormPage');
const report = () => import('./AnalyticReportPage');

/** The analytic centre's pages by route name, loaded lazily (docs/analytic-centre.md). */
export const analyticPages: Readonly<Record<string, PageLoader>> = {
  'exam-analytic-center': () => list().then((m) => m.AnalyticListPage),
  'exam-analytic-center-create': () => form().then((m) => m.AnalyticFormPage),
  'exam-analytic-center-edit': () => form().then((m) => m.AnalyticFormPage),
  'exam-analytic-single-report-grade': () => report().then((m) => m.AnalyticGradeReportPage),
  'exam-analytic-single-report-class': () => report().then((m) => m.AnalyticClassReportPage),
  'exam-analytic-multiple-report-grade': () => report().then((m) => m.AnalyticGradeReportPage),
  'exam-analytic-multiple-report-class': () => report().then((m) => m.AnalyticClassReportPage),
};
