/** Local storage keys of spec 000 §3. */
export const STORAGE_KEYS = {
  token: 'token',
  schoolId: 'schoolId',
  userInfo: 'userInfo',
  menus: 'menus',
  pathArray: 'pathArray',
  historyRole: 'historyRole',
  homeworkHeaderStore: 'HOMEWORK_HEADER_STORE',
} as const;
