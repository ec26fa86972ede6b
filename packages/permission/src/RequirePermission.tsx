import { useExamkit, useExamkitStore } from '@examkit/core/react';
import { useLayoutEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { DENIED_MESSAGE, DENIED_TITLE } from './constants';
import { isPublicPath } from './isPublicPath';
import type { RequirePermissionProps } from './types';
import { usePermission } from './usePermission';

/**
 * The route guard of spec 000 §4, for a route's `element` (React Router 7,
 * declarative or data routers):
 *
 * - without a session only `PUBLIC_PATHS` render; anything else is replaced by `/login`;
 * - a signed-in user lacking `perm` never sees the route: the guard renders
 *   `fallback` (nothing by default) instead, shows
 *   `notifier.alert(DENIED_TITLE, DENIED_MESSAGE)` once, and when the user
 *   arrived by a link or `navigate()` (a PUSH) steps history back so the page
 *   they came from comes back; a denied URL opened directly has no page to
 *   go back to and stays on `fallback`.
 *
 * The check is synchronous against the stored codes, so the denied content
 * is never rendered, not even for a frame.
 */
export function RequirePermission({
  perm,
  children,
  fallback = null,
  loginPath = '/login',
}: RequirePermissionProps) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const { notifier } = useExamkit();
  const signedIn = useExamkitStore((s) => s.user !== null);
  const allowed = usePermission(perm);
  const denied = signedIn && !allowed;
  // One notice and one step back per visit, also under StrictMode's double effects.
  const handledKey = useRef<string | null>(null);

  useLayoutEffect(() => {
    if (!denied || handledKey.current === location.key) return;
    handledKey.current = location.key;
    notifier.alert(DENIED_TITLE, DENIED_MESSAGE);
    if (navigationType === 'PUSH') void navigate(-1);
  }, [denied, location.key, navigationType, navigate, notifier]);

  if (!signedIn && !isPublicPath(location.pathname)) return <Navigate to={loginPath} replace />;
  if (denied) return fallback;
  return children ?? <Outlet />;
}
