import type { Generated } from 'kysely';

/**
 * Tables of uploads and of processed Word papers (issue #15), merged into the database type
 * `DB`. @see docs/resources.md "Uploads"
 */
export interface OssTables {
  resource_uploads: ResourceUploadsTable;
  resource_imports: ResourceImportsTable;
}

/** A file a user of a school uploaded; the bytes live in the file store under `file_key`. */
export interface ResourceUploadsTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  /** `image` or `docx`. */
  kind: string;
  file_name: string;
  content_type: string;
  size: number;
  /** sha256 of the bytes: the file key is `uploads/<sha256>.<ext>`, shared by equal files. */
  sha256: string;
  file_key: string;
  created_at: number;
}

/** A Word paper split into questions (试卷加工), waiting for or past 确认入库. */
export interface ResourceImportsTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  upload_id: number;
  subject_code: string;
  grade_num: number;
  /** `parsed` or `imported`. */
  state: string;
  /** The paper as sanitized HTML. */
  html: string;
  /** JSON: ImportQuestion[]. */
  questions: string;
  /** JSON: bank ids once imported. */
  question_ids: string;
  created_at: number;
  updated_at: number;
}
