import type { PageLoader } from '../routes/types';

const appraise = () => import('./AppraisePages');

/**
 * 综合评价 (/appraise/record, /appraise/student, its print page) by route name of the catalogue, lazy like every
 * page. Spread into `reportPages` with the other teaching views.
 * @see docs/appraise.md
 */
export const appraisePages: Readonly<Record<string, PageLoader>> = {
  'appraise-record': () => appraise().then((m) => m.AppraiseRecordPage),
  'appraise-student': () => appraise().then((m) => m.AppraiseStudentPage),
  'appraise-student-print': () => appraise().then((m) => m.AppraiseStudentPrintPage),
};
