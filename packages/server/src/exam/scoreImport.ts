import type { Question, RowError } from '@examkit/contracts';
import { ResultCode } from '@examkit/contracts';
import type { Db } from '../core/database';
import type { ExamScoresTable } from './tables';
import { ApiError, badRequest } from '../core/envelope';
import { leavesOf, loadQuestionRows, toQuestionTree } from './paper';
import { chunks, recomputeTotals, upsertScores } from './scores';
import { readSheetRows, writeCsv, writeSheet } from './spreadsheets';
import { assertStateUnchanged, type ExamRow, type SubjectRow } from './access';

export interface SubjectParticipant {
  studentId: number;
  studentNo: string;
  examNo: string;
  name: string;
  classId: number;
  className: string;
}

/** An exam's students with their 学号, 考号 and class (to narrow further and order). */
export const examStudentRows = (db: Db, examId: number) =>
  db
    .selectFrom('exam_students as es')
    .innerJoin('students as s', 's.id', 'es.student_id')
    .innerJoin('classes as c', 'c.id', 'es.class_id')
    .select([
      's.id as studentId',
      's.student_no as studentNo',
      'es.exam_no as examNo',
      's.name as name',
      'c.id as classId',
      'c.name as className',
    ])
    .where('es.exam_id', '=', examId);

/** Students who take a subject: every participant, or the 选考 students of an elective one. */
export async function participantsOf(db: Db, subject: SubjectRow): Promise<SubjectParticipant[]> {
  let query = examStudentRows(db, subject.exam_id);
  if (subject.elective === 1)
    query = query.where('es.student_id', 'in', (eb) =>
      eb
        .selectFrom('exam_student_electives')
        .select('student_id')
        .where('exam_subject_id', '=', subject.id),
    );
  return query.orderBy('c.name').orderBy('es.exam_no').execute();
}

const KEY_HEADER = '考号/学号';

/** The import template: 考号/学号, 姓名, then each scored question's full number; one row a student. */
export async function scoreTemplate(db: Db, subject: SubjectRow): Promise<Buffer> {
  const leaves = leavesOf(toQuestionTree(await loadQuestionRows(db, subject.id)));
  if (leaves.length === 0) throw badRequest('请先录入试卷结构，再下载成绩模板');
  const students = await participantsOf(db, subject);
  return writeSheet(
    subject.subject_name,
    [KEY_HEADER, '姓名', ...leaves.map((q) => q.fullNumber)],
    students.map((s) => [s.examNo, s.name]),
  );
}

/**
 * Every participant's score per question of a subject, and their choices on objective questions
 * where any were recorded, in the import template's layout (考号/学号, 姓名, each question, then
 * `<题号>选项` columns): the score import takes the file back unchanged. An absent student's row
 * is empty, as the import reads 缺考. `.xlsx` or UTF-8 `.csv`.
 */
export async function rawScoresFile(
  db: Db,
  subject: SubjectRow,
  format: 'xlsx' | 'csv',
): Promise<Buffer> {
  const leaves = leavesOf(toQuestionTree(await loadQuestionRows(db, subject.id)));
  const [students, scores, totals] = await Promise.all([
    participantsOf(db, subject),
    db
      .selectFrom('exam_scores')
      .select(['student_id', 'question_id', 'score', 'answer'])
      .where('exam_subject_id', '=', subject.id)
      .execute(),
    db
      .selectFrom('exam_subject_totals')
      .select(['student_id', 'absent'])
      .where('exam_subject_id', '=', subject.id)
      .execute(),
  ]);
  const absent = new Set(totals.filter((t) => t.absent === 1).map((t) => t.student_id));
  const byStudent = new Map<number, Map<number, { score: number; answer: string | null }>>();
  for (const s of scores) {
    const m =
      byStudent.get(s.student_id) ?? new Map<number, { score: number; answer: string | null }>();
    m.set(s.question_id, { score: s.score, answer: s.answer });
    byStudent.set(s.student_id, m);
  }
  const recorded = leaves.filter(
    (q) =>
      OBJECTIVE_KINDS.has(q.kind) &&
      scores.some((s) => s.question_id === q.id && s.answer !== null),
  );
  const header = [
    KEY_HEADER,
    '姓名',
    ...leaves.map((q) => q.fullNumber),
    ...recorded.map((q) => `${q.fullNumber}${CHOICE_SUFFIX}`),
  ];
  const rows = students.map((st) => {
    const mine = byStudent.get(st.studentId);
    if (absent.has(st.studentId) || !mine) return [st.examNo, st.name];
    return [
      st.examNo,
      st.name,
      ...leaves.map((q) => mine.get(q.id)?.score ?? ''),
      ...recorded.map((q) => mine.get(q.id)?.answer ?? ''),
    ];
  });
  return format === 'csv'
    ? writeCsv([header, ...rows])
    : writeSheet(subject.subject_name, header, rows);
}

interface ParsedRow {
  studentId: number;
  absent: boolean;
  scores: Map<number, number>;
  /** Chosen options of objective questions whose `<题号>选项` column is in the file ('' = blank). */
  answers: Map<number, string>;
}

