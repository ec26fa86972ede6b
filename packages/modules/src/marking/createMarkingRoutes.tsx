import type { RouteObject } from 'react-router-dom';
import { createModuleRoutes, type ModuleRoutesOptions } from '../routes/createModuleRoutes';
import { markingPages } from './markingPages';

export interface MarkingRoutesOptions extends ModuleRoutesOptions {
  /** Where `/` and unknown paths go. @default '/exam/marking' */
  home?: string;
}

/**
 * The online marking module as its own React Router 7 route tree, for a host that mounts
 * marking alone (a partner portal, after its own sign-in): every `exam-marking-*` route of the
 * catalogue at its usual path, behind Exam-Wuhen, pages loaded lazily. It needs the
 * `ExamkitProvider` of `@examkit/core/react` above the router and a signed-in user.
 *
 * @example
 * const router = createBrowserRouter(createMarkingRoutes({ layout: PortalLayout }));
 */
export function createMarkingRoutes(options: MarkingRoutesOptions = {}): RouteObject[] {
  return createModuleRoutes('marking', { pages: markingPages, home: '/exam/marking' }, options);
}
