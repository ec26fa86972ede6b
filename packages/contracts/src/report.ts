/** The report calls (/marking-report and the report pages' data); each entry is a {@link RouteContract}. */
export const reportRoutes = {};
