import { scopeRoutes } from '@examkit/contracts';
import type { Db } from './database';
import type { Router } from './router';
import { accessOf } from './scope';
import { MANAGER_KEY } from '../marking/access';

/** `my_scope`: the user's data scope and marking roles, for screens to follow the server's rules. */
export function registerScopeRoutes(router: Router, { db }: { db: Db }): void {
  router.sessionRoute(scopeRoutes.myScope, 'administration', async ({ session }) => {
    const access = accessOf(db, session);
    const scope = await access.scope();
    const grades = scope.schoolWide
      ? await db
          .selectFrom('grades')
          .select('id')
          .where('school_id', '=', session.schoolId)
          .where('academic_year', '=', session.academicYear)
          .orderBy('id')
          .execute()
      : [];
    const classes = scope.schoolWide
      ? await db
          .selectFrom('classes as c')
          .innerJoin('grades as g', 'g.id', 'c.grade_id')
          .select('c.id')
          .where('g.school_id', '=', session.schoolId)
          .where('g.academic_year', '=', session.academicYear)
          .orderBy('c.id')
          .execute()
      : [];
    const blocks = await db
      .selectFrom('marking_block_users as u')
      .innerJoin('marking_blocks as b', 'b.id', 'u.block_id')
      .select('u.block_id')
      .distinct()
      .where('u.user_id', '=', session.userId)
      .where('b.school_id', '=', session.schoolId)
      .where('b.joint_exam_id', 'is', null)
      .orderBy('u.block_id')
      .execute();
    const gradeIds = scope.schoolWide
      ? grades.map((g) => g.id)
      : [...scope.gradeIds].sort((a, b) => a - b);
    return {
      schoolWide: scope.schoolWide,
      manageGradeIds: scope.schoolWide ? gradeIds : [...scope.leadGradeIds].sort((a, b) => a - b),
      gradeIds,
      classes: scope.schoolWide
        ? classes.map((c) => ({ classId: c.id, allSubjects: true, subjectIds: [] }))
        : [...scope.subjectsByClass]
            .sort(([a], [b]) => a - b)
            .map(([classId, subjects]) => ({
              classId,
              allSubjects: scope.fullClassIds.has(classId),
              subjectIds: [...subjects].sort((a, b) => a - b),
            })),
      markingManager: await access.has(MANAGER_KEY),
      markingBlockIds: blocks.map((b) => b.block_id),
      ...(scope.wholeSchoolReader && { reader: true }),
    };
  });
}
