import type { RouteObject } from 'react-router-dom';
import { createModuleRoutes, type ModuleRoutesOptions } from '../routes/createModuleRoutes';
import { homeworkPages } from './homeworkPages';

export interface HomeworkRoutesOptions extends ModuleRoutesOptions {
  /** Where `/`, unknown paths and homework routes not built yet go. @default '/homework/school-base' */
  home?: string;
}

/**
 * The homework module as its own React Router 7 route tree, for a host that mounts homework
 * alone (a partner portal, after its own sign-in): every `/homework/*` route of the catalogue at
 * its usual path, behind its permission key (Homework-SchoolBase …), pages loaded lazily. It
 * needs the `ExamkitProvider` of `@examkit/core/react` above the router and a signed-in user.
 *
 * @example
 * const router = createBrowserRouter(createHomeworkRoutes({ layout: PortalLayout }));
 */
export function createHomeworkRoutes(options: HomeworkRoutesOptions = {}): RouteObject[] {
  return createModuleRoutes(
    'homework',
    { pages: homeworkPages, home: '/homework/school-base' },
    options,
  );
}
