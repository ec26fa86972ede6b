import { createHash } from 'node:crypto';
import { toRecognitionTemplate, type RecognitionTemplate } from '@examkit/answer-sheet';
import type { HomeworkScanPage } from '@examkit/contracts';
import { encodeImage, type ExamNumberDigit, type SheetResult } from '@examkit/recognizer';
import type { Db } from '../../core/database';
import type { FileStore } from '../../core/files';
import type { Recognize } from '../../scan/queue';
import type { HomeworkRow } from '../access';
import { homeworkSheetDocument } from '../sheet';
import { judgementOf, scoreKey, settle, storedChoice } from './scoring';
import type { HomeworkStudent } from './students';

/** What a recognised page gives a submission, kept on the scan page for an exception. */
interface Recognised {
  imageKey: string | null;
  answers: { no: number; answer: string; review: boolean }[];
  /** Every crop of the page; `part` > 0: a written answer's later part (absent in older rows: 0). */
  crops: { no: number; key: string; part?: number }[];
  /** The sheet page (0-based) and the questions it carries; absent: a one-page sheet, all. */
  page?: number;
  questionNos?: number[];
}

/** The question number of a sheet question id (`h3` → 3). */
const noOf = (questionId: string) => Number(questionId.replace(/^h/, ''));

/**
 * The questions each page of a sheet carries: a question belongs to the page of its first
 * region (a long written answer continued on the next page is that page's question).
 */
export function questionsByPage(template: RecognitionTemplate): number[][] {
  const first = new Map<number, number>();
  for (const e of template.elements)
    if (
      'questionId' in e &&
      (e.kind === 'bubble' || e.kind === 'subjective' || e.kind === 'fill')
    ) {
      const no = noOf(e.questionId);
      first.set(no, Math.min(first.get(no) ?? e.page, e.page));
    }
  const pages = Array.from({ length: template.pageCount }, (): number[] => []);
  for (const [no, page] of [...first].sort((a, b) => a[0] - b[0])) pages[page]?.push(no);
  return pages;
}

/** 第 n 页 of a later page whose owner is unknown. */
export const pageOwnerUnknown = (page: number) =>
  `无法确定第 ${page + 1} 页属于哪位学生（请先上传该学生的第 1 页，再按顺序上传后面各页），请选择学生`;

/**
 * Recognises one uploaded page with the exams' recogniser against the homework's own answer
 * sheet, keeps the aligned page and the answer crops, matches the 学号 against the caller's
 * students and makes (or replaces) the student's submission; problems become an exception.
 * The same file uploaded again answers its first result.
 */
