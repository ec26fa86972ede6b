import { authRoutes } from '@examkit/contracts';
import type { Db } from '../core/database';
import type { Router } from '../core/router';
import { assertOwnSchool } from '../school/routes';

/** Registers isUserAiSession: 1 when the session's school has the AI assistant switched on. */
export function registerAiRoutes(router: Router, { db }: { db: Db }): void {
  router.sessionRoute(authRoutes.aiAccess, 'ai', async ({ query, session }) => {
    assertOwnSchool(session, query.schoolId);
    const row = await db
      .selectFrom('ai_access')
      .select('enabled')
      .where('school_id', '=', session.schoolId)
      .executeTakeFirst();
    return row?.enabled === 1 ? 1 : 0;
  });
}
