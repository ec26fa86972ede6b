import type { Generated } from 'kysely';
import type { AiTables } from '../ai/tables';
import type { ExamBatchTables } from '../exam/batchTables';
import type { DownloadTables } from '../download/tables';
import type { MessageTables } from '../message/tables';
import type { ExamTables } from '../exam/tables';
import type { MarkingTables } from '../marking/tables';
import type { PrintTables } from '../print/tables';
import type { OnlineTables } from '../online/tables';
import type { ReportTables } from '../report/tables';
import type { ExamToolTables } from '../examtool/tables';
import type { HomeworkTables } from '../homework/tables';
import type { HomeworkSubmissionTables } from '../homework/submissions/tables';
import type { HomeworkCompositionTables } from '../homework/composition/tables';
import type { HomeworkWorkbookTables } from '../homework/workbook/tables';
import type { HomeworkReportTables } from '../homework/report/tables';
import type { HomeworkGroupTables } from '../homework/group/tables';
import type { HomeworkWordExerciseTables } from '../homework/wordExercise/tables';
import type { HomeworkWordScanTables } from '../homework/wordExercise/scanTables';
import type { AppraiseTables } from '../appraise/tables';
import type { HomeworkOnlineTables } from '../homework/online/tables';
import type { GaokaoTables } from '../gaokao/tables';
import type { JointSnapshotTables } from '../joint/snapshotTables';
import type { CrossSchoolTables } from '../crossSchool/tables';
import type { AnalyticTables } from '../analytic/tables';
import type { ResourceTables } from '../resource/tables';
import type { RegionTables } from '../region/tables';
import type { JointTables } from '../joint/tables';
import type { OssTables } from '../oss/tables';
import type { PaperTables } from '../resource/paperTables';
import type { ScanTables } from '../scan/tables';
import type { AdministrationTables } from '../school/tables';
import type { ScopeTables } from './scopeTables';

/** Times are stored as epoch milliseconds; flags as 0/1 integers, the same on SQLite and PostgreSQL. */
export interface SchoolsTable {
  id: Generated<number>;
  code: string;
  name: string;
  created_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  school_id: number;
  login_name: string;
  password_hash: string;
  nick_name: string;
  tel: string | null;
  /** 1 = active, 0 = disabled. */
  status: number;
  wx_openid: string | null;
  created_at: number;
}

export interface RolesTable {
  id: Generated<number>;
  school_id: number;
  role_name: string;
}

export interface RolePermissionsTable {
  role_id: number;
  perm_code: string;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
  academic_year: number;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  school_id: number;
  academic_year: number;
  client_id: string | null;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
}

export interface SmsCodesTable {
  id: Generated<number>;
  tel_hash: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  tries: number;
  used_at: number | null;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  tel: string;
  body: string;
  created_at: number;
  sent_at: number | null;
}

export interface OneTimeTokensTable {
  token_hash: string;
  purpose: string;
  user_id: number | null;
  school_id: number | null;
  payload: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface IntegrationsTable {
  id: Generated<number>;
  client_id: string;
  /** 'portal' (hand-over and partner codes), 'region' (bureau hand-over) or 'dengyue' (signed requests). */
  kind: string;
  secret_hash: string;
  /** Shared HMAC key of a signing partner: HMAC needs the key itself, so it cannot be stored hashed. */
  sign_key: string | null;
  /** Null: any school. */
  school_id: number | null;
  created_at: number;
}

export interface UsedSignaturesTable {
  sign: string;
  expires_at: number;
}

export interface SchoolDictionaryTable {
  school_id: number;
  dic_code: string;
  dic_value: string;
}

export interface ParentGuidesTable {
  user_id: number;
  code: number;
  updated_at: number;
}

export interface GradesTable {
  id: Generated<number>;
  school_id: number;
  academic_year: number;
  name: string;
  grade_num: number;
}

export interface ClassesTable {
  id: Generated<number>;
  grade_id: number;
  name: string;
}

export interface StudentsTable {
  id: Generated<number>;
  school_id: number;
  class_id: number;
  student_no: string;
  name: string;
  tel: string | null;
}

export interface TeachersTable {
  user_id: number;
  school_id: number;
  subject: string | null;
}

export interface AiAccessTable {
  school_id: number;
  enabled: number;
}

/** Every table of the examkit database. */
/** Every table; each domain adds its own through its `tables.ts`. */
export interface DB
  extends
    AdministrationTables,
    ExamTables,
    ExamBatchTables,
    MarkingTables,
    ScanTables,
    ReportTables,
    ExamToolTables,
    ScopeTables,
    AiTables,
    PrintTables,
    OnlineTables,
    DownloadTables,
    MessageTables,
    ResourceTables,
    RegionTables,
    JointTables,
    HomeworkTables,
    HomeworkSubmissionTables,
    HomeworkCompositionTables,
    HomeworkWorkbookTables,
    HomeworkReportTables,
    HomeworkGroupTables,
    HomeworkWordExerciseTables,
    HomeworkWordScanTables,
    HomeworkOnlineTables,
    OssTables,
    PaperTables,
    GaokaoTables,
    JointSnapshotTables,
    CrossSchoolTables,
    AnalyticTables,
    AppraiseTables {
  schools: SchoolsTable;
  users: UsersTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  one_time_tokens: OneTimeTokensTable;
  integrations: IntegrationsTable;
  used_signatures: UsedSignaturesTable;
  school_dictionary: SchoolDictionaryTable;
  parent_guides: ParentGuidesTable;
  grades: GradesTable;
  classes: ClassesTable;
  students: StudentsTable;
  teachers: TeachersTable;
  ai_access: AiAccessTable;
}
