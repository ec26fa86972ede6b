import { Type } from 'typebox';
import { Paged } from '../envelope';
import { Id, Nullable, Obj, post, OneOf } from '../builders';
import { ById, Count, Flag, Ids, Name, NewId, Null, PageBody, Sex, Tel, U } from './common';
import { rosterFileRoutes } from './rosterFileRoutes';

/** 选科 combinations. */
export const ElectiveCombo = OneOf(['3+1+2', '3+3'] as const);

/** A student as lists show them. */
export const Student = Obj({
  id: Type.Integer(),
  studentNo: Type.String(),
  name: Type.String(),
  sex: Type.Integer(),
  /** Masked (`138****0001`) unless the caller holds System-Tel. */
  tel: Nullable(Type.String()),
  classId: Type.Integer(),
  className: Type.String(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  statistics: Type.Integer({ description: '1 counted in statistics, 0 left out' }),
  comboType: Nullable(Type.String()),
  electiveSubjects: Type.Array(Type.String()),
});
const PagedStudents = Paged(Student);

/** Students: editing, lists, import and export, and 选科. */
export const studentRoutes = {
  addStudent: post(
    `${U}/student/add_stud`,
    'add a student',
    Obj({
      studentNo: Type.String({ pattern: '^[A-Za-z0-9-]{1,32}$' }),
      name: Name,
      classId: Id,
      sex: Type.Optional(Sex),
      tel: Type.Optional(Tel),
    }),
    NewId,
  ),
  deleteStudents: post(`${U}/student/del_stu`, 'delete students', Obj({ ids: Ids }), Count),
  getStudents: post(`${U}/student/get_stu`, 'students in scope, paged', PageBody, PagedStudents),
  getStudent: post(`${U}/student/get_one`, 'one student', ById, Student),
  updateStudent: post(
    `${U}/student/update_stud`,
    'edit a student',
    Obj({
      id: Id,
      studentNo: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9-]{1,32}$' })),
      name: Type.Optional(Name),
      classId: Type.Optional(Id),
      sex: Type.Optional(Sex),
      tel: Type.Optional(Nullable(Tel)),
    }),
    Null,
  ),
  setStudentStatistics: post(
    `${U}/student/set_stud_statistics`,
    'count students in statistics or not',
    Obj({ ids: Ids, statistics: Flag }),
    Count,
  ),
  ...rosterFileRoutes({
    base: `${U}/student`,
    one: 'student',
    many: 'students',
    resultPath: 'import_result',
    keys: {
      import: 'importStudents',
      result: 'studentImportResult',
      errors: 'studentImportErrors',
      template: 'studentTemplate',
      export: 'exportStudents',
    },
  }),
  getGradeInfo: post(
    `${U}/student/getGradeInfo`,
    'a grade with its classes and student counts',
    Obj({ gradeId: Id }),
    Obj({
      gradeId: Type.Integer(),
      gradeName: Type.String(),
      studentCount: Type.Integer(),
      classes: Type.Array(
        Obj({ id: Type.Integer(), name: Type.String(), studentCount: Type.Integer() }),
      ),
    }),
  ),
  getStudentNo: post(
    `${U}/student/get_stud_no`,
    'the next free student number of a class',
    Obj({ classId: Id }),
    Obj({ studentNo: Type.String() }),
  ),
  electiveStudents: post(
    `${U}/level/exam/list_students`,
    'students of a grade with their elective subjects',
    Obj({ ...PageBody.properties, gradeId: Id, comboType: Type.Optional(ElectiveCombo) }),
    PagedStudents,
  ),
  setElective: post(
    `${U}/level/exam/set_student_subject`,
    'set the elective subjects (3+1+2 or 3+3) of students',
    Obj({
      studentIds: Ids,
      comboType: ElectiveCombo,
      subjects: Type.Array(Type.String({ maxLength: 8 }), { minItems: 3, maxItems: 3 }),
    }),
    Count,
  ),
};
