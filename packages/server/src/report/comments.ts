import type { Db } from '../core/database';

export interface CommentRow {
  classId: number;
  questionId: number;
  type: number;
  content: string;
  updatedBy: number;
  updatedAt: number;
}

const columns = ['class_id', 'question_id', 'type', 'content', 'updated_by', 'updated_at'] as const;

function toRow(r: {
  class_id: number;
  question_id: number;
  type: number;
  content: string;
  updated_by: number;
  updated_at: number;
}): CommentRow {
  return {
    classId: r.class_id,
    questionId: r.question_id,
    type: r.type,
    content: r.content,
    updatedBy: r.updated_by,
    updatedAt: Number(r.updated_at),
  };
}

/** Every comment of an exam (a handful per question at most). */
export async function listComments(db: Db, examId: number): Promise<CommentRow[]> {
  const rows = await db
    .selectFrom('report_comments')
    .select(columns)
    .where('exam_id', '=', examId)
    .orderBy('question_id')
    .orderBy('class_id')
    .orderBy('type')
    .execute();
  return rows.map(toRow);
}

export async function getComment(
  db: Db,
  key: { examId: number; classId: number; questionId: number; type: number },
): Promise<CommentRow | null> {
  const row = await db
    .selectFrom('report_comments')
    .select(columns)
    .where('exam_id', '=', key.examId)
    .where('class_id', '=', key.classId)
    .where('question_id', '=', key.questionId)
    .where('type', '=', key.type)
    .executeTakeFirst();
  return row ? toRow(row) : null;
}

/** Writes a comment (upsert on exam, class, question, type); empty content deletes it. */
export async function saveComment(
  db: Db,
  input: {
    schoolId: number;
    examId: number;
    classId: number;
    questionId: number;
    type: number;
    content: string;
    userId: number;
    now: number;
  },
): Promise<CommentRow | null> {
  const content = input.content.trim();
  if (content === '') {
    await db
      .deleteFrom('report_comments')
      .where('exam_id', '=', input.examId)
      .where('class_id', '=', input.classId)
      .where('question_id', '=', input.questionId)
      .where('type', '=', input.type)
      .execute();
    return null;
  }
  await db
    .insertInto('report_comments')
    .values({
      school_id: input.schoolId,
      exam_id: input.examId,
      class_id: input.classId,
      question_id: input.questionId,
      type: input.type,
      content,
      updated_by: input.userId,
      updated_at: input.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['exam_id', 'class_id', 'question_id', 'type'])
        .doUpdateSet({ content, updated_by: input.userId, updated_at: input.now }),
    )
    .execute();
  return {
    classId: input.classId,
    questionId: input.questionId,
    type: input.type,
    content,
    updatedBy: input.userId,
    updatedAt: input.now,
  };
}
