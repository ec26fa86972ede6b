import type { PageLoader } from '../routes/types';
import { wrongPages } from './wrong/pages';

/**
 * Resources (spec 001 §2 "Resources"): the question bank, papers, the basket and 组卷, Word in and
 * out, error questions, by route name: pass them to `createExamkitRoutes({ pages: { ...resourcePages } })`.
 * @see docs/resources.md
 */
export const resourcePages: Readonly<Record<string, PageLoader>> = {
  ...wrongPages,
  'resource-process': () => import('./process/ProcessPage').then((m) => m.ProcessPage),
  'resource-process-detail': () =>
    import('./process/ProcessDetailPage').then((m) => m.ProcessDetailPage),
  'resource-basket': () => import('./basket/BasketPage').then((m) => m.BasketPage),
  'resource-basket-confirm': () => import('./paper/GroupPaperPage').then((m) => m.GroupPaperPage),
  'resource-group-paper': () => import('./paper/GroupPaperPage').then((m) => m.GroupPaperPage),
  'resource-paper-school': () => import('./paper/PaperListPage').then((m) => m.SchoolPaperListPage),
  'resource-paper-cloud': () => import('./paper/PaperListPage').then((m) => m.CloudPaperListPage),
  'resource-group': () => import('./paper/PaperListPage').then((m) => m.GroupResourcePage),
  'resource-generate-assistants': () =>
    import('./assistant/AssistantPage').then((m) => m.AssistantPage),
  'resource-generate-assistants-detail': () =>
    import('./assistant/AssistantDetailPage').then((m) => m.AssistantDetailPage),
  'resource-paper-school-detail': () =>
    import('./paper/PaperDetailPage').then((m) => m.PaperDetailPage),
  'resource-paper-cloudPreiew': () =>
    import('./paper/PaperDetailPage').then((m) => m.PaperDetailPage),
  'resource-generate-topic': () => import('./bank/QuestionBankPage').then((m) => m.TopicPage),
  'resource-generate-cloud-question-bank': () =>
    import('./bank/QuestionBankPage').then((m) => m.CloudBankPage),
  'resource-school-analysis': () =>
    import('./analysis/SchoolAnalysisPage').then((m) => m.SchoolAnalysisPage),
  'resource-knowledge-edit': () =>
    import('./knowledge/KnowledgeEditPage').then((m) => m.KnowledgeEditPage),
};
export { QuestionView, optionLetter, usageText } from './components/QuestionView';
export { RichText } from './components/RichText';
export { Formula } from './components/Formula';
export { parseRichText, parseRichLine, hasMath, type RichSegment } from './components/parseRich';
