import type { DomainDeps } from '../../core/deps';
import type { Router } from '../../core/router';
import { registerWorkbookBatchRoutes } from './batchRoutes';
import { registerWorkbookChapterRoutes } from './chapterRoutes';

/** Registers 教辅 (docs/homework.md "教辅"): its batches' routes and its chapters' routes. */
export function registerHomeworkWorkbookRoutes(router: Router, deps: DomainDeps): void {
  registerWorkbookBatchRoutes(router, deps);
  registerWorkbookChapterRoutes(router, deps);
}
