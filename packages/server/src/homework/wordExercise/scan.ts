import { createHash } from 'node:crypto';
import { toRecognitionTemplate } from '@examkit/answer-sheet';
import {
  homeworkWordScanRoutes as r,
  type HomeworkScanPage,
  type WordEntry,
} from '@examkit/contracts';
import type { SheetResult } from '@examkit/recognizer';
import type { Selectable } from 'kysely';
import type { Db } from '../../core/database';
import type { DomainDeps } from '../../core/deps';
import { badRequest, notFound } from '../../core/envelope';
import type { Router } from '../../core/router';
import { accessOf, type Access } from '../../core/scope';
import { recognizerFromEnv, type Recognize } from '../../scan/queue';
import { decodePaper } from '../paper';
import { scanPageView, unclearStudentNo } from '../submissions/scan';
import { positionOfWrongBox, wordCardDocument } from './card';
import type { HomeworkWordScanPagesTable } from './scanTables';
import type { HomeworkWordExercisesTable } from './tables';

const TAG = 'homework';

type ExerciseRow = Selectable<HomeworkWordExercisesTable>;
type ScanRow = Selectable<HomeworkWordScanPagesTable>;

/** A student of the list's assigned classes that the caller teaches. */
export interface WordStudent {
  studentId: number;
  studentNo: string;
  name: string;
  classId: number;
  className: string;
}

/** What the scan routes borrow from the word-exercise routes. */
export interface WordScanHelpers {
  load(access: Access, id: number): Promise<ExerciseRow>;
  studentsOf(access: Access, row: ExerciseRow, filter: { classId: null }): Promise<WordStudent[]>;
  wordsOf(id: number): Promise<WordEntry[]>;
}

/**
 * Writes a student's wrong words (one row per student and list: a retry, a correction or a later
 * scan replaces it), as 批改与正确率 and a scanned card both do.
 */
export async function saveWordMark(
  db: Db,
  row: { id: number; school_id: number },
  studentId: number,
  wrong: readonly number[],
  userId: number,
  at: number,
): Promise<number[]> {
  const sorted = [...wrong].sort((a, b) => a - b);
  const text = JSON.stringify(sorted);
  await db
    .insertInto('homework_word_marks')
    .values({
      exercise_id: row.id,
      student_id: studentId,
      school_id: row.school_id,
      wrong: text,
      marked_by: userId,
      marked_at: at,
    })
    .onConflict((oc) =>
      oc
        .columns(['exercise_id', 'student_id'])
        .doUpdateSet({ wrong: text, marked_by: userId, marked_at: at }),
    )
    .execute();
  return sorted;
}

/** What one recognised card says: its 学号 (or why not), the filled 错 boxes, those to check. */
interface CardReading {
  reason: string | null;
  studentNo: string | null;
  /** null: nothing read to hand to a student (no card, another list's, a later page). */
  wrong: number[] | null;
  review: number[];
}

function readCard(result: SheetResult | undefined, wordCount: number): CardReading {
  const none = { studentNo: null, wrong: null, review: [] };
  if (!result) return { ...none, reason: '无法识别：文件中没有页面' };
  if (result.status === 'failed')
    return {
      ...none,
      reason:
        result.code === 'wrongExam'
          ? `不是本字词练习的听写卡：${result.reason}`
          : `无法识别：${result.reason}`,
    };
  if (result.page > 0)
    return {
      ...none,
      reason: `这是听写卡的第 ${result.page + 1} 页：批改栏和学号都在第 1 页，只需上传第 1 页`,
    };
  const wrong: number[] = [];
  const review: number[] = [];
  for (const a of result.answers) {
    const position = positionOfWrongBox(a.questionId);
    if (position === null || position > wordCount) continue;
    if (a.answer.includes('F')) wrong.push(position);
    if (a.status === 'review') review.push(position);
  }
  if (result.examNumber === null)
    return { studentNo: null, wrong, review, reason: unclearStudentNo(result.examNumberDigits) };
  return { studentNo: result.examNumber, wrong, review, reason: null };
}

const reviewNote = (review: readonly number[]) =>
  review.length > 0 ? `批改栏需核对：第 ${review.join('、')} 个字词` : null;

/** A card as the homework scan page lists it (one page, no submission: marks are the result). */
const pageView = (row: ScanRow, studentName: string | null): HomeworkScanPage =>
  scanPageView({ ...row, submission_id: null, page: 0 }, studentName);

/**
 * Registers the scanning of 听写卡 (/homework/word-exercise/{id}/scan): upload (recognised at
 * once, matched by 学号 among the caller's students of the assigned classes, the filled 错 boxes
 * written as the student's wrong words), the list with the exceptions, and handing an exception
 * to a student. Behind Homework-SchoolBase like the other 字词练习 calls.
 */
