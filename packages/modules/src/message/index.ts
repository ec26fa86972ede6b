import type { PageLoader } from '../routes/types';

/**
 * The message centre and the help centre (spec 001 §2 "Home and messages") by route name:
 * pass them to `createExamkitRoutes({ pages: { ...messagePages } })`. The header's unread count,
 * the parent guide and the error reporter are part of the shell's layout.
 * @see docs/messages.md
 */
export const messagePages: Readonly<Record<string, PageLoader>> = {
  'new-home-message': () => import('./MessageListPage').then((m) => m.MessageListPage),
  'new-home-message-detail': () => import('./MessageDetailPage').then((m) => m.MessageDetailPage),
  'new-home-help': () => import('./HelpPage').then((m) => m.HelpPage),
};
export { HELP_ARTICLES, searchHelp } from './help/articles';
export type { HelpArticle } from './help/articles';
