import type { DomainDeps } from '../core/deps';
import type { Router } from '../core/router';
import { registerClassRoutes } from './classRoutes';
import { registerHomeworkSettingsRoutes } from './homeworkSettings';
import { registerRoleRoutes } from './roleRoutes';
import { registerSettingsRoutes } from './settingsRoutes';

/**
 * Registers the school half of the /marking-user administration calls (dictionary and
 * settings, classes, roles, homework settings; spec 001 §7, docs/administration.md).
 * Teachers and students are the `user/` domain's own routes.
 */
export function registerAdministrationRoutes(router: Router, deps: DomainDeps): void {
  registerSettingsRoutes(router, deps);
  registerClassRoutes(router, deps);
  registerRoleRoutes(router, deps);
  registerHomeworkSettingsRoutes(router, deps);
}