export function registerWordScanRoutes(
  router: Router,
  { db, clock }: DomainDeps,
  helpers: WordScanHelpers,
  options: { recognize?: Recognize } = {},
): void {
  let recognize = options.recognize;
  const nameOf = async (studentId: number | null) =>
    studentId === null
      ? null
      : ((
          await db
            .selectFrom('students')
            .select('name')
            .where('id', '=', studentId)
            .executeTakeFirst()
        )?.name ?? null);

  router.sessionRoute(r.wordScanUpload, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const row = await helpers.load(access, body.id);
    const students = await helpers.studentsOf(access, row, { classId: null });
    if (students.length === 0) throw badRequest('您任教的班级没有布置这份字词练习，不能上传');
    const bytes = decodePaper(body.contentBase64);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const earlier = await db
      .selectFrom('homework_word_scan_pages')
      .selectAll()
      .where('exercise_id', '=', row.id)
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    if (earlier) return pageView(earlier, await nameOf(earlier.student_id));
    const words = await helpers.wordsOf(row.id);
    const template = toRecognitionTemplate(
      await wordCardDocument(
        db,
        row,
        words.map((w) => w.position),
      ),
    );
    recognize ??= recognizerFromEnv();
    const [result] = (await recognize(bytes, template, { id: `ekw${row.id}` })) as [
      SheetResult | undefined,
    ];
    const card = readCard(result, words.length);
    let reason = card.reason;
    const student =
      reason === null ? students.find((s) => s.studentNo === card.studentNo) : undefined;
    if (reason === null && !student)
      reason = `学号 ${card.studentNo} 不是本字词练习布置的学生（或不在您任教的班级）`;
    const at = clock.now().getTime();
    const id = await db.transaction().execute(async (trx) => {
      if (student)
        await saveWordMark(trx, row, student.studentId, card.wrong ?? [], session.userId, at);
      const inserted = await trx
        .insertInto('homework_word_scan_pages')
        .values({
          exercise_id: row.id,
          school_id: row.school_id,
          file_name: body.fileName,
          sha256,
          status: student ? 'matched' : 'exception',
          reason: reason ?? reviewNote(card.review),
          student_no_read: card.studentNo,
          student_id: student?.studentId ?? null,
          wrong: JSON.stringify(card.wrong),
          created_by: session.userId,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    });
    const saved = await db
      .selectFrom('homework_word_scan_pages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return pageView(saved, student?.name ?? null);
  });

  router.sessionRoute(r.wordScanList, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const row = await helpers.load(access, body.id);
    const students = await helpers.studentsOf(access, row, { classId: null });
    const byId = new Map(students.map((s) => [s.studentId, s]));
    const pages = await db
      .selectFrom('homework_word_scan_pages')
      .selectAll()
      .where('exercise_id', '=', row.id)
      .orderBy('id', 'desc')
      .limit(1000)
      .execute();
    // Matched cards of other teachers' classes are theirs; exceptions are everyone's to settle.
    const visible = pages.filter(
      (p) => p.status === 'exception' || (p.student_id !== null && byId.has(p.student_id)),
    );
    const scanned = new Set(
      visible.filter((p) => p.student_id !== null).map((p) => p.student_id as number),
    );
    return {
      expected: students.length,
      submitted: scanned.size,
      openExceptions: visible.filter((p) => p.status === 'exception').length,
      pageCount: 1,
      incomplete: [],
      pages: visible.map((p) =>
        pageView(p, p.student_id === null ? null : (byId.get(p.student_id)?.name ?? null)),
      ),
    };
  });

  router.sessionRoute(r.wordScanResolve, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const page = await db
      .selectFrom('homework_word_scan_pages')
      .selectAll()
      .where('id', '=', body.pageId)
      .where('school_id', '=', session.schoolId)
      .executeTakeFirst();
    if (!page) throw notFound('扫描页不存在');
    const row = await helpers.load(access, page.exercise_id);
    if (page.status !== 'exception') throw badRequest('该扫描页已处理，请刷新');
    const wrong = JSON.parse(page.wrong) as number[] | null;
    if (wrong === null) throw badRequest('这张扫描页没有读出批改栏，不能指定学生');
    const student = (await helpers.studentsOf(access, row, { classId: null })).find(
      (s) => s.studentId === body.studentId,
    );
    if (!student) throw notFound('学生不存在');
    const at = clock.now().getTime();
    await db.transaction().execute(async (trx) => {
      await saveWordMark(trx, row, student.studentId, wrong, session.userId, at);
      // Only one settles it: a second hand-over of the same page finds it resolved.
      const done = await trx
        .updateTable('homework_word_scan_pages')
        .set({ status: 'resolved', student_id: student.studentId })
        .where('id', '=', page.id)
        .where('status', '=', 'exception')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw badRequest('该扫描页已处理，请刷新');
    });
    return pageView({ ...page, status: 'resolved', student_id: student.studentId }, student.name);
  });
}
