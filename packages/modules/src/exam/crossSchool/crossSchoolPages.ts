import type { PageLoader } from '../../routes/types';

/** The cross-school exam pages by route name, loaded lazily (docs/cross-school-exams.md). */
export const crossSchoolPages: Readonly<Record<string, PageLoader>> = {
  'exam-cross-school': () => import('./CrossSchoolPage').then((m) => m.CrossSchoolPage),
  'exam-cross-school-join': () => import('./CrossJoinPage').then((m) => m.CrossJoinPage),
};