/** Header of the column with the students' choices on an objective question: `1选项`. */
export const CHOICE_SUFFIX = '选项';
const OBJECTIVE_KINDS = new Set(['single', 'multiple', 'judge']);

/** The options a student may choose on an objective question (judge: T and F). */
export function choiceLetters(q: Pick<Question, 'kind' | 'optionCount'>): string[] {
  if (q.kind === 'judge') return ['T', 'F'];
  const n = Math.max(0, Math.min(q.optionCount ?? 4, 26));
  return Array.from({ length: n }, (_, i) => String.fromCharCode(65 + i));
}

/** A choice as stored: upper case, letters in option order; or the reason it is not one. */
function parseChoice(
  text: string,
  q: Pick<Question, 'kind' | 'optionCount' | 'fullNumber'>,
): { value: string } | { problem: string } {
  const letters = choiceLetters(q);
  const raw = text.toUpperCase().replace(/[\s,，、]/g, '');
  const picked = [...new Set(raw)];
  if (picked.some((ch) => !letters.includes(ch)))
    return { problem: `第 ${q.fullNumber} 题选项“${text}”不是 ${letters.join('/')}` };
  if (q.kind !== 'multiple' && picked.length > 1)
    return { problem: `第 ${q.fullNumber} 题只能选一个选项` };
  return { value: letters.filter((l) => picked.includes(l)).join('') };
}

/** Reads and checks every row; returns the rows, or every problem found. */
export function checkScoreRows(
  rows: readonly (readonly string[])[],
  leaves: readonly Omit<Question, 'children'>[],
  students: readonly SubjectParticipant[],
): { parsed: ParsedRow[]; errors: RowError[] } {
  const errors: RowError[] = [];
  const header = rows[0] ?? [];
  const columns: { index: number; question: Omit<Question, 'children'> }[] = [];
  const choiceColumns: { index: number; question: Omit<Question, 'children'> }[] = [];
  const byNumber = new Map(leaves.map((q) => [q.fullNumber, q]));
  const found = new Set<number>();
  const foundChoices = new Set<number>();
  header.forEach((cell, index) => {
    if (index < 2 || cell === '') return;
    const text = cell.replace(/\s/g, '');
    if (text.endsWith(CHOICE_SUFFIX) && !byNumber.has(text)) {
      const target = byNumber.get(text.slice(0, -CHOICE_SUFFIX.length));
      if (!target || !OBJECTIVE_KINDS.has(target.kind))
        return errors.push({
          row: 1,
          message: `第 ${index + 1} 列“${cell}”不是本科目客观题的选项列`,
        });
      if (foundChoices.has(target.id))
        return errors.push({ row: 1, message: `选项列 ${cell} 重复` });
      foundChoices.add(target.id);
      return choiceColumns.push({ index, question: target });
    }
    const question = byNumber.get(text);
    if (!question)
      return errors.push({ row: 1, message: `第 ${index + 1} 列“${cell}”不是本科目的题号` });
    if (found.has(question.id)) return errors.push({ row: 1, message: `题号 ${cell} 的列重复` });
    found.add(question.id);
    columns.push({ index, question });
  });
  const missing = leaves.filter((q) => !found.has(q.id)).map((q) => q.fullNumber);
  if (missing.length > 0) errors.push({ row: 1, message: `缺少题号列：${missing.join('、')}` });
  if (errors.length > 0) return { parsed: [], errors };

  const byKey = new Map<string, SubjectParticipant>();
  for (const s of students) {
    byKey.set(s.examNo, s);
    byKey.set(s.studentNo, s);
  }
  const seen = new Map<number, number>();
  const parsed: ParsedRow[] = [];
  rows.forEach((cells, i) => {
    const row = i + 1;
    if (i === 0 || cells.every((c) => c === '')) return;
    const key = cells[0] ?? '';
    const student = byKey.get(key);
    if (key === '') return errors.push({ row, message: '考号/学号为空' });
    if (!student) return errors.push({ row, key, message: '不是本场考试该科目的考生' });
    const name = cells[1] ?? '';
    if (name !== '' && name !== student.name)
      return errors.push({ row, key, message: `姓名“${name}”与考号不符（应为${student.name}）` });
    const earlier = seen.get(student.studentId);
    if (earlier !== undefined)
      return errors.push({ row, key, message: `考生重复（第 ${earlier} 行已有）` });
    seen.set(student.studentId, row);
    const texts = columns.map((c) => (cells[c.index] ?? '').trim());
    if (texts.every((t) => t === '')) {
      parsed.push({
        studentId: student.studentId,
        absent: true,
        scores: new Map(),
        answers: new Map(),
      });
      return;
    }
    const answers = new Map<number, string>();
    const scores = new Map<number, number>();
    const problems: string[] = [];
    columns.forEach(({ question }, k) => {
      const text = texts[k] ?? '';
      const value = Number(text);
      if (text === '') problems.push(`第 ${question.fullNumber} 题未填写成绩`);
      else if (!Number.isFinite(value))
        problems.push(`第 ${question.fullNumber} 题成绩“${text}”不是数字`);
      else if (value < 0) problems.push(`第 ${question.fullNumber} 题成绩不能为负数`);
      else if (value > question.fullMarks)
        problems.push(`第 ${question.fullNumber} 题成绩 ${value} 超过满分 ${question.fullMarks}`);
      else scores.set(question.id, value);
    });
    for (const { index, question } of choiceColumns) {
      const choice = parseChoice((cells[index] ?? '').trim(), question);
      if ('problem' in choice) problems.push(choice.problem);
      else answers.set(question.id, choice.value);
    }
    if (problems.length > 0) return errors.push({ row, key, message: problems.join('；') });
    parsed.push({ studentId: student.studentId, absent: false, scores, answers });
  });
  if (parsed.length === 0 && errors.length === 0)
    errors.push({ row: 2, message: '文件中没有成绩行' });
  return { parsed, errors };
}

