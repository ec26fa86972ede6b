import type { Generated } from 'kysely';

/**
 * Tables of the download centre, merged into the database type `DB`.
 * @see docs/downloads.md
 */
export interface DownloadTables {
  download_jobs: DownloadJobsTable;
}

/** One background export: its progress, then its file in the file store until it expires. */
export interface DownloadJobsTable {
  id: Generated<number>;
  school_id: number;
  /** Only the user who started a job sees it. */
  user_id: number;
  /** `report`, `scans` or `sheets`. */
  kind: string;
  /** What is exported, in Chinese. */
  title: string;
  /** The export's parameters, JSON; (school, user, kind, params) is unique, so a retry reuses its job. */
  params: string;
  /** `queued`, `running`, `done` or `failed`. */
  state: string;
  /** 0–100. */
  progress: number;
  /** The step being done, in Chinese. */
  stage: string;
  file_key: string | null;
  file_name: string | null;
  content_type: string | null;
  size: number | null;
  message: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  /** When the file and the row are deleted (finished jobs only). */
  expires_at: number | null;
}
