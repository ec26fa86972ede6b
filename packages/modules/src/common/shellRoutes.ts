import type {
  basketRoutes,
  examRoutes,
  markingRoutes,
  messageRoutes,
  regionRoutes,
  reportRoutes,
  schoolRegionRoutes,
  scopeRoutes,
} from '@examkit/contracts';

/**
 * A contract route by its method and address only, typed as the contract: what the http client
 * needs to call it. The shell (home page, menus, parent paths) calls through these so that the
 * contracts' schemas stay out of the login page's first load (issue #12 item 13).
 */
export function ref<R extends { method: 'GET' | 'POST'; url: string }>(
  url: string,
  method: 'GET' | 'POST' = 'POST',
): R {
  return { method, url, encoding: 'json' } as unknown as R;
}

/** The routes the always-loaded shell calls; `shellRoutes.test.ts` checks them against the contracts. */
export const shellRoutes = {
  markingList: ref<typeof markingRoutes.list>('/marking-main/exam/marking/list'),
  examList: ref<typeof examRoutes.list>('/marking-main/exam/list'),
  teacherGetExam: ref<typeof reportRoutes.teacherGetExam>('/marking-report/teacher/getExam'),
  myScope: ref<typeof scopeRoutes.myScope>('/marking-user/user/school/my_scope'),
};

const M = '/marking-main/message';

/** The message centre's calls (header count, pages, error reporter): the same rule as `shellRoutes`. */
export const messageRefs = {
  list: ref<typeof messageRoutes.list>(`${M}/list`),
  detail: ref<typeof messageRoutes.detail>(`${M}/detail`),
  read: ref<typeof messageRoutes.read>(`${M}/read`),
  readAll: ref<typeof messageRoutes.readAll>(`${M}/read_all`),
  unreadCount: ref<typeof messageRoutes.unreadCount>(`${M}/unread_count`, 'GET'),
  noticeTargets: ref<typeof messageRoutes.noticeTargets>(`${M}/notice/targets`, 'GET'),
  noticeSend: ref<typeof messageRoutes.noticeSend>(`${M}/notice/send`),
  errorLog: ref<typeof messageRoutes.errorLog>('/marking-minipro/update/error_log'),
  errorLogList: ref<typeof messageRoutes.errorLogList>('/marking-minipro/error_log/list'),
};

/** The question basket's calls of the floating basket and the add toggles: the same rule. */
export const basketRefs = {
  count: ref<typeof basketRoutes.count>('/marking-resources/basket/count'),
  add: ref<typeof basketRoutes.add>('/marking-resources/basket/add'),
  remove: ref<typeof basketRoutes.remove>('/marking-resources/basket/remove'),
  ids: ref<typeof basketRoutes.ids>('/marking-resources/basket/ids'),
};

/** The bureau's region calls of the header's school switcher: the same rule. */
export const regionRefs = {
  schools: ref<typeof regionRoutes.schools>('/marking-region/region/school_list'),
  enterSchool: ref<typeof regionRoutes.enterSchool>('/marking-region/region/enter_school'),
};

/** A school's answer to a region's invitation (区域设置 on 参数设置): the same rule. */
export const schoolRegionRefs = {
  status: ref<typeof schoolRegionRoutes.status>('/marking-region/school/region'),
  respond: ref<typeof schoolRegionRoutes.respond>('/marking-region/school/invitation/respond'),
  leave: ref<typeof schoolRegionRoutes.leave>('/marking-region/school/region/leave'),
};