/**
 * Imports a subject's scores from the template: all rows or none (every bad row is reported
 * in the error's data), and an unchanged row writes nothing, so a re-import changes nothing.
 */
export async function importScores(
  db: Db,
  exam: ExamRow,
  subject: SubjectRow,
  file: Buffer,
  now: number,
): Promise<{ imported: number; absent: number; unchanged: number }> {
  const leaves = leavesOf(toQuestionTree(await loadQuestionRows(db, subject.id)));
  if (leaves.length === 0) throw badRequest('请先录入试卷结构，再导入成绩');
  const rows = await readSheetRows(file, { csvHeader: KEY_HEADER });
  const students = await participantsOf(db, subject);
  const { parsed, errors } = checkScoreRows(rows, leaves, students);
  if (errors.length > 0)
    throw new ApiError(ResultCode.BadRequest, `导入失败：${errors.length} 处错误，未导入任何成绩`, {
      errors,
    });

  return db.transaction().execute(async (trx) => {
    await assertStateUnchanged(trx, exam);
    const [stored, totals] = await Promise.all([
      trx
        .selectFrom('exam_scores')
        .select(['student_id', 'question_id', 'score', 'source', 'answer'])
        .where('exam_subject_id', '=', subject.id)
        .execute(),
      trx
        .selectFrom('exam_subject_totals')
        .select(['student_id', 'absent'])
        .where('exam_subject_id', '=', subject.id)
        .execute(),
    ]);
    type Stored = { score: number; source: string; answer: string | null };
    const storedBy = new Map<number, Map<number, Stored>>();
    for (const s of stored) {
      const m = storedBy.get(s.student_id) ?? new Map<number, Stored>();
      m.set(s.question_id, { score: s.score, source: s.source, answer: s.answer });
      storedBy.set(s.student_id, m);
    }
    const absentBefore = new Set(totals.filter((t) => t.absent === 1).map((t) => t.student_id));
    let imported = 0;
    let absent = 0;
    let unchanged = 0;
    const writes: ExamScoresTable[] = [];
    const scored: number[] = [];
    const absentNow: number[] = [];
    for (const row of parsed) {
      const before = storedBy.get(row.studentId);
      if (row.absent) {
        absent += 1;
        if (absentBefore.has(row.studentId) && !before) unchanged += 1;
        else absentNow.push(row.studentId);
        continue;
      }
      imported += 1;
      const same =
        !absentBefore.has(row.studentId) &&
        before !== undefined &&
        before.size === row.scores.size &&
        [...row.scores].every(([q, v]) => {
          const b = before.get(q);
          return (
            b !== undefined &&
            b.score === v &&
            b.source === 'import' &&
            b.answer === (row.answers.get(q) ?? null)
          );
        });
      if (same) {
        unchanged += 1;
        continue;
      }
      scored.push(row.studentId);
      for (const [questionId, score] of row.scores)
        writes.push({
          exam_subject_id: subject.id,
          question_id: questionId,
          student_id: row.studentId,
          score,
          source: 'import',
          answer: row.answers.get(questionId) ?? null,
          updated_at: now,
        });
    }
    await upsertScores(trx, writes);
    const resetTotals = [...scored, ...absentNow];
    for (const part of chunks(resetTotals)) {
      await trx
        .deleteFrom('exam_subject_totals')
        .where('exam_subject_id', '=', subject.id)
        .where('student_id', 'in', part)
        .execute();
    }
    for (const part of chunks(absentNow)) {
      await trx
        .deleteFrom('exam_scores')
        .where('exam_subject_id', '=', subject.id)
        .where('student_id', 'in', part)
        .execute();
      await trx
        .insertInto('exam_subject_totals')
        .values(
          part.map((student_id) => ({
            exam_subject_id: subject.id,
            student_id,
            score: null,
            absent: 1,
            updated_at: now,
          })),
        )
        .execute();
    }
    await recomputeTotals(trx, subject.id, now, scored);
    return { imported, absent, unchanged };
  });
}
