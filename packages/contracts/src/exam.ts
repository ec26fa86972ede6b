/** The exam, paper structure, answer-key, score-import and answer-sheet calls; each entry is a {@link RouteContract} made with `route()`. */
export const examRoutes = {};
