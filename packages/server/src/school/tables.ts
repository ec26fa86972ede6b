import type { Generated } from 'kysely';

/** Subjects a school teaches (语文, 数学 …); `code` is the school's short code. */
export interface SubjectsTable {
  id: Generated<number>;
  school_id: number;
  name: string;
  code: string;
  sort: number;
}

/** A role's data scope: 1 = the whole school, 0 = only the holder's own grades, classes and subjects. */
export interface RoleScopesTable {
  role_id: number;
  school_wide: number;
}

/** Teacher × class × subject × academic year: the source of a 任课教师's data scope. */
export interface TeachingAssignmentsTable {
  id: Generated<number>;
  school_id: number;
  academic_year: number;
  user_id: number;
  class_id: number;
  subject_id: number;
}

/** The 班主任 (role_type 1) of a class in an academic year. */
export interface ClassRolesTable {
  school_id: number;
  academic_year: number;
  class_id: number;
  role_type: number;
  user_id: number;
}

/** The 年级主任 of a grade in an academic year. */
export interface GradeRolesTable {
  school_id: number;
  academic_year: number;
  grade_id: number;
  user_id: number;
}

/** What `students` does not hold: sex, statistics flag and 选科. */
export interface StudentDetailsTable {
  student_id: number;
  sex: number;
  statistics: number;
  combo_type: string | null;
  /** Elective subject names joined by `,`. */
  electives: string | null;
}

export interface TeachingClassesTable {
  id: Generated<number>;
  school_id: number;
  grade_id: number;
  subject_id: number;
  name: string;
  teacher_id: number | null;
}

export interface TeachingClassStudentsTable {
  teaching_class_id: number;
  student_id: number;
}

/** One parameter page of a school, its value a JSON object. */
export interface SchoolParamsTable {
  school_id: number;
  param_type: string;
  value: string;
  updated_at: number;
}

/** Ability (kind 1) and accomplishment (kind 2) items per subject. */
export interface AbilityItemsTable {
  id: Generated<number>;
  school_id: number;
  kind: number;
  subject_id: number;
  name: string;
}

export interface ImportJobsTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  kind: string;
  status: string;
  total: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** JSON array of `{ row, column, reason }`. */
  errors: string;
  created_at: number;
}

/** Who exported what, when, from which school, how many records. */
export interface AuditLogTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  action: string;
  record_count: number;
  created_at: number;
}

export interface HolidaysTable {
  school_id: number;
  day: string;
  name: string;
}

/** Homework settings of a grade × subject in an academic year (/system/homework). */
export interface HomeworkSettingsTable {
  school_id: number;
  academic_year: number;
  grade_id: number;
  subject_id: number;
  enabled: number;
  /** `HH:MM`, the default deadline's time of day. */
  deadline_time: string;
  allow_late: number;
  /** `auto` | `teacher` (`peer` and `notify_parents` went in 0091). */
  correction_mode: string;
  updated_by: number;
  updated_at: number;
}

/** The textbook edition and volume of a grade × subject in an academic year (/system/homework/correlation). */
export interface HomeworkTextbooksTable {
  school_id: number;
  academic_year: number;
  grade_id: number;
  subject_id: number;
  edition: string;
  volume: string;
  updated_by: number;
  updated_at: number;
}

/**
 * Tables of the school domain (school administration: teachers, students, teaching classes, assignments, parameters), merged into the database type `DB`.
 * Each table's row interface sits beside its key here.
 */
export interface AdministrationTables {
  subjects: SubjectsTable;
  role_scopes: RoleScopesTable;
  teaching_assignments: TeachingAssignmentsTable;
  class_roles: ClassRolesTable;
  grade_roles: GradeRolesTable;
  student_details: StudentDetailsTable;
  teaching_classes: TeachingClassesTable;
  teaching_class_students: TeachingClassStudentsTable;
  school_params: SchoolParamsTable;
  ability_items: AbilityItemsTable;
  import_jobs: ImportJobsTable;
  audit_log: AuditLogTable;
  holidays: HolidaysTable;
  homework_settings: HomeworkSettingsTable;
  homework_textbooks: HomeworkTextbooksTable;
}
