import type { Generated } from 'kysely';

/** Scanned 听写卡 of 字词练习 (migration 0088), merged into the database type `DB`. */
export interface HomeworkWordScanTables {
  homework_word_scan_pages: HomeworkWordScanPagesTable;
}

/**
 * One uploaded card: matched to a student (its wrong words written to `homework_word_marks`),
 * an exception to hand to a student, or resolved so. The same file again answers this row.
 */
export interface HomeworkWordScanPagesTable {
  id: Generated<number>;
  exercise_id: number;
  school_id: number;
  file_name: string;
  sha256: string;
  /** matched | exception | resolved */
  status: string;
  reason: string | null;
  student_no_read: string | null;
  /** The student it was matched or handed to. */
  student_id: number | null;
  /** The positions whose 错 box was filled (JSON array), as recognised; `null`: nothing read. */
  wrong: string;
  created_by: number;
  created_at: number;
}
