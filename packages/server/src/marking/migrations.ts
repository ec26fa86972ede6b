import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

/**
 * Migrations of the marking domain, named `0004_marking`, `0004a_…` and so on so that
 * they run after the domains they build on. Written in code so the built package needs no files.
 */
export function markingMigrations(_dialect: Dialect): Record<string, Migration> {
  return {};
}
