import type { Generated } from 'kysely';

/**
 * Tables of the AI domain (chat sessions and messages per school and user, token use per day,
 * the school's quota), merged into the database type `DB`.
 * @see docs/ai.md
 */
export interface AiTables {
  ai_sessions: AiSessionsTable;
  ai_messages: AiMessagesTable;
  ai_usage: AiUsageTable;
  ai_school_settings: AiSchoolSettingsTable;
}

export interface AiSessionsTable {
  id: Generated<number>;
  school_id: number;
  user_id: number;
  title: string;
  /** `widget` or `center`. */
  kind: string;
  /** A fixed session type (SCORE_ANALYSIS, …) or null. */
  session_type: string | null;
  /** COMMON, CLASS_REPORT or GRADE_REPORT. */
  context_mode: string;
  /** JSON of the report in view: `{ examId, classId, subjectId }`. */
  context: string;
  created_at: number;
  updated_at: number;
}

export interface AiMessagesTable {
  id: Generated<number>;
  session_id: number;
  school_id: number;
  user_id: number;
  /** `user` or `assistant`. */
  role: string;
  content: string;
  /** streaming, done, stopped or error. */
  status: string;
  error: string | null;
  /** JSON: the tools the model called, with their arguments and whether they were refused. */
  tool_log: string;
  prompt_tokens: number;
  completion_tokens: number;
  created_at: number;
  updated_at: number;
}

/** Tokens a school used on one day (China time, `YYYY-MM-DD`). */
export interface AiUsageTable {
  school_id: number;
  day: string;
  tokens: number;
}

export interface AiSchoolSettingsTable {
  school_id: number;
  daily_token_quota: number;
}
