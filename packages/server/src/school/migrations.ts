import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

/**
 * Migrations of the school domain, named `0002_administration`, `0002a_…` and so on so that
 * they run after the domains they build on. Written in code so the built package needs no files.
 */
export function administrationMigrations(_dialect: Dialect): Record<string, Migration> {
  return {};
}
