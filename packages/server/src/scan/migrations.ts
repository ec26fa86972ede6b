import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

/**
 * Migrations of the scan domain, named `0005_scanning`, `0005a_…` and so on so that
 * they run after the domains they build on. Written in code so the built package needs no files.
 */
export function scanMigrations(_dialect: Dialect): Record<string, Migration> {
  return {};
}
