import type { PageLoader } from '../routes/types';

/**
 * Resources (spec 001 §2 "Resources"): the question bank, papers, the basket and 组卷, Word in and
 * out, error questions, by route name: pass them to `createExamkitRoutes({ pages: { ...resourcePages } })`.
 * @see docs/resources.md
 */
export const resourcePages: Readonly<Record<string, PageLoader>> = {
  'resource-generate-topic': () => import('./bank/QuestionBankPage').then((m) => m.TopicPage),
  'resource-generate-cloud-question-bank': () =>
    import('./bank/QuestionBankPage').then((m) => m.CloudBankPage),
  'resource-knowledge-edit': () =>
    import('./knowledge/KnowledgeEditPage').then((m) => m.KnowledgeEditPage),
};
export { QuestionView, optionLetter } from './components/QuestionView';
export { RichText } from './components/RichText';
export { Formula } from './components/Formula';
export { parseRichText, parseRichLine, hasMath, type RichSegment } from './components/parseRich';
