import type { examRoutes, markingRoutes, reportRoutes, scopeRoutes } from '@examkit/contracts';

/**
 * A contract route by its method and address only, typed as the contract: what the http client
 * needs to call it. The shell (home page, menus, parent paths) calls through these so that the
 * contracts' schemas stay out of the login page's first load (issue #12 item 13).
 */
function ref<R extends { method: 'GET' | 'POST'; url: string }>(url: string): R {
  return { method: 'POST', url, encoding: 'json' } as unknown as R;
}

/** The routes the always-loaded shell calls; `shellRoutes.test.ts` checks them against the contracts. */
export const shellRoutes = {
  markingList: ref<typeof markingRoutes.list>('/marking-main/exam/marking/list'),
  examList: ref<typeof examRoutes.list>('/marking-main/exam/list'),
  teacherGetExam: ref<typeof reportRoutes.teacherGetExam>('/marking-report/teacher/getExam'),
  myScope: ref<typeof scopeRoutes.myScope>('/marking-user/user/school/my_scope'),
};
