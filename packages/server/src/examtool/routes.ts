import type { DomainDeps } from '../core/deps';
import type { Router } from '../core/router';
import { registerAssignRoutes } from './assignRoutes';
import { registerSheetRoutes } from './sheetRoutes';
import { registerTaskRoutes } from './taskRoutes';

/** Registers the exam tool's calls: score sheets, entry tasks and 分班 (docs/exam-tool.md). */
export function registerExamToolRoutes(
  router: Router,
  deps: Pick<DomainDeps, 'db' | 'clock'>,
): void {
  registerSheetRoutes(router, deps);
  registerTaskRoutes(router, deps);
  registerAssignRoutes(router, deps);
}
