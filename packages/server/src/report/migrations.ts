import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

/**
 * Migrations of the report domain, named `0006_reports`, `0006a_…` and so on so
 * that they run after the exam and marking tables they read.
 */
export function reportMigrations(_dialect: Dialect): Record<string, Migration> {
  return {};
}
