import type { RouteContract } from '@examkit/contracts';
import type { Db } from './database';
import type { Router, SessionHandler } from './router';
import { accessOf, assertSchoolWide, type Access, type DataScope } from './scope';

/** What a guarded route asks of its caller before its handler runs. */
export interface RouteGuard {
  /** A permission key the caller must hold (403 没有该操作的权限). */
  permission?: string;
  /** Only a school-wide data scope may call (403 超出数据范围). */
  schoolWide?: boolean;
}

type GuardedInput<C extends RouteContract> = Parameters<SessionHandler<C>>[0] & {
  access: Access;
  scope: DataScope;
};

/**
 * The one way to write an administration (CRUD) route: `router.sessionRoute` validates the
 * body against the contract's schema, then the guard checks the permission key and the data
 * scope, and the handler gets the caller's `access` and loaded `scope` to filter by.
 *
 * ```ts
 * const route = guardedRoutes(router, db, 'administration');
 * route(r.addClassNew, { permission: 'System-Class' }, async ({ body, session, scope }) => …);
 * ```
 */
export function guardedRoutes(router: Router, db: Db, tag: string) {
  return <C extends RouteContract>(
    contract: C,
    guard: RouteGuard,
    handler: (input: GuardedInput<C>) => ReturnType<SessionHandler<C>>,
  ): void =>
    router.sessionRoute(contract, tag, async (input) => {
      const access = accessOf(db, input.session);
      if (guard.permission !== undefined) await access.require(guard.permission);
      const scope = await access.scope();
      if (guard.schoolWide) assertSchoolWide(scope);
      return handler({ ...input, access, scope });
    });
}
