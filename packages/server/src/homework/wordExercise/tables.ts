import type { GradeSubjectTable } from '../gradeSubjectTable';

/** 字词练习 (docs/homework.md "字词练习"), merged into the database type `DB`. */
export interface HomeworkWordExerciseTables {
  homework_word_exercises: HomeworkWordExercisesTable;
  homework_words: HomeworkWordsTable;
  homework_word_assignments: HomeworkWordAssignmentsTable;
  homework_word_teaching_assignments: HomeworkWordTeachingAssignmentsTable;
  homework_word_marks: HomeworkWordMarksTable;
}

/** A teacher's word list of one grade × subject (语文 or 英语). */
export interface HomeworkWordExercisesTable extends GradeSubjectTable {
  name: string;
  created_by: number;
  /** The create form's key: a retried create answers the first list. */
  idempotency_key: string;
  created_at: number;
  updated_at: number;
}

/** A word of a list, numbered from 1 as on the 听写 card. */
export interface HomeworkWordsTable {
  exercise_id: number;
  position: number;
  word: string;
  /** 拼音 (语文) or 音标 (英语); may be empty. */
  reading: string;
  meaning: string;
}

/** A class a list is assigned to, with its due time. */
export interface HomeworkWordAssignmentsTable {
  exercise_id: number;
  class_id: number;
  due_at: number;
  assigned_by: number;
  assigned_at: number;
}

/** A teaching class (教学班) a list is assigned to, with its due time (migration 0085). */
export interface HomeworkWordTeachingAssignmentsTable {
  exercise_id: number;
  teaching_class_id: number;
  due_at: number;
  assigned_by: number;
  assigned_at: number;
}

/** One student's result: the positions of the wrong words (JSON array; [] all right). */
export interface HomeworkWordMarksTable {
  exercise_id: number;
  student_id: number;
  school_id: number;
  wrong: string;
  marked_by: number;
  marked_at: number;
}
