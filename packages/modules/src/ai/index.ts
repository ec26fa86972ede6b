import type { PageLoader } from '../routes/types';

const page = () => import('./AiCenterPage').then((m) => m.AiCenterPage);

/**
 * The AI centre pages (spec 001 §2: /ai-center home and index) by route name: pass them to
 * `createExamkitRoutes({ pages: { ...aiPages }, overlay: <AssistantLauncher /> })`.
 * @see docs/ai.md
 */
export const aiPages: Readonly<Record<string, PageLoader>> = {
  'ai-center-home': page,
  'ai-center-index': page,
};
export { AssistantLauncher } from './AssistantLauncher';
export { useChatTransport } from './useChatTransport';
