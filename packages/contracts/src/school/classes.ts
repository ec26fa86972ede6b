import { Type } from 'typebox';
import { Id, Nullable, Obj, post } from '../builders';
import { Count, Empty, FileData, ImportResult, Ids, Name, NewId, Null, U } from './common';

/** An administrative class. */
export const SchoolClass = Obj({
  id: Type.Integer(),
  name: Type.String(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  headTeacherId: Nullable(Type.Integer()),
  headTeacherName: Nullable(Type.String()),
  studentCount: Type.Integer(),
});

/** A class's 班主任. */
export const ClassRole = Obj({
  classId: Type.Integer(),
  className: Type.String(),
  userId: Type.Integer(),
  teacherName: Type.String(),
  roleType: Type.Integer({ description: '1 班主任' }),
});

/** A class the caller may see, with the subjects they see there. */
export const PermClass = Obj({
  classId: Type.Integer(),
  className: Type.String(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  /** Every subject of the class (班主任, 年级主任, school-wide), or only `subjectIds`. */
  allSubjects: Type.Boolean(),
  subjectIds: Type.Array(Type.Integer()),
});

/** Administrative classes: listing, 班主任, adding and renaming, and the class spreadsheet. */
export const classRoutes = {
  queryClass: post(
    `${U}/school/query_class`,
    'administrative classes in scope',
    Obj({ gradeId: Type.Optional(Id) }),
    Type.Array(SchoolClass),
  ),
  queryClassRole: post(
    `${U}/school/query_class_role`,
    'class heads',
    Obj({ gradeId: Type.Optional(Id), classId: Type.Optional(Id) }),
    Type.Array(ClassRole),
  ),
  addClassRole: post(
    `${U}/school/add_class_role`,
    'appoint (or clear, userId null) the 班主任 of a class',
    Obj({ classId: Id, userId: Nullable(Id) }),
    Null,
  ),
  addClassNew: post(
    `${U}/school/add_class_new`,
    'add an administrative class',
    Obj({ gradeId: Id, name: Name }),
    NewId,
  ),
  updateClassNew: post(
    `${U}/school/update_class_new`,
    'rename a class',
    Obj({ id: Id, name: Name }),
    Null,
  ),
  getPermClass: post(
    `${U}/school/get_perm_class`,
    'classes the caller may see',
    Obj({ gradeId: Type.Optional(Id) }),
    Type.Array(PermClass),
  ),
  listClassByGrade: post(
    `${U}/school/list_class_by_grade`,
    'classes of a grade in scope',
    Obj({ gradeId: Id }),
    Type.Array(SchoolClass),
  ),
  sysClassDelete: post(
    '/marking-user/sys/class/delete',
    'delete empty classes',
    Obj({ ids: Ids }),
    Count,
  ),
  sysClassImport: post(
    '/marking-user/sys/class/batch_import',
    'import classes (年级, 班级) from .xlsx or .csv',
    FileData,
    ImportResult,
  ),
  sysClassDownload: post(
    '/marking-user/sys/class/download',
    'the classes as .xlsx, also the import template',
    Empty,
    FileData,
  ),
};
