/** The online marking calls (/marking-main/exam and the marking screen); each entry is a {@link RouteContract} made with `route()`. */
export const markingRoutes = {};
