import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import type { Router } from '../core/router';

export interface AdministrationDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
}

/** Registers the /marking-user administration calls (spec 001 §7). */
export function registerAdministrationRoutes(_router: Router, _deps: AdministrationDeps): void {}
