/**
 * Tables of the report domain (cached analysis results per exam, published
 * reports), merged into the database type `DB`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the domain's migrations add tables
export interface ReportTables {}
