import type { Clock } from './clock';
import type { Db } from './database';
import type { FileStore } from './files';

/** What a domain's routes are given: the database, the clock and the file store. */
export interface DomainDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
}
