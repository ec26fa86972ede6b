import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

/**
 * Migrations of the exam domain, named `0003_exams`, `0003a_…` and so on so that
 * they run after the domains they build on. Written in code so the built package needs no files.
 */
export function examMigrations(_dialect: Dialect): Record<string, Migration> {
  return {};
}
