import { administrationRoutes as r } from '@examkit/contracts';
import type { DomainDeps } from '../core/deps';
import { badRequest, forbidden, notFound } from '../core/envelope';
import { guardedRoutes } from '../core/guardedRoute';
import type { Router } from '../core/router';
import { accessOf, inScopeClass, inScopeGrade } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { classesInScope, gradesOf, subjectsInScope } from './classQueries';
import { classOf, gradeOf, subjectsOf } from './common';

const TAG = 'administration';

/** The school, its grades, and the grade, class and subject lists limited to the caller's scope. */
export function registerGradeRoutes(router: Router, { db }: DomainDeps): void {
  const route = guardedRoutes(router, db, TAG);
  router.sessionRoute(r.queryGrade, TAG, async ({ session }) =>
    gradesOf(db, session.schoolId, session.academicYear),
  );
  router.sessionRoute(r.listGrade, TAG, async ({ session }) =>
    gradesOf(db, session.schoolId, session.academicYear),
  );
  router.sessionRoute(r.listGradeBySchool, TAG, async ({ session }) => {
    const grades = await gradesOf(db, session.schoolId, session.academicYear);
    const counts = await db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['g.id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('g.school_id', '=', session.schoolId)
      .where('g.academic_year', '=', session.academicYear)
      .groupBy('g.id')
      .execute();
    const byGrade = new Map(counts.map((c) => [c.id, Number(c.n)]));
    return grades.map((g) => ({ ...g, classCount: byGrade.get(g.id) ?? 0 }));
  });
  router.sessionRoute(r.getSchool, TAG, async ({ session }) => {
    const school = await db
      .selectFrom('schools')
      .select(['id', 'code', 'name'])
      .where('id', '=', session.schoolId)
      .executeTakeFirst();
    if (!school) throw notFound('学校不存在');
    return { ...school, academicYear: session.academicYear };
  });
  route(
    r.updateSchoolConfig,
    { permission: 'System-Parm', schoolWide: true },
    async ({ body, session }) => {
      const name = body.schoolName.trim();
      if (!name) throw badRequest('学校名称不能为空');
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('schools').set({ name }).where('id', '=', session.schoolId).execute();
        await trx
          .insertInto('school_dictionary')
          .values({ school_id: session.schoolId, dic_code: '002005001', dic_value: name })
          .onConflict((oc) =>
            oc.columns(['school_id', 'dic_code']).doUpdateSet({ dic_value: name }),
          )
          .execute();
      });
      return null;
    },
  );

  route(r.getPermGrade, {}, async ({ session, scope }) => {
    const grades = await gradesOf(db, session.schoolId, session.academicYear);
    return grades.filter((g) => inScopeGrade(scope, g.id));
  });
  const permClasses = async (session: SessionInfo, gradeId?: number) => {
    const scope = await accessOf(db, session).scope();
    const classes = await classesInScope(db, scope, gradeId);
    return classes.map((c) => {
      const full = scope.schoolWide || scope.fullClassIds.has(c.id);
      return {
        classId: c.id,
        className: c.name,
        gradeId: c.gradeId,
        gradeName: c.gradeName,
        allSubjects: full,
        subjectIds: full ? [] : [...(scope.subjectsByClass.get(c.id) ?? [])].sort((a, b) => a - b),
      };
    });
  };
  router.sessionRoute(r.getPermClass, TAG, async ({ body, session }) =>
    permClasses(session, body.gradeId),
  );
  router.sessionRoute(r.listClassPermissions, TAG, async ({ session }) => permClasses(session));
  route(r.getPermSubject, {}, async ({ body, session, scope }) => {
    let classIds: number[];
    if (body.classId !== undefined) {
      await classOf(db, session.schoolId, session.academicYear, body.classId);
      if (!inScopeClass(scope, body.classId)) throw forbidden('超出数据范围');
      classIds = [body.classId];
    } else {
      const classes = await classesInScope(db, scope, body.gradeId);
      classIds = classes.map((c) => c.id);
      if (!scope.schoolWide && classIds.length === 0) return [];
    }
    return subjectsInScope(db, scope, classIds);
  });
  route(r.listGradeSubject, {}, async ({ session, scope }) => {
    const grades = (await gradesOf(db, session.schoolId, session.academicYear)).filter((g) =>
      inScopeGrade(scope, g.id),
    );
    const out = [];
    for (const g of grades) {
      const classes = await classesInScope(db, scope, g.id);
      const subjects = await subjectsInScope(
        db,
        scope,
        classes.map((c) => c.id),
      );
      out.push({ gradeId: g.id, gradeName: g.name, subjects });
    }
    return out;
  });
  router.sessionRoute(r.listSubjectByGrade, TAG, async ({ body, session }) => {
    await gradeOf(db, session.schoolId, session.academicYear, body.gradeId);
    const rows = await db
      .selectFrom('subjects as s')
      .select(['s.id', 's.name', 's.code'])
      .where('s.school_id', '=', session.schoolId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('teaching_assignments as ta')
            .innerJoin('classes as c', 'c.id', 'ta.class_id')
            .select('ta.id')
            .whereRef('ta.subject_id', '=', 's.id')
            .where('c.grade_id', '=', body.gradeId)
            .where('ta.academic_year', '=', session.academicYear),
        ),
      )
      .orderBy('s.sort')
      .execute();
    return rows.length > 0 ? rows : subjectsOf(db, session.schoolId);
  });
}
