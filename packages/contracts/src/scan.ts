/** The scan upload, recognition and exception-queue calls; each entry is a {@link RouteContract} made with `route()`. */
export const scanRoutes = {};
