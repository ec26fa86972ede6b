import type { Db } from './database';
import { forbidden, notFound } from './envelope';
import type { SessionInfo } from './session';
import { permissionCodesIn } from '../auth/access';

/**
 * What the signed-in user may see in the session's school and academic year
 * (docs/scope.md). Subjects led as 学科组长 (`subject_roles`) add that subject in
 * every class of the grade, or of the school, to the union below. A role marked school-wide (学校管理员,
 * 校长, 教务主任) sees everything; otherwise the scope is the union of the user's
 * grades as 年级主任, classes as 班主任 (every subject) and teaching
 * assignments (only the subjects taught there).
 */
export interface DataScope {
  schoolId: number;
  academicYear: number;
  schoolWide: boolean;
  /** Grades the user leads (年级主任). */
  leadGradeIds: Set<number>;
  /** Classes where the user sees every subject: in led grades or as 班主任. */
  fullClassIds: Set<number>;
  /** Every class in scope, with the subjects the user teaches there (all when in `fullClassIds`). */
  subjectsByClass: Map<number, Set<number>>;
  /** Grades of every class in scope, and the led grades. */
  gradeIds: Set<number>;
  /**
   * A reader of the whole school that manages nothing: the seat of an education bureau
   * (docs/joint-exams.md#bureau-sign-in). Every grade and class is in scope with every subject,
   * no grade is led, and `schoolWide` is false, so every write that asks for a school-wide role
   * or a led grade refuses it.
   */
  wholeSchoolReader?: boolean;
}

/** Loads the data scope of the session's user. */
export async function loadScope(db: Db, session: SessionInfo): Promise<DataScope> {
  const { schoolId, academicYear, userId } = session;
  const [seat, wide] = await Promise.all([
    db
      .selectFrom('bureau_seats')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('school_id', '=', schoolId)
      .executeTakeFirst(),
    db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .innerJoin('role_scopes as rs', 'rs.role_id', 'ur.role_id')
      .select('rs.role_id')
      .where('ur.user_id', '=', userId)
      .where('ur.academic_year', '=', academicYear)
      .where('r.school_id', '=', schoolId)
      .where('rs.school_wide', '=', 1)
      .executeTakeFirst(),
  ]);
  if (seat) return wholeSchoolReader(db, session);
  const scope: DataScope = {
    schoolId,
    academicYear,
    schoolWide: wide !== undefined,
    leadGradeIds: new Set(),
    fullClassIds: new Set(),
    subjectsByClass: new Map(),
    gradeIds: new Set(),
  };
  if (scope.schoolWide) return scope;

  const [led, headed, taught, subjectLed] = await Promise.all([
    db
      .selectFrom('grade_roles as gr')
      .innerJoin('grades as g', 'g.id', 'gr.grade_id')
      .innerJoin('classes as c', 'c.grade_id', 'g.id')
      .select(['g.id as gradeId', 'c.id as classId'])
      .where('gr.user_id', '=', userId)
      .where('gr.academic_year', '=', academicYear)
      .where('g.school_id', '=', schoolId)
      .execute(),
    db
      .selectFrom('class_roles as cr')
      .innerJoin('classes as c', 'c.id', 'cr.class_id')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['g.id as gradeId', 'c.id as classId'])
      .where('cr.user_id', '=', userId)
      .where('cr.academic_year', '=', academicYear)
      .where('g.school_id', '=', schoolId)
      .execute(),
    db
      .selectFrom('teaching_assignments as ta')
      .innerJoin('classes as c', 'c.id', 'ta.class_id')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['g.id as gradeId', 'c.id as classId', 'ta.subject_id as subjectId'])
      .where('ta.user_id', '=', userId)
      .where('ta.academic_year', '=', academicYear)
      .where('g.school_id', '=', schoolId)
      .execute(),
    db
      .selectFrom('subject_roles as sr')
      .innerJoin('grades as g', (join) =>
        join
          .on('g.school_id', '=', schoolId)
          .on('g.academic_year', '=', academicYear)
          .on((eb) =>
            eb.or([eb('sr.grade_id', 'is', null), eb('sr.grade_id', '=', eb.ref('g.id'))]),
          ),
      )
      .innerJoin('classes as c', 'c.grade_id', 'g.id')
      .select(['g.id as gradeId', 'c.id as classId', 'sr.subject_id as subjectId'])
      .where('sr.user_id', '=', userId)
      .where('sr.academic_year', '=', academicYear)
      .where('sr.school_id', '=', schoolId)
      .execute(),
  ]);
  const leadGrades = await db
    .selectFrom('grade_roles as gr')
    .innerJoin('grades as g', 'g.id', 'gr.grade_id')
    .select('g.id')
    .where('gr.user_id', '=', userId)
    .where('gr.academic_year', '=', academicYear)
    .where('g.school_id', '=', schoolId)
    .execute();
  for (const g of leadGrades) {
    scope.leadGradeIds.add(g.id);
    scope.gradeIds.add(g.id);
  }
  for (const row of [...led, ...headed]) {
    scope.fullClassIds.add(row.classId);
    scope.gradeIds.add(row.gradeId);
    scope.subjectsByClass.set(row.classId, new Set());
  }
  for (const row of [...taught, ...subjectLed]) {
    scope.gradeIds.add(row.gradeId);
    const subjects = scope.subjectsByClass.get(row.classId) ?? new Set<number>();
    subjects.add(row.subjectId);
    scope.subjectsByClass.set(row.classId, subjects);
  }
  return scope;
}

/**
 * The scope of a bureau seat: every grade and class of the school, of every academic year (as a
 * school-wide role reads them), to read; none to manage.
 */
