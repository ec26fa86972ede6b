import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import type { Router } from '../core/router';

export interface ScanRoutesDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
}

/** Registers the scan domain's calls. */
export function registerScanRoutes(_router: Router, _deps: ScanRoutesDeps): void {}
