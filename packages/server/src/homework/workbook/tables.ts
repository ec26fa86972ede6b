import type { GradeSubjectTable } from '../gradeSubjectTable';

/**
 * 教辅 (docs/homework.md "教辅"), merged into the database type `DB`. A batch is one workbook
 * of a grade × subject bought for some classes; each chapter is a homework
 * (`paper_kind = 'workbook'`), so scanning, correction and reports are the homework's own.
 */
export interface HomeworkWorkbookTables {
  homework_workbooks: HomeworkWorkbooksTable;
  homework_workbook_classes: HomeworkWorkbookClassesTable;
  homework_workbook_teaching_classes: HomeworkWorkbookTeachingClassesTable;
  homework_workbook_chapters: HomeworkWorkbookChaptersTable;
}

export interface HomeworkWorkbooksTable extends GradeSubjectTable {
  /** 教辅名称, e.g. 《同步练习册·数学必修第一册》. */
  name: string;
  /** 出版社, may be empty. */
  publisher: string;
  created_by: number;
  /** The creating client's key: a retried create answers the first batch. */
  idempotency_key: string;
  created_at: number;
}

/** A class that uses the workbook. */
export interface HomeworkWorkbookClassesTable {
  workbook_id: number;
  class_id: number;
}

/** A teaching class (教学班) that uses the workbook. */
export interface HomeworkWorkbookTeachingClassesTable {
  workbook_id: number;
  teaching_class_id: number;
}

/** A chapter: its homework, its place in the book and its title. */
export interface HomeworkWorkbookChaptersTable {
  homework_id: number;
  workbook_id: number;
  /** Order in the book, from 1. */
  position: number;
  title: string;
}
