import type { Generated } from 'kysely';

/**
 * Tables of the scan domain (scan batches, recognition results, exceptions), merged into the database type `DB`.
 * Times are epoch milliseconds, flags 0/1, lists JSON text; the same on SQLite and PostgreSQL.
 * @see docs/scanning.md
 */
export interface ScanTables {
  scan_batches: ScanBatchesTable;
  scan_files: ScanFilesTable;
  scan_chunks: ScanChunksTable;
  scan_sheets: ScanSheetsTable;
  scan_answers: ScanAnswersTable;
  scan_crops: ScanCropsTable;
  scan_exceptions: ScanExceptionsTable;
}

/** uploading → queued → recognizing → done. */
export type ScanBatchState = 'uploading' | 'queued' | 'recognizing' | 'done';

export interface ScanBatchesTable {
  id: Generated<number>;
  school_id: number;
  exam_id: number;
  exam_subject_id: number;
  state: ScanBatchState;
  /** Bytes per chunk (the last one may be shorter). */
  chunk_size: number;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/** One uploaded file of a batch (an image or a multi-page PDF/TIFF). */
export interface ScanFilesTable {
  batch_id: number;
  file_index: number;
  file_name: string;
  size: number;
  sha256: string;
  chunk_count: number;
  /** FileStore key of the assembled file; null until the batch is complete. */
  file_key: string | null;
  /** 'waiting' | 'done' */
  state: string;
  /** Pages found in the file (known after recognition). */
  pages: number | null;
}

export interface ScanChunksTable {
  batch_id: number;
  file_index: number;
  chunk_index: number;
  size: number;
  sha256: string;
}

/** recognized: matched without problems; exception: an open exception; fixed: every exception fixed by hand; duplicate: a second sheet of a student. */
export type ScanSheetStatus = 'recognized' | 'exception' | 'fixed' | 'duplicate';

/** One scanned page. (batch_id, file_index, scan_page) is unique: a retried job writes the same row. */
export interface ScanSheetsTable {
  id: Generated<number>;
  batch_id: number;
  exam_id: number;
  exam_subject_id: number;
  file_index: number;
  scan_page: number;
  /** Template page (0-based); null when the page could not be recognised. */
  template_page: number | null;
  status: ScanSheetStatus;
  /** The matched student; null when unknown, unread or discarded. */
  student_id: number | null;
  /** Exam number as read (null when uncertain or unread). */
  exam_no_read: string | null;
  /** 1 when the absent box is marked. */
  absent: number;
  /** FileStore key of the aligned page image (PNG); null when recognition failed. */
  image_key: string | null;
  /** 1 when the sheet was dropped by a fix (discard, rescan). */
  discarded: number;
  created_at: number;
  updated_at: number;
}

/** One objective answer of a sheet as recognised (and corrected). */
export interface ScanAnswersTable {
  sheet_id: number;
  question_id: number;
  /** Marked options (`AC`), '' when none. */
  answer: string;
  /** 'ok' | 'review' | 'fixed' */
  status: string;
  confidence: number;
  /** JSON array of flags (faint, multiple, erasure, blank). */
  flags: string;
}

export interface ScanCropsTable {
  sheet_id: number;
  question_id: number;
  part: number;
  crop_key: string;
}

/**
 * A problem of a sheet (or of a student without a sheet) for the exception queue.
 * kind: unreadable | wrong_exam | exam_no_uncertain | unknown_exam_no | duplicate | bubble_review | no_sheet | page_owner
 */
export interface ScanExceptionsTable {
  id: Generated<number>;
  exam_subject_id: number;
  sheet_id: number | null;
  student_id: number | null;
  kind: string;
  /** Chinese text for the operator. */
  reason: string;
  created_at: number;
  resolved_by: number | null;
  /** JSON `{ action, … }` of the fix. */
  resolution: string | null;
  resolved_at: number | null;
}
