import { lazy, type ComponentType } from 'react';
import type { PageLoader } from '../routes/types';

/**
 * The scan module's pages by route name of the catalogue (/exam/single/up_charm, the 答题卡上传
 * hub, and /exam/single/scanpaper/{examSubjectId}),
 * each loaded on first visit: pass them to `createExamkitRoutes({ pages: { ...scanPages } })`.
 * @see docs/modules.md
 * @see docs/scanning.md
 */
export const scanPages: Readonly<Record<string, PageLoader>> = {
  'exam-single-up-charm': () => import('./pages/ScanHubPage').then((m) => m.ScanHubPage),
  'exam-single-scanpaper': () => import('./pages/ScanPaperPage').then((m) => m.ScanPaperPage),
};

const lazyPage = (load: PageLoader) =>
  lazy(async (): Promise<{ default: ComponentType }> => ({ default: await load() }));

/** The scan page as a `React.lazy` component. */
export const ScanPaperPage = lazyPage(scanPages['exam-single-scanpaper']!);

/** The 答题卡上传 hub as a `React.lazy` component. */
export const ScanHubPage = lazyPage(scanPages['exam-single-up-charm']!);
