/** 多科考试 batches (docs/exams.md#多科考试), merged into the database type `DB`. */
export interface ExamBatchTables {
  exam_batches: ExamBatchesTable;
}

/** One /exam/single/multiple submission: its key makes a retry answer the same exams. */
export interface ExamBatchesTable {
  school_id: number;
  idempotency_key: string;
  user_id: number;
  /** JSON array of the exam ids created. */
  exam_ids: string;
  created_at: number;
}
