import type { Db } from '../core/database';

/** Test fixtures: one subject of an exam, named by its name (also its code), with no sheet. */
export async function insertSubject(
  db: Db,
  examId: number,
  name: string,
  fullMarks: number,
  sort: number,
): Promise<number> {
  const row = await db
    .insertInto('exam_subjects')
    .values({
      exam_id: examId,
      subject_code: name,
      subject_name: name,
      full_marks: fullMarks,
      elective: 0,
      sort_order: sort,
      sheet_design: null,
      sheet_template: null,
      sheet_saved_at: null,
      answer_key_version: 1,
      rescore_needed: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Test fixtures: one top-level question (a single choice has four options). */
export async function insertQuestion(
  db: Db,
  examSubjectId: number,
  number: string,
  kind: string,
  fullMarks: number,
  answer: string | null,
  knowledge: string[],
  abilities: string[],
  sort: number,
): Promise<number> {
  const row = await db
    .insertInto('exam_questions')
    .values({
      exam_subject_id: examSubjectId,
      parent_id: null,
      number,
      kind,
      full_marks: fullMarks,
      option_count: kind === 'single' ? 4 : null,
      answer,
      partial_marks: null,
      score_step: 1,
      blank_count: null,
      knowledge_points: JSON.stringify(knowledge),
      abilities: JSON.stringify(abilities),
      sort_order: sort,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
