import { Type } from 'typebox';
import { Paged } from '../envelope';
import { Id, Nullable, Obj, post } from '../builders';
import { PermClass } from './classes';
import {
  ById,
  Count,
  Empty,
  Flag,
  Ids,
  Name,
  NewId,
  Null,
  PageBody,
  Subject,
  Tel,
  U,
} from './common';
import { rosterFileRoutes } from './rosterFileRoutes';

/** A teacher as lists show them. */
export const Teacher = Obj({
  id: Type.Integer(),
  loginName: Type.String(),
  name: Type.String(),
  /** Masked unless the caller holds System-Tel. */
  tel: Nullable(Type.String()),
  subjectName: Nullable(Type.String()),
  status: Type.Integer(),
  roleNames: Type.Array(Type.String()),
});
/** A class × subject a teacher teaches. */
export const Assignment = Obj({
  classId: Type.Integer(),
  className: Type.String(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  subjectId: Type.Integer(),
  subjectName: Type.String(),
});
/** One teacher with roles, teaching assignments, classes led and grades led. */
export const TeacherDetail = Obj({
  ...Teacher.properties,
  roles: Type.Array(Obj({ id: Type.Integer(), roleName: Type.String() })),
  assignments: Type.Array(Assignment),
  headOfClassIds: Type.Array(Type.Integer()),
  gradeLeadOfGradeIds: Type.Array(Type.Integer()),
});
/** A teacher's roles and assignments in one academic year. */
export const YearHistory = Obj({
  academicYear: Type.Integer(),
  roleNames: Type.Array(Type.String()),
  assignments: Type.Array(Assignment),
});

/** The teachers of one class, grade, role or subject: a body of that one id field. */
const teachersOf = <K extends string>(path: string, summary: string, field: K) =>
  post(
    `${U}/teacher/${path}`,
    summary,
    Obj({ [field]: Id } as Record<K, typeof Id>),
    Type.Array(Teacher),
  );

/** Teachers: editing, lists, teaching assignments, history, import and export. */
export const teacherRoutes = {
  addTeacher: post(
    `${U}/teacher/add_tea`,
    'add a teacher',
    Obj({
      name: Name,
      tel: Tel,
      loginName: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.@-]{2,64}$' })),
      subjectId: Type.Optional(Id),
      roleIds: Type.Optional(Type.Array(Id, { maxItems: 20 })),
      password: Type.Optional(Type.String({ maxLength: 64 })),
    }),
    NewId,
  ),
  deleteTeacher: post(
    `${U}/teacher/del_tea`,
    'disable teachers (their history stays)',
    Obj({ ids: Ids }),
    Count,
  ),
  updateTeacher: post(
    `${U}/teacher/update_tea`,
    'edit a teacher',
    Obj({
      id: Id,
      name: Type.Optional(Name),
      tel: Type.Optional(Tel),
      subjectId: Type.Optional(Nullable(Id)),
      status: Type.Optional(Flag),
    }),
    Null,
  ),
  updateTeacherPassword: post(
    `${U}/teacher/update_pass`,
    "reset a teacher's password",
    Obj({ id: Id, password: Type.String({ minLength: 1, maxLength: 64 }) }),
    Null,
  ),
  saveTeachClass: post(
    `${U}/teacher/save_teach_class`,
    "replace a teacher's teaching assignments this academic year",
    Obj({
      id: Id,
      assignments: Type.Array(Obj({ classId: Id, subjectId: Id }), { maxItems: 100 }),
    }),
    Null,
  ),
  queryTeachers: post(
    `${U}/teacher/query_ts`,
    'teachers in scope, paged',
    PageBody,
    Paged(Teacher),
  ),
  queryTeacher: post(`${U}/teacher/query_one`, 'one teacher', ById, TeacherDetail),
  queryTeacherByClass: teachersOf('query_tea_class', 'teachers of a class', 'classId'),
  queryTeacherByGrade: teachersOf('query_tea_grade', 'teachers of a grade', 'gradeId'),
  queryTeacherByRole: teachersOf('query_tea_role', 'teachers holding a role', 'roleId'),
  queryTeacherBySubject: teachersOf('query_tea_subject', 'teachers of a subject', 'subjectId'),
  listTeacher: post(
    `${U}/teacher/list_teacher`,
    'teachers in scope (at most 1000)',
    Obj({ keyWord: Type.Optional(Type.String({ maxLength: 64 })) }),
    Type.Array(Teacher),
  ),
  listGradingTeacher: post(
    `${U}/teacher/list_grading_teacher`,
    'teachers who may mark (Exam-Wuhen)',
    Obj({ subjectId: Type.Optional(Id) }),
    Type.Array(Teacher),
  ),
  listTeacherProfile: post(
    `${U}/teacher/list_teacher_profile`,
    'teachers with their class and subject counts',
    PageBody,
    Paged(
      Obj({
        id: Type.Integer(),
        name: Type.String(),
        subjectName: Nullable(Type.String()),
        classCount: Type.Integer(),
        subjectCount: Type.Integer(),
      }),
    ),
  ),
  getCourseTeacher: post(
    `${U}/teacher/get_course_tea`,
    'who teaches each subject of a class',
    Obj({ classId: Id }),
    Type.Array(
      Obj({
        subjectId: Type.Integer(),
        subjectName: Type.String(),
        teacherId: Type.Integer(),
        teacherName: Type.String(),
      }),
    ),
  ),
  userHistory: post(
    `${U}/teacher/userHistory`,
    "a teacher's roles and classes by academic year",
    ById,
    Type.Array(YearHistory),
  ),
  teachTimeAxis: post(
    `${U}/teacher/teachTimeAxis`,
    "a teacher's teaching time line",
    ById,
    Type.Array(
      Obj({
        academicYear: Type.Integer(),
        gradeName: Type.String(),
        className: Type.String(),
        subjectName: Type.String(),
      }),
    ),
  ),
  listGradeSubject: post(
    `${U}/teacher/listGradeSubject`,
    "the caller's grades with the subjects they may see",
    Empty,
    Type.Array(
      Obj({ gradeId: Type.Integer(), gradeName: Type.String(), subjects: Type.Array(Subject) }),
    ),
  ),
  listClassPermissions: post(
    `${U}/teacher/listClassPermissions`,
    "the caller's classes and subjects",
    Empty,
    Type.Array(PermClass),
  ),
  ...rosterFileRoutes({
    base: `${U}/teacher`,
    one: 'teacher',
    many: 'teachers',
    resultPath: 'import_message',
    keys: {
      import: 'importTeachers',
      result: 'teacherImportMessage',
      errors: 'teacherImportErrors',
      template: 'teacherTemplate',
      export: 'exportTeachers',
    },
  }),
};
