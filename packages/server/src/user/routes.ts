import type { DomainDeps } from '../core/deps';
import { AttemptLimiter } from '../core/rateLimit';
import type { Router } from '../core/router';
import { registerStudentRoutes } from './studentRoutes';
import { registerTeacherRoutes } from './teacherRoutes';

/** Exports a user may start per minute (teacher and student lists together). */
export const EXPORTS_PER_MINUTE = 5;

/** Registers the teacher and student calls of /marking-user (docs/administration.md). */
export function registerUserRoutes(router: Router, deps: DomainDeps): void {
  const exportLimiter = new AttemptLimiter(deps.clock, EXPORTS_PER_MINUTE, 60_000);
  registerTeacherRoutes(router, deps, exportLimiter);
  registerStudentRoutes(router, deps, exportLimiter);
}
