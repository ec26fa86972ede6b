import { Type } from 'typebox';
import { Id, Obj, post } from '../builders';
import { Empty, Name, Null, Subject, U } from './common';

/** A grade of the academic year. */
export const Grade = Obj({
  id: Type.Integer(),
  name: Type.String(),
  gradeNum: Type.Integer(),
  academicYear: Type.Integer(),
});

/** The session school, its grades and subjects, and its holidays. */
export const schoolRoutes = {
  getSchool: post(
    `${U}/school/get`,
    'the session school',
    Empty,
    Obj({
      id: Type.Integer(),
      code: Type.String(),
      name: Type.String(),
      academicYear: Type.Integer(),
    }),
  ),
  updateSchoolConfig: post(
    `${U}/school/update_school_config`,
    'school name',
    Obj({ schoolName: Name }),
    Null,
  ),
  queryGrade: post(
    `${U}/school/query_grade`,
    'grades of this academic year',
    Empty,
    Type.Array(Grade),
  ),
  listGrade: post(
    `${U}/school/list_grade`,
    'grades of this academic year',
    Empty,
    Type.Array(Grade),
  ),
  getPermGrade: post(
    `${U}/school/get_perm_grade`,
    'grades the caller may see',
    Empty,
    Type.Array(Grade),
  ),
  listGradeBySchool: post(
    `${U}/school/list_grade_by_school`,
    'grades with class counts',
    Empty,
    Type.Array(Obj({ ...Grade.properties, classCount: Type.Integer() })),
  ),
  getPermSubject: post(
    `${U}/school/get_perm_subject`,
    'subjects the caller may see',
    Obj({ gradeId: Type.Optional(Id), classId: Type.Optional(Id) }),
    Type.Array(Subject),
  ),
  listSubjectByGrade: post(
    `${U}/school/list_subject_by_grade`,
    'subjects taught in a grade',
    Obj({ gradeId: Id }),
    Type.Array(Subject),
  ),
  holidayList: post(
    '/marking-user/holiday/list',
    'school holidays of a year',
    Obj({ year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })) }),
    Type.Array(Obj({ date: Type.String(), name: Type.String() })),
  ),
};
