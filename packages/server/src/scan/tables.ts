/**
 * Tables of the scan domain (scan batches, recognition results, exceptions), merged into the database type `DB`.
 * Each table's row interface sits beside its key here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the domain's migrations add tables
export interface ScanTables {}
