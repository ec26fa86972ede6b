import { PERMISSION_KEYS, permissionCatalogue, type UserInfo } from '@examkit/contracts';
import {
  SCHOOL_ROUTES,
  bodyOf,
  createFakeApi,
  demoUser,
  ok,
  type FakeRequest,
} from '../../test/fixtures';
import type { StudentRow } from '../types';

const U = '/marking-user/user';

/** Calls of the system pages, keyed as the fake API takes them. */
export const SYS = {
  grades: `POST ${U}/school/get_perm_grade`,
  classes: `POST ${U}/school/get_perm_class`,
  students: `POST ${U}/student/get_stu`,
  student: `POST ${U}/student/get_one`,
  addStudent: `POST ${U}/student/add_stud`,
  updateStudent: `POST ${U}/student/update_stud`,
  importStudents: `POST ${U}/student/import`,
  importErrors: `POST ${U}/student/import_errors`,
  template: `POST ${U}/student/import_template`,
  exportStudents: `POST ${U}/student/export`,
  deleteStudents: `POST ${U}/student/del_stu`,
  roles: `POST ${U}/school/role/list`,
  roleInsert: `POST ${U}/school/role/insert`,
  rolePerms: `POST ${U}/school/role/get_perms`,
  roleUpdatePerm: `POST ${U}/school/role/update_perm`,
  assign: `POST ${U}/school/role/assign`,
  listTeacher: `POST ${U}/teacher/list_teacher`,
  teacher: `POST ${U}/teacher/query_one`,
  teachers: `POST ${U}/teacher/query_ts`,
  addTeacher: `POST ${U}/teacher/add_tea`,
  updateTeacher: `POST ${U}/teacher/update_tea`,
  deleteTeacher: `POST ${U}/teacher/del_tea`,
  exportTeachers: `POST ${U}/teacher/export`,
  subjects: `POST ${U}/school/dic/get_subject`,
  queryClass: `POST ${U}/school/query_class`,
  teachClasses: `POST ${U}/teachclass/list`,
  paramList: `GET ${U}/school/param/list`,
  schoolRegion: 'POST /marking-region/school/region',
  regionRespond: 'POST /marking-region/school/invitation/respond',
  regionLeave: 'POST /marking-region/school/region/leave',
  addClass: `POST ${U}/school/add_class_new`,
  classRole: `POST ${U}/school/add_class_role`,
  teachClassAdd: `POST ${U}/teachclass/add`,
  saveTeachClass: `POST ${U}/teacher/save_teach_class`,
  electiveStudents: `POST ${U}/level/exam/list_students`,
  setElective: `POST ${U}/level/exam/set_student_subject`,
  paramAdd: `POST ${U}/school/param/add`,
  homeworkGet: `POST ${U}/school/homework/get`,
  homeworkSave: `POST ${U}/school/homework/save`,
  correlationGet: `POST ${U}/school/homework/correlation/get`,
  correlationSave: `POST ${U}/school/homework/correlation/save`,
} as const;

export { bodiesOf } from '../../test/fixtures';

/** 高一(1)班 (id 101, 25 students) and 高一(2)班 (id 102, 20 students), phones masked. */
export const STUDENTS: StudentRow[] = Array.from({ length: 45 }, (_, i) => {
  const classId = i < 25 ? 101 : 102;
  return {
    id: i + 1,
    studentNo: `2026${String(i + 1).padStart(4, '0')}`,
    name: i === 0 ? '张一' : `学生${i + 1}`,
    sex: 1 + (i % 2),
    tel: `138****${String(i + 1).padStart(4, '0')}`,
    classId,
    className: `高一(${classId - 100})班`,
    gradeId: 10,
    gradeName: '高一',
    statistics: 1,
    comboType: null,
    electiveSubjects: [],
  };
});

export const ROLES = [
  { id: 1, roleName: '学校管理员', schoolWide: true, userCount: 1 },
  { id: 5, roleName: '任课教师', schoolWide: false, userCount: 30 },
];

/** A 学校管理员 of 示范中学 holding every key of the catalogue. */
export function adminUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return demoUser({
    roles: [{ id: 1, roleName: '学校管理员' }],
    perms: [...permissionCatalogue],
    allPerm: { '2026': { '1': [...PERMISSION_KEYS] } },
    allRole: { '2026': [{ id: 1, roleName: '学校管理员' }] },
    ...overrides,
  });
}

/** 孙老师, 任课教师 of 数学, as the teacher list shows him. */
const TEACHER = {
  id: 4,
  loginName: 'teacher',
  name: '孙老师',
  tel: '138****0004',
  subjectName: '数学',
  status: 1,
  roleNames: ['任课教师'],
};

/** A fake API answering the system pages' calls with 示范中学 data. */
export function systemApi(routes: Record<string, unknown> = {}) {
  return createFakeApi({
    ...SCHOOL_ROUTES,
    [SYS.grades]: ok([
      { id: 10, name: '高一', gradeNum: 10, academicYear: 2026 },
      { id: 11, name: '高二', gradeNum: 11, academicYear: 2026 },
    ]),
    [SYS.classes]: ok(
      [101, 102].map((classId) => ({
        classId,
        className: `高一(${classId - 100})班`,
        gradeId: 10,
        gradeName: '高一',
        allSubjects: true,
        subjectIds: [],
      })),
    ),
    [SYS.students]: (request: FakeRequest) => {
      const body = bodyOf(request) as {
        pageNum: number;
        pageSize: number;
        classId?: number;
        gradeId?: number;
        keyWord?: string;
      };
      const hits = STUDENTS.filter(
        (s) =>
          (!body.classId || s.classId === body.classId) &&
          (!body.gradeId || s.gradeId === body.gradeId) &&
          (!body.keyWord || s.name.includes(body.keyWord) || s.studentNo.includes(body.keyWord)),
      );
      const start = (body.pageNum - 1) * body.pageSize;
      return ok({
        list: hits.slice(start, start + body.pageSize),
        total: hits.length,
        pageNum: body.pageNum,
        pageSize: body.pageSize,
      });
    },
    [SYS.student]: (request: FakeRequest) =>
      ok(STUDENTS.find((s) => s.id === bodyOf(request).id) ?? null),
    [SYS.roles]: ok(ROLES),
    [SYS.schoolRegion]: ok({ region: null, invitations: [] }),
    [SYS.rolePerms]: ok([]),
    [SYS.listTeacher]: ok([TEACHER]),
    [SYS.teacher]: ok({
      ...TEACHER,
      roles: [{ id: 5, roleName: '任课教师' }],
      assignments: [],
      headOfClassIds: [],
      gradeLeadOfGradeIds: [],
    }),
    ...routes,
  });
}
