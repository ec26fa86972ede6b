import type { PageLoader } from '../../routes/types';

const classPages = () => import('./ClassErrorPages');
const similarPages = () => import('./SimilarRecomPages');

/**
 * Error questions and recommendations (issue #15) by route name: 学生错题, 易错题, 薄弱知识点,
 * 错题库 and the exam report's 相似题推荐. Spread into `resourcePages`.
 */
export const wrongPages: Readonly<Record<string, PageLoader>> = {
  'resource-student-wrong': () => import('./StudentWrongPage').then((m) => m.StudentWrongPage),
  'resource-student-wrong-detail': () =>
    import('./StudentWrongDetailPage').then((m) => m.StudentWrongDetailPage),
  'resource-composition': () => classPages().then((m) => m.CompositionPage),
  'resource-composition-commitError': () => classPages().then((m) => m.CommonErrorsPage),
  'resource-composition-weakKnowledgePoint': () => classPages().then((m) => m.WeakPointsPage),
  // 巩固提升 is the same class view of common errors and weak points (docs/teaching-views.md)
  'consolidate-commitError': () => classPages().then((m) => m.CommonErrorsPage),
  'consolidate-weakKnowledgePoint': () => classPages().then((m) => m.WeakPointsPage),
  'resource-generate-error-question-bank': () =>
    import('./ErrorBankPage').then((m) => m.ErrorBankPage),
  'exam-similar-recom-list': () => similarPages().then((m) => m.SimilarRecomListPage),
  'exam-similar-recom-editonline': () => similarPages().then((m) => m.SimilarRecomEditPage),
};
