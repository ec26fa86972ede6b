import { academicYearOf, authRoutes } from '@examkit/contracts';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { forbidden, notFound } from '../core/envelope';
import type { Router } from '../core/router';
import type { SessionInfo } from '../core/session';
import { schoolFigures } from './queries';

export interface SchoolDeps {
  db: Db;
  clock: Clock;
}

const TAG = 'school';

/** Refuses a query about another school than the session's. */
export function assertOwnSchool(session: SessionInfo, schoolId: number): void {
  if (schoolId !== session.schoolId) throw forbidden('无权访问该学校的数据');
}

function assertOwnUser(session: SessionInfo, userId: number): void {
  if (userId !== session.userId) throw forbidden('无权访问其他用户的数据');
}

/** Registers the school reads of the shell: home figures, dictionary, parent guide. */
export function registerSchoolRoutes(router: Router, { db, clock }: SchoolDeps): void {
  router.sessionRoute(authRoutes.schoolDetail, TAG, async ({ session }) => {
    const figures = await schoolFigures(db, session.schoolId, academicYearOf(clock.now()));
    if (!figures) throw notFound('学校不存在');
    return figures;
  });

  router.sessionRoute(authRoutes.dictionaryOther, TAG, async ({ query, session }) => {
    assertOwnSchool(session, query.schoolId);
    const rows = await db
      .selectFrom('school_dictionary')
      .select(['dic_code', 'dic_value'])
      .where('school_id', '=', session.schoolId)
      .orderBy('dic_code')
      .execute();
    return rows.map((r) => ({ dicCode: r.dic_code, dicValue: r.dic_value }));
  });

  router.sessionRoute(authRoutes.getParentGuide, TAG, async ({ query, session }) => {
    assertOwnUser(session, query.userId);
    // The guide tells a school's staff how parents use the product; a bureau seat, which may not
    // record it as seen (core/seatAccess.ts), is not shown it.
    if (session.bureauSeat) return { seen: true, code: null };
    const row = await db
      .selectFrom('parent_guides')
      .select('code')
      .where('user_id', '=', session.userId)
      .executeTakeFirst();
    return { seen: row !== undefined, code: row?.code ?? null };
  });

  router.sessionRoute(authRoutes.setParentGuide, TAG, async ({ query, session }) => {
    assertOwnUser(session, query.userId);
    const now = clock.now().getTime();
    await db
      .insertInto('parent_guides')
      .values({ user_id: session.userId, code: query.code, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ code: query.code, updated_at: now }))
      .execute();
    return null;
  });
}
