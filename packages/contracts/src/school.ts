import { Type, type TSchema } from 'typebox';
import { Paged } from './envelope';
import { route } from './route';
import { PermItem } from './user';

const strict = { additionalProperties: false } as const;
const U = '/marking-user/user';

const Id = Type.Integer({ minimum: 1 });
const Ids = Type.Array(Id, { minItems: 1, maxItems: 1000 });
const Name = Type.String({ minLength: 1, maxLength: 64 });
const Tel = Type.String({ pattern: '^1[0-9]{10}$', description: 'mainland mobile number' });
const Sex = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], {
  description: '0 unknown, 1 男, 2 女',
});
const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Obj = <P extends Record<string, TSchema>>(props: P) => Type.Object(props, strict);
const Empty = Obj({});

const post = <B extends TSchema, D extends TSchema>(
  url: string,
  summary: string,
  body: B,
  data: D,
) =>
  route({
    method: 'POST',
    url,
    encoding: 'json',
    auth: true,
    summary,
    body,
    query: undefined,
    data,
  });

const get = <D extends TSchema>(url: string, summary: string, data: D) =>
  route({
    method: 'GET',
    url,
    encoding: 'json',
    auth: true,
    summary,
    body: undefined,
    query: undefined,
    data,
  });

/** A paged list request: `pageNum` from 1, at most 200 a page. */
export const PageBody = Obj({
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
  gradeId: Type.Optional(Id),
  classId: Type.Optional(Id),
  subjectId: Type.Optional(Id),
  roleId: Type.Optional(Id),
  keyWord: Type.Optional(Type.String({ maxLength: 64 })),
});

/** A file in both directions: an `.xlsx` (or `.csv` on import), base64 encoded, under 1 MiB in all. */
export const FileData = Obj({
  fileName: Type.String({ minLength: 1, maxLength: 128, pattern: '\\.(xlsx|csv)$' }),
  contentBase64: Type.String({ minLength: 1, maxLength: 1_000_000 }),
});

export const ImportError = Obj({
  row: Type.Integer({ description: 'spreadsheet row, the header being row 1' }),
  column: Type.String(),
  reason: Type.String(),
});

/** The outcome of an import: `rejected` means nothing was written and `errors` lists every bad row. */
export const ImportResult = Obj({
  jobId: Type.Integer(),
  status: Type.Union([Type.Literal('ok'), Type.Literal('rejected')]),
  total: Type.Integer(),
  inserted: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  errors: Type.Array(ImportError),
  createdAt: Type.Integer(),
});

