import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import type { Router } from '../core/router';

export interface ExamRoutesDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
}

/** Registers the exam domain's calls. */
export function registerExamRoutes(_router: Router, _deps: ExamRoutesDeps): void {}
