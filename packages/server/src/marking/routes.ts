import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import type { Router } from '../core/router';

export interface MarkingRoutesDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
}

/** Registers the marking domain's calls. */
export function registerMarkingRoutes(_router: Router, _deps: MarkingRoutesDeps): void {}
