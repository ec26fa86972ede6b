import { useNavigate } from 'react-router-dom';
import { administrationRoutes } from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { RosterListPage, type RosterListConfig } from '../components/RosterListPage';
import type { StudentRow } from '../types';

/** Rows per page of the student list. */
export const STUDENT_PAGE_SIZE = 20;

const SEX = ['', '男', '女'];

const STUDENT_LIST: RosterListConfig<StudentRow> = {
  noun: '学生',
  listKey: 'system-student-list',
  path: '/system/student',
  pageSize: STUDENT_PAGE_SIZE,
  keywordPlaceholder: '姓名或学号',
  columns: [
    { header: '学号', cell: (s) => s.studentNo },
    { header: '姓名', cell: (s) => s.name },
    { header: '性别', cell: (s) => SEX[s.sex] ?? '' },
    { header: '年级', cell: (s) => s.gradeName },
    { header: '班级', cell: (s) => s.className },
    { header: '手机号', cell: (s) => s.tel ?? '-' },
    {
      header: '选科',
      cell: (s) => (s.electiveSubjects.length ? s.electiveSubjects.join('、') : '-'),
    },
  ],
  fetchPage: (call, body, options) => call(administrationRoutes.getStudents, body, options),
  exportList: (call, body) => call(administrationRoutes.exportStudents, body),
  importer: {
    columns: '学号、姓名、年级、班级（必填），性别、手机号、选科',
    template: (call) => call(administrationRoutes.studentTemplate, {}),
    upload: (call, file) => call(administrationRoutes.importStudents, file),
    errorReport: (call, id) => call(administrationRoutes.studentImportErrors, { id }),
  },
  removal: {
    verb: '删除',
    title: '删除学生',
    confirmLabel: '确定删除',
    question: (s) => `确定删除学生“${s.name}”吗？`,
    remove: (call, s) =>
      call(administrationRoutes.deleteStudents, { ids: [s.id] }, { successMessage: '删除成功' }),
  },
};

/**
 * /system/student/list: the students of the caller's classes, paged and filtered by
 * grade, class and keyword. The route is kept alive; the filters and page also live in
 * the store's list memory (spec 000 §2, §3), so a fresh mount starts where the user
 * left. Phones arrive masked unless the user holds System-Tel; export needs System-Export.
 */
export function StudentListPage() {
  const navigate = useNavigate();
  return (
    <RosterListPage
      config={STUDENT_LIST}
      tools={<Button onClick={() => navigate('/system/student/xgk')}>新高考选科</Button>}
    />
  );
}