async function wholeSchoolReader(db: Db, session: SessionInfo): Promise<DataScope> {
  const [classes, grades] = await Promise.all([
    db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['g.id as gradeId', 'c.id as classId'])
      .where('g.school_id', '=', session.schoolId)
      .execute(),
    db.selectFrom('grades').select('id').where('school_id', '=', session.schoolId).execute(),
  ]);
  return {
    schoolId: session.schoolId,
    academicYear: session.academicYear,
    schoolWide: false,
    wholeSchoolReader: true,
    leadGradeIds: new Set(),
    fullClassIds: new Set(classes.map((c) => c.classId)),
    subjectsByClass: new Map(classes.map((c) => [c.classId, new Set<number>()])),
    gradeIds: new Set(grades.map((g) => g.id)),
  };
}

/** Class ids the scope allows, or null for every class of the school. */
export function scopedClassIds(scope: DataScope): number[] | null {
  return scope.schoolWide ? null : [...scope.subjectsByClass.keys()];
}

export function inScopeClass(scope: DataScope, classId: number): boolean {
  return scope.schoolWide || scope.subjectsByClass.has(classId);
}

export function inScopeGrade(scope: DataScope, gradeId: number): boolean {
  return scope.schoolWide || scope.gradeIds.has(gradeId);
}

/**
 * A student of the session's school whose current class is in scope, with the class's name;
 * 404 (学生不存在) for another school's, a missing one or one outside the scope alike.
 */
export async function scopedStudent(db: Db, scope: DataScope, studentId: number) {
  const row = await db
    .selectFrom('students as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .select(['s.id', 's.name', 's.student_no', 's.class_id', 'c.name as className'])
    .where('s.id', '=', studentId)
    .where('s.school_id', '=', scope.schoolId)
    .executeTakeFirst();
  if (!row || !inScopeClass(scope, row.class_id)) throw notFound('学生不存在');
  return row;
}

/** Whether the user may see a subject of a class (any subject when `classId` is in full scope). */
export function inScopeSubject(scope: DataScope, classId: number, subjectId: number): boolean {
  if (scope.schoolWide || scope.fullClassIds.has(classId)) return true;
  return scope.subjectsByClass.get(classId)?.has(subjectId) ?? false;
}

/** Refuses unless the scope covers the whole school (writes on school-level records). */
export function assertSchoolWide(scope: DataScope): void {
  if (!scope.schoolWide) throw forbidden('超出数据范围：仅限全校范围的角色');
}

/** The signed-in user's permission keys and data scope, each loaded once per request. */
export interface Access {
  session: SessionInfo;
  codes(): Promise<Set<string>>;
  scope(): Promise<DataScope>;
  /** Refuses with 403 unless the user holds the key in the session's academic year. */
  require(code: string): Promise<void>;
  has(code: string): Promise<boolean>;
}

export function accessOf(db: Db, session: SessionInfo): Access {
  let codes: Promise<Set<string>> | undefined;
  let scope: Promise<DataScope> | undefined;
  return accessFrom(
    session,
    () => (codes ??= permissionCodesIn(db, session.userId, session.academicYear)),
    () => (scope ??= loadScope(db, session)),
  );
}

/**
 * `access` holding `code` besides the user's own keys, in the same data scope: a view opened by
 * its own key (checked by its route) that reads what `code` covers, e.g. 数据大屏's homework
 * figures under `Teach-Research-Datav` (docs/teaching-views.md "数据大屏").
 */
export function accessWith(access: Access, code: string): Access {
  return accessFrom(
    access.session,
    async () => new Set([...(await access.codes()), code]),
    access.scope,
  );
}

function accessFrom(
  session: SessionInfo,
  codes: () => Promise<Set<string>>,
  scope: () => Promise<DataScope>,
): Access {
  const access: Access = {
    session,
    codes,
    scope,
    async has(code) {
      return (await access.codes()).has(code);
    },
    async require(code) {
      if (!(await access.has(code))) throw forbidden('没有该操作的权限');
    },
  };
  return access;
}

/**
 * The classes whose data of one subject the scope shows, or null for every class. `subjectId`
 * is the school's subject (`subjects.id`); null stands for a subject the school does not list,
 * which only full-scope classes (班主任, 年级主任) show.
 */
export function classesForSubject(scope: DataScope, subjectId: number | null): number[] | null {
  if (scope.schoolWide) return null;
  return [...scope.subjectsByClass.keys()].filter(
    (classId) =>
      scope.fullClassIds.has(classId) ||
      (subjectId !== null && (scope.subjectsByClass.get(classId)?.has(subjectId) ?? false)),
  );
}

/** The school's subject of an exam subject (matched by code, then by name), or null. */
export async function schoolSubjectOf(
  db: Db,
  schoolId: number,
  examSubject: { subject_code: string; subject_name: string },
): Promise<number | null> {
  const subjects = await db
    .selectFrom('subjects')
    .select(['id', 'code', 'name'])
    .where('school_id', '=', schoolId)
    .execute();
  const own =
    subjects.find((s) => s.code === examSubject.subject_code) ??
    subjects.find((s) => s.name === examSubject.subject_name);
  return own?.id ?? null;
}

/**
 * The one data-scope rule for a subject's students and scores: the classes of the exam subject
 * the user may see (null: all). Lists filter by it; a single read outside it answers exactly
 * as a missing record (docs/scope.md).
 */
export async function subjectClassScope(
  db: Db,
  scope: DataScope,
  examSubject: { subject_code: string; subject_name: string },
): Promise<number[] | null> {
  if (scope.schoolWide) return null;
  return classesForSubject(scope, await schoolSubjectOf(db, scope.schoolId, examSubject));
}