export const Grade = Obj({
  id: Type.Integer(),
  name: Type.String(),
  gradeNum: Type.Integer(),
  academicYear: Type.Integer(),
});
export const Subject = Obj({ id: Type.Integer(), name: Type.String(), code: Type.String() });
export const SchoolClass = Obj({
  id: Type.Integer(),
  name: Type.String(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  headTeacherId: Nullable(Type.Integer()),
  headTeacherName: Nullable(Type.String()),
  studentCount: Type.Integer(),
});
export const ClassRole = Obj({
  classId: Type.Integer(),
  className: Type.String(),
  userId: Type.Integer(),
  teacherName: Type.String(),
  roleType: Type.Integer({ description: '1 班主任' }),
});
export const PermClass = Obj({
  classId: Type.Integer(),
  className: Type.String(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  /** Every subject of the class (班主任, 年级主任, school-wide), or only `subjectIds`. */
  allSubjects: Type.Boolean(),
  subjectIds: Type.Array(Type.Integer()),
});

export const RoleItem = Obj({
  id: Type.Integer(),
  roleName: Type.String(),
  /** Data scope: the whole school, or only the holder's own grades, classes and teaching classes. */
  schoolWide: Type.Boolean(),
  userCount: Type.Integer(),
});

export const ElectiveCombo = Type.Union([Type.Literal('3+1+2'), Type.Literal('3+3')]);

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
export const Assignment = Obj({
  classId: Type.Integer(),
  className: Type.String(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  subjectId: Type.Integer(),
  subjectName: Type.String(),
});
export const TeacherDetail = Obj({
  ...Teacher.properties,
  roles: Type.Array(Obj({ id: Type.Integer(), roleName: Type.String() })),
  assignments: Type.Array(Assignment),
  headOfClassIds: Type.Array(Type.Integer()),
  gradeLeadOfGradeIds: Type.Array(Type.Integer()),
});
export const YearHistory = Obj({
  academicYear: Type.Integer(),
  roleNames: Type.Array(Type.String()),
  assignments: Type.Array(Assignment),
});

export const TeachClass = Obj({
  id: Type.Integer(),
  name: Type.String(),
  gradeId: Type.Integer(),
  gradeName: Type.String(),
  subjectId: Type.Integer(),
  subjectName: Type.String(),
  teacherId: Nullable(Type.Integer()),
  teacherName: Nullable(Type.String()),
  studentCount: Type.Integer(),
});

/** Score level lines as a percentage of full marks (spec: 优秀/良好/及格/低分). */
export const LevelLines = Obj({
  excellent: Type.Number({ minimum: 0, maximum: 100 }),
  good: Type.Number({ minimum: 0, maximum: 100 }),
  pass: Type.Number({ minimum: 0, maximum: 100 }),
  low: Type.Number({ minimum: 0, maximum: 100 }),
});

export const PARAM_TYPES = [
  'reportPush',
  'level',
  'knowledge',
  'undulate',
  'count',
  'ability',
  'accomplishment',
  'average',
  'gradeSet',
  'other',
  'homework',
] as const;
export const ParamType = Type.Union(PARAM_TYPES.map((t) => Type.Literal(t)));
/** One parameter page's settings: a flat object of numbers, strings and booleans (level: {@link LevelLines}). */
export const ParamValue = Type.Record(
  Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$' }),
  Type.Union([Type.Number(), Type.String({ maxLength: 500 }), Type.Boolean()]),
  { maxProperties: 50 },
);
export const Param = Obj({ paramType: Type.String(), value: ParamValue });
export const ReportPush = Obj({
  enabled: Type.Boolean(),
  pushToParents: Type.Boolean(),
  pushToStudents: Type.Boolean(),
  showRank: Type.Boolean(),
  showScore: Type.Boolean(),
});
export const AbilityItem = Obj({
  id: Type.Integer(),
  subjectId: Type.Integer(),
  subjectName: Type.String(),
  name: Type.String(),
});
/** How homework of a grade × subject is corrected (docs/administration.md "Homework settings"). */
export const CORRECTION_MODES = ['teacher', 'peer', 'auto'] as const;
/** 教师批改, 学生互评, 自动批改 (objective items only; subjective items go to the teacher). */
export const CORRECTION_MODE_LABELS: Record<(typeof CORRECTION_MODES)[number], string> = {
  teacher: '教师批改',
  peer: '学生互评',
  auto: '自动批改',
};
export const CorrectionMode = Type.Union([
  Type.Literal('teacher'),
  Type.Literal('peer'),
  Type.Literal('auto'),
]);

/** The textbook editions a school may choose for a grade × subject. */
export const TEXTBOOK_EDITIONS = [
  '人教版',
  '北师大版',
  '苏教版',
  '沪教版',
  '外研版',
  '湘教版',
  '鲁科版',
  '部编版',
  '其他',
] as const;
export const TextbookEdition = Type.Union([
  Type.Literal('人教版'),
  Type.Literal('北师大版'),
  Type.Literal('苏教版'),
  Type.Literal('沪教版'),
  Type.Literal('外研版'),
  Type.Literal('湘教版'),
  Type.Literal('鲁科版'),
  Type.Literal('部编版'),
  Type.Literal('其他'),
]);
/** Suggestions for the volume (册次), which is free text. */
export const VOLUME_SUGGESTIONS = [
  '上册',
  '下册',
  '必修一',
  '必修二',
  '必修三',
  '选择性必修一',
  '选择性必修二',
  '选择性必修三',
] as const;

/** `22:00`: a time of day, 24-hour clock. */
const TimeOfDay = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });

const HomeworkSettingFields = {
  gradeId: Id,
  subjectId: Id,
  /** The homework module is used for this grade × subject. */
  enabled: Type.Boolean(),
  /** Default submission deadline, time of day on the due date. */
  deadlineTime: TimeOfDay,
  /** Submissions after the deadline are accepted (marked late). */
  allowLate: Type.Boolean(),
  correctionMode: CorrectionMode,
  /** Parents are notified when homework is set and corrected. */
  notifyParents: Type.Boolean(),
};
export const HomeworkSettingInput = Obj(HomeworkSettingFields);
export const HomeworkSetting = Obj({
  ...HomeworkSettingFields,
  gradeName: Type.String(),
  subjectName: Type.String(),
  /** False while the row shows the defaults (nothing saved yet). */
  saved: Type.Boolean(),
});
const TextbookFields = {
  gradeId: Id,
  subjectId: Id,
  /** null: no edition chosen (saving null clears the row). */
  edition: Nullable(TextbookEdition),
  /** 册次, free text: 上册, 下册, 选择性必修一 … */
  volume: Type.String({ maxLength: 32 }),
};
export const TextbookCorrelationInput = Obj(TextbookFields);
export const TextbookCorrelation = Obj({
  ...TextbookFields,
  gradeName: Type.String(),
  subjectName: Type.String(),
});
const SaveCount = Obj({
  /** Rows written (inserted or changed). */
  changed: Type.Integer(),
  /** Rows sent that already held these values. */
  unchanged: Type.Integer(),
});
const Dic = Obj({ dicCode: Type.String(), dicValue: Type.String() });
const DicCode = Type.String({ pattern: '^[0-9]{9}$' });
const NewId = Obj({ id: Type.Integer() });
const ById = Obj({ id: Id });
const Null = Type.Null();
const Count = Obj({ count: Type.Integer() });
const PagedStudents = Paged(Student);

/** The school administration calls under /marking-user (spec 001 §7); each entry is a {@link RouteContract} made with `route()`. */
export const administrationRoutes = {
  // school dictionary
  dicGetValue: post(
    `${U}/school/dic/get_value`,
    'one dictionary value',
    Obj({ dicCode: DicCode }),
    Obj({ dicCode: Type.String(), dicValue: Nullable(Type.String()) }),
  ),
  dicGetCodes: post(
    `${U}/school/dic/get_code`,
    'dictionary values by code',
    Obj({ dicCodes: Type.Array(DicCode, { minItems: 1, maxItems: 100 }) }),
    Type.Array(Dic),
  ),
  dicUpdateValue: post(
    `${U}/school/dic/update_value`,
    'set a dictionary value',
    Obj({ dicCode: DicCode, dicValue: Type.String({ maxLength: 2000 }) }),
    Null,
  ),
  dicGetLevel: post(`${U}/school/dic/get_level`, 'score level lines', Empty, LevelLines),
  dicGetSubject: post(
    `${U}/school/dic/get_subject`,
    'subjects of the school',
    Empty,
    Type.Array(Subject),
  ),
  dicGetLow: post(`${U}/school/dic/get_low`, 'low-score line', Empty, Obj({ low: Type.Number() })),
  dicGetBord: post(
    `${U}/school/dic/get_bord`,
    'borderline band around each level line',
    Empty,
    Obj({ border: Type.Number() }),
  ),
  dicGetAnal: post(
    `${U}/school/dic/get_anal`,
    'analysis settings: top and bottom group shares',
    Empty,
    Obj({ topPercent: Type.Number(), bottomPercent: Type.Number() }),
  ),
  getReportPush: post(
    `${U}/v3/school/dic/get_report_push`,
    'report-push settings',
    Empty,
    ReportPush,
  ),
  saveReportPush: post(
    `${U}/v3/school/dic/save_report_push`,
    'save report-push settings',
    ReportPush,
    Null,
  ),

  // school
  queryClass: post(
    `${U}/school/query_class`,
    'administrative classes in scope',
    Obj({ gradeId: Type.Optional(Id) }),
    Type.Array(SchoolClass),
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
  updateSchoolConfig: post(
    `${U}/school/update_school_config`,
    'school name',
    Obj({ schoolName: Name }),
    Null,
  ),
  getPermGrade: post(
    `${U}/school/get_perm_grade`,
    'grades the caller may see',
    Empty,
    Type.Array(Grade),
  ),
  getPermClass: post(
    `${U}/school/get_perm_class`,
    'classes the caller may see',
    Obj({ gradeId: Type.Optional(Id) }),
    Type.Array(PermClass),
  ),
  getPermSubject: post(
    `${U}/school/get_perm_subject`,
    'subjects the caller may see',
    Obj({ gradeId: Type.Optional(Id), classId: Type.Optional(Id) }),
    Type.Array(Subject),
  ),
  listGradeBySchool: post(
    `${U}/school/list_grade_by_school`,
    'grades with class counts',
    Empty,
    Type.Array(Obj({ ...Grade.properties, classCount: Type.Integer() })),
  ),
  listClassByGrade: post(
    `${U}/school/list_class_by_grade`,
    'classes of a grade in scope',
    Obj({ gradeId: Id }),
    Type.Array(SchoolClass),
  ),
  listSubjectByGrade: post(
    `${U}/school/list_subject_by_grade`,
    'subjects taught in a grade',
    Obj({ gradeId: Id }),
    Type.Array(Subject),
  ),

  // roles
  roleList: post(`${U}/school/role/list`, 'roles of the school', Empty, Type.Array(RoleItem)),
  roleInsert: post(
    `${U}/school/role/insert`,
    'add a role (with no permissions)',
    Obj({ roleName: Name, schoolWide: Type.Optional(Type.Boolean()) }),
    NewId,
  ),
  roleUpdate: post(
    `${U}/school/role/update`,
    'rename a role or change its data scope',
    Obj({ id: Id, roleName: Type.Optional(Name), schoolWide: Type.Optional(Type.Boolean()) }),
    Null,
  ),
  roleDelete: post(`${U}/school/role/delete`, 'delete a role nobody holds', ById, Null),
  roleUpdatePerm: post(
    `${U}/school/role/update_perm`,
    "replace a role's permission keys",
    Obj({ id: Id, permCodes: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500 }) }),
    Null,
  ),
  roleGetPerms: post(
    `${U}/school/role/get_perms`,
    "a role's permission keys",
    ById,
    Type.Array(Type.String()),
  ),
  permList: post(`${U}/school/prem/list`, 'the permission catalogue', Empty, Type.Array(PermItem)),
  assignRoles: post(
    `${U}/school/role/assign`,
    "set a teacher's roles for this academic year",
    Obj({ userId: Id, roleIds: Type.Array(Id, { maxItems: 20 }) }),
    Null,
  ),

  // parameters
  paramList: get(
    `${U}/school/param/list`,
    'every parameter page, defaults filled in',
    Type.Array(Param),
  ),
  paramAdd: post(
    `${U}/school/param/add`,
    'save one parameter page',
    Obj({ paramType: ParamType, value: ParamValue }),
    Null,
  ),

  // teachers
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
  queryTeacherByClass: post(
    `${U}/teacher/query_tea_class`,
    'teachers of a class',
    Obj({ classId: Id }),
    Type.Array(Teacher),
  ),
  queryTeacherByGrade: post(
    `${U}/teacher/query_tea_grade`,
    'teachers of a grade',
    Obj({ gradeId: Id }),
    Type.Array(Teacher),
  ),
  queryTeacherByRole: post(
    `${U}/teacher/query_tea_role`,
    'teachers holding a role',
    Obj({ roleId: Id }),
    Type.Array(Teacher),
  ),
  queryTeacherBySubject: post(
    `${U}/teacher/query_tea_subject`,
    'teachers of a subject',
    Obj({ subjectId: Id }),
    Type.Array(Teacher),
  ),
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
  importTeachers: post(
    `${U}/teacher/import`,
    'import teachers from .xlsx or .csv',
    FileData,
    ImportResult,
  ),
  teacherImportMessage: post(
    `${U}/teacher/import_message`,
    'result of the latest (or a given) teacher import',
    Obj({ jobId: Type.Optional(Id) }),
    Nullable(ImportResult),
  ),
  teacherImportErrors: post(
    `${U}/teacher/import_errors`,
    "an import's bad rows as a spreadsheet",
    ById,
    FileData,
  ),
  teacherTemplate: post(`${U}/teacher/import_template`, 'teacher import template', Empty, FileData),
  exportTeachers: post(
    `${U}/teacher/export`,
    'teachers in scope as .xlsx (audited, rate limited)',
    PageBody,
    FileData,
  ),

  // students
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
  importStudents: post(
    `${U}/student/import`,
    'import students from .xlsx or .csv',
    FileData,
    ImportResult,
  ),
  studentImportResult: post(
    `${U}/student/import_result`,
    'result of the latest (or a given) student import',
    Obj({ jobId: Type.Optional(Id) }),
    Nullable(ImportResult),
  ),
  studentImportErrors: post(
    `${U}/student/import_errors`,
    "an import's bad rows as a spreadsheet",
    ById,
    FileData,
  ),
  studentTemplate: post(`${U}/student/import_template`, 'student import template', Empty, FileData),
  exportStudents: post(
    `${U}/student/export`,
    'students in scope as .xlsx (audited, rate limited)',
    PageBody,
    FileData,
  ),
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
        studentId: Type.Integer(),
        studentNo: Type.String(),
        name: Type.String(),
        className: Type.String(),
        teachClasses: Type.Array(
          Obj({ id: Type.Integer(), name: Type.String(), subjectName: Type.String() }),
        ),
      }),
    ),
  ),
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

  // 选科
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

  // teaching classes (走班)
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

  // ability and accomplishment
  abilitySubjects: post(
    `${U}/ability/get_subject`,
    'subjects with ability items',
    Empty,
    Type.Array(Subject),
  ),
  abilityList: post(
    `${U}/ability/getListAbility`,
    'ability items',
    Obj({ subjectId: Type.Optional(Id) }),
    Type.Array(AbilityItem),
  ),
  abilityInsert: post(
    `${U}/ability/insert`,
    'add an ability item',
    Obj({ subjectId: Id, name: Name }),
    NewId,
  ),
  abilityDelete: post(`${U}/ability/delete`, 'delete an ability item', ById, Null),
  accomplishmentList: post(
    `${U}/accomplishment/getList`,
    'accomplishment items',
    Obj({ subjectId: Type.Optional(Id) }),
    Type.Array(AbilityItem),
  ),
  accomplishmentSubjects: post(
    `${U}/accomplishment/get_subject`,
    'subjects with accomplishment items',
    Empty,
    Type.Array(Subject),
  ),
  accomplishmentInsert: post(
    `${U}/accomplishment/insert`,
    'add an accomplishment item',
    Obj({ subjectId: Id, name: Name }),
    NewId,
  ),
  accomplishmentDelete: post(
    `${U}/accomplishment/delete`,
    'delete an accomplishment item',
    ById,
    Null,
  ),

  // grade display
  gradeShowSave: post(
    `${U}/GradeShowInitialize/setSaveData`,
    'grade display settings',
    Obj({
      gradeIds: Type.Array(Id, { maxItems: 50 }),
      showRank: Type.Boolean(),
      showLevel: Type.Boolean(),
    }),
    Null,
  ),
  gradeShowGet: post(
    `${U}/GradeShowInitialize/getEchoData`,
    'grade display settings',
    Empty,
    Obj({
      gradeIds: Type.Array(Type.Integer()),
      showRank: Type.Boolean(),
      showLevel: Type.Boolean(),
    }),
  ),

  // system classes and holidays
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
  holidayList: post(
    '/marking-user/holiday/list',
    'school holidays of a year',
    Obj({ year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })) }),
    Type.Array(Obj({ date: Type.String(), name: Type.String() })),
  ),
  // homework settings and textbook correlation (/system/homework, /system/homework/correlation)
  homeworkSettingsGet: post(
    `${U}/school/homework/get`,
    'homework settings per grade × subject of the academic year, defaults filled in',
    Empty,
    Obj({ academicYear: Type.Integer(), rows: Type.Array(HomeworkSetting) }),
  ),
  homeworkSettingsSave: post(
    `${U}/school/homework/save`,
    'save homework settings (upsert by grade × subject, all or nothing)',
    Obj({ items: Type.Array(HomeworkSettingInput, { minItems: 1, maxItems: 1000 }) }),
    SaveCount,
  ),
  homeworkCorrelationGet: post(
    `${U}/school/homework/correlation/get`,
    'textbook edition and volume per grade × subject of the academic year',
    Empty,
    Obj({ academicYear: Type.Integer(), rows: Type.Array(TextbookCorrelation) }),
  ),
  homeworkCorrelationSave: post(
    `${U}/school/homework/correlation/save`,
    'save textbook editions (upsert by grade × subject, all or nothing; edition null clears)',
    Obj({ items: Type.Array(TextbookCorrelationInput, { minItems: 1, maxItems: 1000 }) }),
    SaveCount,
  ),
};
