import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import type { Router } from '../core/router';

export interface ReportDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
}

/** Registers the report domain's calls (/marking-report and the report pages' data). */
export function registerReportRoutes(_router: Router, _deps: ReportDeps): void {}
