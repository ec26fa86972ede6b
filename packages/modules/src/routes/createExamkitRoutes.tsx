import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { DENIED_MESSAGE, DENIED_TITLE, RequirePermission } from '@examkit/permission';
import { parentPaths } from '../catalogue/parentPaths';
import { routeCatalogue } from '../catalogue/routeCatalogue';
import type { RouteEntry } from '../catalogue/types';
import { ParentEntryPage } from './ParentEntryPage';
import { RedirectTo } from './RedirectTo';
import { ScrollToTop } from './ScrollToTop';
import { SystemEntryPage } from './SystemEntryPage';
import type { ExamkitRoutesOptions, PageLoader } from './types';

/** Shell pages of this package, loaded on first visit. */
const SHELL_PAGES: Record<string, PageLoader> = {
  login: () => import('../shell/LoginPage').then((m) => m.LoginPage),
  oauth: () => import('../shell/OauthPage').then((m) => m.OauthPage),
  home: () => import('../shell/HomePage').then((m) => m.HomePage),
};

const loadNotFound: PageLoader = () => import('../shell/NotFoundPage').then((m) => m.NotFoundPage);

const lazyElement =
  (load: PageLoader, wrap: (page: ReactNode) => ReactNode = (page) => page) =>
  async () => {
    const Page: ComponentType = await load();
    return { element: wrap(<Page />) };
  };

/** Shown in place of a denied page opened directly (no previous page to stay on). */
const DENIED_NOTICE = (
  <section role="note" aria-label={DENIED_TITLE}>
    <h1>{DENIED_TITLE}</h1>
    <p>{DENIED_MESSAGE}</p>
  </section>
);

function ShellRoot() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </>
  );
}

function guardedRoute(entry: RouteEntry, options: ExamkitRoutesOptions): RouteObject {
  const guard = (page: ReactNode) => (
    <RequirePermission perm={entry.perm ?? undefined} fallback={DENIED_NOTICE}>
      {page}
    </RequirePermission>
  );
  const base = { path: entry.path, handle: { route: entry } };
  if (entry.redirect) return { ...base, element: guard(<RedirectTo to={entry.redirect} />) };
  if (entry.name === 'system') return { ...base, element: guard(<SystemEntryPage />) };
  const load =
    entry.module === 'ability-growth'
      ? () =>
          import('./AbilityGrowthPage').then((m) => () => (
            <m.AbilityGrowthPage host={options.abilityGrowthHost} />
          ))
      : (options.pages?.[entry.name] ??
        SHELL_PAGES[entry.name] ??
        (() =>
          import('../shell/UnderConstructionPage').then((m) => () => (
            <m.UnderConstructionPage title={entry.title} />
          ))));
  return { ...base, lazy: lazyElement(load, guard) };
}

/**
 * The React Router 7 route objects of the whole product, for
 * `createBrowserRouter` (spec 000 §2, 001 §2): / → /login, the public sign-in
 * pages, every catalogue route inside `MainLayout` behind its permission key,
 * the catalogue's parent paths (forwarding to their first child the user may
 * see), and a 404 page. Pages load lazily.
 *
 * @example
 * const router = createBrowserRouter(createExamkitRoutes({ pages: { 'exam-single': loadExamList } }));
 */
export function createExamkitRoutes(options: ExamkitRoutesOptions = {}): RouteObject[] {
  const publicRoutes = routeCatalogue.filter((r) => r.public && !r.redirect);
  const guarded = routeCatalogue.filter((r) => !r.public);
  return [
    {
      element: <ShellRoot />,
      // The first lazy page is loading: nothing to show yet.
      HydrateFallback: () => null,
      children: [
        { path: '/', element: <Navigate to="/login" replace /> },
        // The platform operator's console: no school session, its own token (docs/joint-exams.md#operator).
        // Its page comes from `@examkit/modules/operator`; an app without it answers 页面不存在.
        {
          path: '/platform-operator',
          lazy: lazyElement(options.pages?.['platform-operator'] ?? loadNotFound),
        },
        ...publicRoutes.map((entry): RouteObject => ({
          path: entry.path,
          handle: { route: entry },
          lazy: lazyElement(
            options.pages?.[entry.name] ??
              (entry.name === 'login' ? SHELL_PAGES.login! : SHELL_PAGES.oauth!),
          ),
        })),
        {
          lazy: async () => {
            const host = options.abilityGrowthHost;
            const [{ MainLayout }, prefetch] = await Promise.all([
              import('../layout/MainLayout'),
              host ? import('../abilityGrowth/AbilityGrowthPrefetch') : null,
            ]);
            return {
              element: (
                <RequirePermission>
                  <MainLayout hostedPlatform={options.hostedPlatform ?? false} />
                  {options.overlay}
                  {host && prefetch && <prefetch.AbilityGrowthPrefetch host={host} />}
                </RequirePermission>
              ),
            };
          },
          children: [
            ...guarded.map((entry) => guardedRoute(entry, options)),
            // A parent path opens its first child the user may see, never 页面不存在.
            ...parentPaths.map((parent): RouteObject => ({
              path: parent.path,
              element: <ParentEntryPage parent={parent} />,
            })),
          ],
        },
        {
          path: '*',
          lazy: lazyElement(loadNotFound),
        },
      ],
    },
  ];
}
