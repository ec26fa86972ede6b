/** The school administration calls under /marking-user (spec 001 §7); each entry is a {@link RouteContract} made with `route()`. */
export const administrationRoutes = {};
