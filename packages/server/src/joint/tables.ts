import type { Generated } from 'kysely';

/**
 * Joint exams (联考, issue #17), merged into the database type `DB`: the joint exam, its subjects,
 * and one ordinary exam per participating school (`joint_exam_schools.exam_id`), so scanning,
 * score import and marking of each school are the single-school pipeline. @see docs/joint-exams.md
 */
export interface JointTables {
  joint_exams: JointExamsTable;
  joint_exam_schools: JointExamSchoolsTable;
  joint_exam_subjects: JointExamSubjectsTable;
  joint_report_cache: JointReportCacheTable;
  /** The same with one group per class (migration 0052). */
  joint_class_report_cache: JointReportCacheTable;
}

export interface JointExamsTable {
  id: Generated<number>;
  /**
   * The region of the participating schools (the bureau of this region sees everything); null
   * for a cross-school exam, which no bureau sees (docs/cross-school-exams.md).
   */
  region_id: number | null;
  /** Null when the bureau organises it; else the lead school. */
  lead_school_id: number | null;
  /** `region:<id>` or `school:<id>`: with `idempotency_key`, a retry creates nothing. */
  organiser_key: string;
  idempotency_key: string;
  name: string;
  exam_type: string;
  exam_date: string;
  academic_year: number;
  grade_num: number;
  /** 'names' | 'codes': how a school sees the other schools in the joint report. */
  school_labels: string;
  /** 'school' (各校分别阅卷) or 'pool' (统一阅卷); migration 0071, default 'school'. */
  marking_mode: Generated<string>;
  created_by: number;
  created_at: number;
  updated_at: number;
}

export interface JointExamSchoolsTable {
  joint_exam_id: number;
  school_id: number;
  /** The school's own exam (an ordinary exam of that school). */
  exam_id: number;
  /** 学校A, 学校B …: shown to the other schools when names are hidden. */
  code: string;
  sort_order: number;
}

export interface JointExamSubjectsTable {
  joint_exam_id: number;
  subject_code: string;
  subject_name: string;
  full_marks: number;
  sort_order: number;
}

/** The joint report over every finished school, kept until a school's report changes. */
export interface JointReportCacheTable {
  joint_exam_id: number;
  /** The schools' exam ids, states and report times it was computed from. */
  version: string;
  payload: string;
  computed_at: number;
}
