import { Type } from 'typebox';
import { Paged } from '../envelope';
import { gradeSubjectRow, Id, Nullable, Obj, post, studentFields } from '../builders';
import { ById, Count, FileData, Name, NewId, Null, PageBody, U } from './common';
import { Student } from './students';

/** A teaching class (走班) of one subject. */
export const TeachClass = Obj({
  ...gradeSubjectRow(),
  teacherId: Nullable(Type.Integer()),
  teacherName: Nullable(Type.String()),
  studentCount: Type.Integer(),
});

/** Teaching classes (走班) and the students in them. */
export const teachingClassRoutes = {
  queryStudentTeachClass: post(
    `${U}/student/query_stu_teach_class`,
    "a student's teaching classes",
    Obj({ studentId: Id }),
    Type.Array(TeachClass),
  ),
  listStudentTeachClass: post(
    `${U}/student/list_stu_teach_class`,
    'students of a grade with their teaching classes',
    Obj({ gradeId: Id }),
    Type.Array(
      Obj({
        ...studentFields(),
        teachClasses: Type.Array(
          Obj({ id: Type.Integer(), name: Type.String(), subjectName: Type.String() }),
        ),
      }),
    ),
  ),
  teachClassAdd: post(
    `${U}/teachclass/add`,
    'add a teaching class',
    Obj({ gradeId: Id, subjectId: Id, name: Name, teacherId: Type.Optional(Id) }),
    NewId,
  ),
  teachClassDelete: post(`${U}/teachclass/del`, 'delete a teaching class', ById, Null),
  teachClassList: post(
    `${U}/teachclass/list`,
    'teaching classes in scope, paged',
    PageBody,
    Paged(TeachClass),
  ),
  teachClassUpdate: post(
    `${U}/teachclass/update`,
    'edit a teaching class',
    Obj({ id: Id, name: Type.Optional(Name), teacherId: Type.Optional(Nullable(Id)) }),
    Null,
  ),
  teachClassAllot: post(
    `${U}/teachclass/allot_stud`,
    'set the students of a teaching class',
    Obj({ id: Id, studentIds: Type.Array(Id, { maxItems: 1000 }) }),
    Count,
  ),
  teachClassStudents: post(
    `${U}/teachclass/list_stud`,
    'students of a teaching class',
    ById,
    Type.Array(Student),
  ),
  teachClassAll: post(
    `${U}/teachclass/list_all_class`,
    'every teaching class in scope',
    Obj({ gradeId: Type.Optional(Id) }),
    Type.Array(TeachClass),
  ),
  teachClassInfo: post(
    `${U}/teachclass/getTeachingClassInfo`,
    'one teaching class',
    ById,
    TeachClass,
  ),
  teachClassTemplate: post(
    `${U}/teachclass/export_template`,
    'allotment template (student number, teaching class)',
    Obj({ gradeId: Id }),
    FileData,
  ),
};
