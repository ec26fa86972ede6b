import { Type, type Static } from 'typebox';
import { post, Obj } from './builders';

const Int = Type.Integer();

/**
 * What the signed-in user may see and do in the session's school and academic year: the same
 * data-scope rule the server applies to every read (docs/scope.md), for screens to show only
 * the menus, buttons, classes and subjects the server allows.
 */
export const MyScope = Type.Object({
  /** A school-wide role (学校管理员, 校长, 教务主任): every grade, class and subject. */
  schoolWide: Type.Boolean(),
  /** Grades whose exams the user manages (create, edit, delete, publish, withdraw, scan): all when school-wide. */
  manageGradeIds: Type.Array(Int),
  /** Grades the user sees exams of. */
  gradeIds: Type.Array(Int),
  /** Classes in scope; `allSubjects` for 班主任 and 年级主任, else the subjects taught there. */
  classes: Type.Array(
    Type.Object({ classId: Int, allSubjects: Type.Boolean(), subjectIds: Type.Array(Int) }),
  ),
  /** Holds the marking-manager key (Exam-Wuhen-Manage): every block of the school. */
  markingManager: Type.Boolean(),
  /** Blocks the user marks, leads or arbitrates. */
  markingBlockIds: Type.Array(Int),
  /** A reader of the whole school that writes nothing (an education bureau's seat). @default false */
  reader: Type.Optional(Type.Boolean()),
});
export type MyScope = Static<typeof MyScope>;

export const scopeRoutes = {
  myScope: post(
    '/marking-user/user/school/my_scope',
    'the signed-in user’s data scope and marking roles (docs/scope.md)',
    Obj({}),
    MyScope,
  ),
};
