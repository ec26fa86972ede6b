import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import { AttemptLimiter } from '../core/rateLimit';
import type { Router } from '../core/router';
import { registerStudentRoutes } from '../user/studentRoutes';
import { registerTeacherRoutes } from '../user/teacherRoutes';
import { registerClassRoutes } from './classRoutes';
import { registerHomeworkSettingsRoutes } from './homeworkSettings';
import { registerRoleRoutes } from './roleRoutes';
import { registerSettingsRoutes } from './settingsRoutes';

export interface AdministrationDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
}

/** Exports a user may start per minute. */
export const EXPORTS_PER_MINUTE = 5;

/** Registers the /marking-user administration calls (spec 001 §7; docs/administration.md). */
export function registerAdministrationRoutes(router: Router, deps: AdministrationDeps): void {
  const exportLimiter = new AttemptLimiter(deps.clock, EXPORTS_PER_MINUTE, 60_000);
  registerSettingsRoutes(router, deps);
  registerClassRoutes(router, deps);
  registerRoleRoutes(router, deps);
  registerTeacherRoutes(router, deps, exportLimiter);
  registerStudentRoutes(router, deps, exportLimiter);
  registerHomeworkSettingsRoutes(router, deps);
}