export async function scanPage(
  deps: { db: Db; files: FileStore; recognize: Recognize; now: number; userId: number },
  homework: HomeworkRow,
  students: readonly HomeworkStudent[],
  file: { fileName: string; bytes: Uint8Array },
): Promise<number> {
  const { db, files, now } = deps;
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const earlier = await db
    .selectFrom('homework_scan_pages')
    .select('id')
    .where('homework_id', '=', homework.id)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  if (earlier) return earlier.id;
  const template = toRecognitionTemplate(await homeworkSheetDocument(db, homework));
  const byPage = questionsByPage(template);
  const [result] = (await deps.recognize(file.bytes, template, {
    id: `hw${homework.id}`,
    alignedPage: 'always',
    alignedPageDpi: 100,
  })) as [SheetResult | undefined];
  const base = `homework/${homework.school_id}/${homework.id}/scan/${sha256.slice(0, 16)}`;
  let reason: string | null = null;
  let studentNo: string | null = null;
  let owner: number | null = null;
  const recognised: Recognised = { imageKey: null, answers: [], crops: [] };
  if (!result) reason = '无法识别：文件中没有页面';
  else if (result.status === 'failed')
    reason =
      result.code === 'wrongExam'
        ? `不是本作业的答题卡：${result.reason}`
        : `无法识别：${result.reason}`;
  else {
    if (result.alignedPage) {
      recognised.imageKey = `${base}/page.png`;
      await files.put(recognised.imageKey, await encodeImage(result.alignedPage));
    }
    for (const crop of result.crops) {
      const key = `${base}/q${crop.questionId}-${crop.part}.png`;
      await files.put(key, await encodeImage(crop.image));
      recognised.crops.push({ no: noOf(crop.questionId), key, part: crop.part });
    }
    recognised.answers = result.answers.map((a) => ({
      no: noOf(a.questionId),
      answer: a.answer,
      review: a.status === 'review',
    }));
    if (template.pageCount > 1) {
      recognised.page = result.page;
      recognised.questionNos = byPage[result.page] ?? [];
    }
    studentNo = result.examNumber;
    if (result.page > 0) {
      // A later page has no 学号: it is the student's whose first page this user uploaded last.
      owner = await pageOwner(db, homework.id, deps.userId);
      const student = owner === null ? undefined : students.find((s) => s.studentId === owner);
      if (student) studentNo = student.studentNo;
      else reason = pageOwnerUnknown(result.page);
    } else if (studentNo === null) {
      reason = unclearStudentNo(result.examNumberDigits);
    } else {
      const student = students.find((s) => s.studentNo === studentNo);
      if (!student) reason = `学号 ${studentNo} 不是本作业布置的学生（或不在您任教的班级）`;
    }
  }
  const review = recognised.answers.filter((a) => a.review);
  return db.transaction().execute(async (trx) => {
    const student = reason === null ? students.find((s) => s.studentNo === studentNo) : undefined;
    const submissionId = student ? await submitScan(trx, homework, student, recognised, now) : null;
    const note =
      student && review.length > 0
        ? `客观题需人工确认：${review.map((a) => `第 ${a.no} 题`).join('、')}`
        : null;
    const inserted = await trx
      .insertInto('homework_scan_pages')
      .values({
        homework_id: homework.id,
        file_name: file.fileName,
        sha256,
        status: student ? 'matched' : 'exception',
        reason: reason ?? note,
        student_no_read: owner === null ? studentNo : null,
        page: recognised.page ?? 0,
        result: JSON.stringify(recognised),
        submission_id: submissionId,
        image_key: recognised.imageKey,
        created_by: deps.userId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  });
}

/** Why a sheet's 学号 could not be read: which digits are blank, double or faint. */
export function unclearStudentNo(digits: readonly ExamNumberDigit[]): string {
  const unclear = digits
    .filter((d) => d.state !== 'ok')
    .map(
      (d) =>
        `第 ${d.digit + 1} 位${d.state === 'multiple' ? '多涂' : d.state === 'blank' ? '未涂' : '过浅'}`,
    );
  return `学号填涂不清（${unclear.join('、') || '无法确定'}），请选择学生`;
}

/**
 * The student of the first page (page 0) this user uploaded last for the homework, when it was
 * matched or handed to a student; null otherwise (the exams' rule: a later page belongs to the
 * last first page before it).
 */
async function pageOwner(db: Db, homeworkId: number, userId: number): Promise<number | null> {
  const first = await db
    .selectFrom('homework_scan_pages as p')
    .leftJoin('homework_submissions as s', 's.id', 'p.submission_id')
    .select(['p.status', 's.student_id'])
    .where('p.homework_id', '=', homeworkId)
    .where('p.created_by', '=', userId)
    .where('p.page', '=', 0)
    .orderBy('p.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return first && first.status !== 'exception' ? (first.student_id ?? null) : null;
}

/**
 * Which sheet pages of each scanned hand-in arrived (matched or handed to a student), by
 * submission: a hand-in is complete when it has every page of the sheet.
 */
export async function pagesArrived(db: Db, homeworkId: number): Promise<Map<number, Set<number>>> {
  const rows = await db
    .selectFrom('homework_scan_pages')
    .select(['submission_id', 'page'])
    .where('homework_id', '=', homeworkId)
    .where('status', '!=', 'exception')
    .where('submission_id', 'is not', null)
    .execute();
  const arrived = new Map<number, Set<number>>();
  for (const r of rows) {
    const set = arrived.get(r.submission_id!) ?? new Set<number>();
    set.add(Number(r.page));
    arrived.set(r.submission_id!, set);
  }
  return arrived;
}

/**
 * The later parts of the written answers of a scanned hand-in (an essay continued on the next
 * page, or in a second box), by question in part order: from the latest page of each sheet page
 * that was matched or handed to the student. The first part is the answer's own `crop_key`.
 */
export async function continuedCrops(db: Db, submissionId: number): Promise<Map<number, string[]>> {
  const rows = await db
    .selectFrom('homework_scan_pages')
    .select(['page', 'result'])
    .where('submission_id', '=', submissionId)
    .where('status', '!=', 'exception')
    .orderBy('id')
    .execute();
  const latest = new Map<number, string | null>();
  for (const r of rows) latest.set(Number(r.page), r.result);
  const parts = new Map<number, { part: number; key: string }[]>();
  for (const result of latest.values()) {
    const recognised = JSON.parse(result ?? 'null') as Recognised | null;
    for (const c of recognised?.crops ?? [])
      if (c.part) parts.set(c.no, [...(parts.get(c.no) ?? []), { part: c.part, key: c.key }]);
  }
  return new Map(
    [...parts].map(([no, list]) => [no, list.sort((a, b) => a.part - b.part).map((x) => x.key)]),
  );
}

/** Hands an exception page to a student: its recognised answers become their submission. */
export async function resolveScan(
  trx: Db,
  homework: HomeworkRow,
  student: HomeworkStudent,
  page: { id: number; result: string | null },
  now: number,
): Promise<void> {
  const recognised = JSON.parse(page.result ?? 'null') as Recognised | null;
  const submissionId = await submitScan(
    trx,
    homework,
    student,
    recognised ?? { imageKey: null, answers: [], crops: [] },
    now,
  );
  await trx
    .updateTable('homework_scan_pages')
    .set({ status: 'resolved', submission_id: submissionId })
    .where('id', '=', page.id)
    .execute();
}

/**
 * Writes a student's scanned submission: objective questions scored from the key (answers under
 * review wait unscored), subjective ones with their crop, to be corrected. A later scan replaces
 * an earlier one's answers, applied rubric items and annotations.
 */
async function submitScan(
  trx: Db,
  homework: HomeworkRow,
  student: HomeworkStudent,
  recognised: Recognised,
  now: number,
): Promise<number> {
  const questions = await trx
    .selectFrom('homework_questions')
    .selectAll()
    .where('homework_id', '=', homework.id)
    .orderBy('no')
    .execute();
  const existing = await trx
    .selectFrom('homework_submissions')
    .select(['id', 'source', 'image_key'])
    .where('homework_id', '=', homework.id)
    .where('student_id', '=', student.studentId)
    .executeTakeFirst();
  // A page of a multi-page sheet replaces only its own questions of a scanned hand-in; the
  // first page's image is the hand-in's.
  const page = recognised.page ?? 0;
  const partial = recognised.questionNos !== undefined && existing?.source === 'scan';
  const nos = new Set(
    recognised.questionNos !== undefined ? recognised.questionNos : questions.map((q) => q.no),
  );
  const fields = {
    class_id: student.classId,
    status: 'submitted',
    source: 'scan',
    image_key: partial && page > 0 ? existing.image_key : recognised.imageKey,
    score: null,
    submitted_at: now,
    // A scan is never 迟交: its upload time is not the hand-in time (docs/homework.md "Late hand-ins").
    late: 0,
    corrected_by: null,
    corrected_at: null,
    updated_at: now,
  };
  let id: number;
  if (existing) {
    id = existing.id;
    await trx.updateTable('homework_submissions').set(fields).where('id', '=', id).execute();
    for (const table of [
      'homework_answers',
      'homework_answer_rubrics',
      'homework_annotations',
    ] as const) {
      let query = trx.deleteFrom(table).where('submission_id', '=', id);
      if (partial) query = query.where('question_no', 'in', [...nos, -1]);
      await query.execute();
    }
  } else {
    id = (
      await trx
        .insertInto('homework_submissions')
        .values({
          ...fields,
          homework_id: homework.id,
          school_id: homework.school_id,
          student_id: student.studentId,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }
  const onPage = questions.filter((q) => nos.has(q.no));
  if (onPage.length > 0)
    await trx
      .insertInto('homework_answers')
      .values(
        onPage.map((q) => {
          const read = recognised.answers.find((a) => a.no === q.no);
          const objective = q.type === 'objective';
          const answer = objective ? storedChoice(q, read?.answer ?? '') : null;
          const score = objective && read && !read.review ? scoreKey(q, answer) : null;
          return {
            submission_id: id,
            question_no: q.no,
            answer,
            crop_key: recognised.crops.find((c) => c.no === q.no && !c.part)?.key ?? null,
            score,
            judgement: score === null ? null : judgementOf(score, q.full_marks),
            adjustment: null,
            review: read?.review ? 1 : 0,
            corrected_by: null,
            corrected_at: score === null ? null : now,
          };
        }),
      )
      .execute();
  await settle(trx, id, null, now);
  return id;
}

/** A scan page as the scan screen lists it. */
export function scanPageView(
  row: {
    id: number;
    file_name: string;
    status: string;
    reason: string | null;
    student_no_read: string | null;
    submission_id: number | null;
    created_at: number;
    page: number;
  },
  studentName: string | null,
): HomeworkScanPage {
  return {
    id: row.id,
    fileName: row.file_name,
    status: row.status as HomeworkScanPage['status'],
    reason: row.reason,
    studentNoRead: row.student_no_read,
    studentName,
    submissionId: row.submission_id,
    createdAt: Number(row.created_at),
    page: Number(row.page) + 1,
  };
}
