import { administrationRoutes } from '@examkit/contracts';
import { RosterListPage, type RosterListConfig } from '../components/RosterListPage';
import type { TeacherRow } from '../types';

/** Rows per page of the teacher list. */
export const TEACHER_PAGE_SIZE = 20;

const TEACHER_LIST: RosterListConfig<TeacherRow> = {
  noun: '教师',
  listKey: 'system-teacher-list',
  path: '/system/teacher',
  pageSize: TEACHER_PAGE_SIZE,
  keywordPlaceholder: '姓名或登录名',
  columns: [
    { header: '姓名', cell: (t) => t.name },
    { header: '登录名', cell: (t) => t.loginName },
    { header: '手机号', cell: (t) => t.tel ?? '-' },
    { header: '学科', cell: (t) => t.subjectName ?? '-' },
    { header: '角色', cell: (t) => t.roleNames.join('、') || '-' },
    { header: '状态', cell: (t) => (t.status === 1 ? '正常' : '停用') },
  ],
  fetchPage: (call, body, options) => call(administrationRoutes.queryTeachers, body, options),
  exportList: (call, body) => call(administrationRoutes.exportTeachers, body),
  importer: {
    columns: '姓名、手机号（必填），登录名（默认为手机号）、学科',
    template: (call) => call(administrationRoutes.teacherTemplate, {}),
    upload: (call, file) => call(administrationRoutes.importTeachers, file),
    errorReport: (call, id) => call(administrationRoutes.teacherImportErrors, { id }),
  },
  removal: {
    verb: '停用',
    title: '停用教师',
    confirmLabel: '确定停用',
    question: (t) => `确定停用“${t.name}”吗？其历史记录会保留，登录会失效。`,
    offered: (t) => t.status === 1,
    remove: (call, t) =>
      call(administrationRoutes.deleteTeacher, { ids: [t.id] }, { successMessage: '已停用' }),
  },
};

/**
 * /system/teacher/list: the teachers in the caller's scope, paged and filtered by grade,
 * class and keyword; kept alive, with the filters and page in the store's list memory
 * (spec 000 §2, §3). Disabling keeps a teacher's history (status 2).
 */
export function TeacherListPage() {
  return <RosterListPage config={TEACHER_LIST} />;
}
