import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { DENIED_MESSAGE, DENIED_TITLE, RequirePermission } from '@examkit/permission';
import { routeCatalogue } from '../catalogue/routeCatalogue';
import type { PageLoader } from '../routes/types';
import { RedirectTo } from '../routes/RedirectTo';
import { markingPages } from './markingPages';

export interface MarkingRoutesOptions {
  /**
   * Wraps every marking page except the full-screen marking screen (e.g. the host's header);
   * it must render an `<Outlet />`.
   * @default a plain frame
   */
  layout?: ComponentType;
  /** Replaces pages by route name (`'exam-marking'`, …). @default {} */
  pages?: Readonly<Record<string, PageLoader>>;
  /** Shown to a user without Exam-Wuhen. @default a Chinese notice */
  denied?: ReactNode;
  /** Where `/` and unknown paths go. @default '/exam/marking' */
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
 * The online marking module as its own React Router 7 route tree, for a host that mounts
 * marking alone (a partner portal, after its own sign-in): every `exam-marking-*` route of the
 * catalogue at its usual path, behind Exam-Wuhen, pages loaded lazily. It needs the
 * `ExamkitProvider` of `@examkit/core/react` above the router and a signed-in user.
 *
 * @example
 * const router = createBrowserRouter(createMarkingRoutes({ layout: PortalLayout }));
 */
export function createMarkingRoutes(options: MarkingRoutesOptions = {}): RouteObject[] {
  const pages = { ...markingPages, ...options.pages };
  const denied = options.denied ?? DENIED;
  const home = options.home ?? '/exam/marking';
  const Layout = options.layout ?? Frame;
  const entries = routeCatalogue.filter((r) => r.module === 'marking');
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
