import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { DENIED_MESSAGE, DENIED_TITLE, RequirePermission } from '@examkit/permission';
import { routeCatalogue } from '../catalogue/routeCatalogue';
import type { ModuleName } from '../catalogue/types';
import type { PageLoader } from './types';
import { RedirectTo } from './RedirectTo';

/** Options of a module mounted alone (`createMarkingRoutes`, `createHomeworkRoutes`). */
export interface ModuleRoutesOptions {
  /**
   * Wraps every page of the module except its full-screen ones (e.g. the host's header);
   * it must render an `<Outlet />`.
   * @default a plain frame
   */
  layout?: ComponentType;
  /** Replaces pages by route name of the catalogue. @default {} */
  pages?: Readonly<Record<string, PageLoader>>;
  /** Shown to a user without the route's permission key. @default a Chinese notice */
  denied?: ReactNode;
  /** Where `/`, unknown paths and routes without a page go. */
  home?: string;
}

const DENIED = (
  <section role="note" aria-label={DENIED_TITLE}>
    <h1>{DENIED_TITLE}</h1>
    <p>{DENIED_MESSAGE}</p>
  </section>
);

function Frame() {
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: '0 16px' }}>
      <Outlet />
    </div>
  );
}

/**
 * One module of the catalogue as its own React Router 7 route tree: every route of `module` at
 * its usual path, behind its permission key, pages loaded lazily; full-screen routes outside
 * the layout. It needs the `ExamkitProvider` of `@examkit/core/react` above the router.
 */
export function createModuleRoutes(
  module: ModuleName,
  defaults: { pages: Readonly<Record<string, PageLoader>>; home: string },
  options: ModuleRoutesOptions = {},
): RouteObject[] {
  const pages = { ...defaults.pages, ...options.pages };
  const denied = options.denied ?? DENIED;
  const home = options.home ?? defaults.home;
  const Layout = options.layout ?? Frame;
  const entries = routeCatalogue.filter((r) => r.module === module);
  const route = (entry: (typeof entries)[number]): RouteObject => {
    const base = { path: entry.path, handle: { route: entry } };
    const guard = (page: ReactNode) => (
      <RequirePermission perm={entry.perm ?? undefined} fallback={denied}>
        {page}
      </RequirePermission>
    );
    if (entry.redirect) {
      const to = entry.redirect;
      return { ...base, element: guard(<RedirectTo to={to} />) };
    }
    const load = pages[entry.name];
    if (!load) return { ...base, element: <Navigate to={home} replace /> };
    return {
      ...base,
      lazy: async () => {
        const Page = await load();
        return { element: guard(<Page />) };
      },
    };
  };
  const framed = entries.filter((e) => !e.layout.fullscreen);
  const fullscreen = entries.filter((e) => e.layout.fullscreen);
  return [
    {
      element: (
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      ),
      HydrateFallback: () => null,
      children: [
        { element: <Layout />, children: framed.map(route) },
        ...fullscreen.map(route),
        { path: '*', element: <Navigate to={home} replace /> },
      ],
    },
  ];
}
