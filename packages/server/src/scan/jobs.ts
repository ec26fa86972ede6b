import type { RecognitionTemplate, SheetResult } from '@examkit/recognizer';
import { encodeImage } from '@examkit/recognizer';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import type { FileStore } from '../core/files';
import { invalidateExamReport } from '../report/cache';
import type { Recognize, ScanJob } from './queue';
import { rosterOf } from './roster';
import { scoreStudents } from './scoring';
import { updateBatchState } from './batches';

export interface JobDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
  recognize: Recognize;
}

/** Where a page's images live; the same for a retried job, so it overwrites the same files. */
export const pageKey = (subjectId: number, job: ScanJob, scanPage: number) =>
  `scan/${subjectId}/b${job.batchId}/f${job.fileIndex}/p${scanPage}`;

const FLAG_NAMES: Record<string, string> = {
  faint: '填涂过浅',
  multiple: '多涂',
  erasure: '疑似擦除',
  blank: '未作答',
};

interface Exception {
  kind: string;
  reason: string;
}

/**
 * The recognition job of one file: recognise every page, store the aligned page and crops,
 * match the exam number against the roster, queue the problems and score the objective items.
 * Idempotent: a page already written (unique batch, file, page) is left as it is.
 */
export function createScanJobHandler(deps: JobDeps) {
  return async (job: ScanJob): Promise<void> => {
    const { db, clock, files } = deps;
    const batch = await db
      .selectFrom('scan_batches')
      .selectAll()
      .where('id', '=', job.batchId)
      .executeTakeFirst();
    const file = await db
      .selectFrom('scan_files')
      .selectAll()
      .where('batch_id', '=', job.batchId)
      .where('file_index', '=', job.fileIndex)
      .executeTakeFirst();
    if (!batch || !file) return; // deleted with its exam
    const subject = await db
      .selectFrom('exam_subjects')
      .select(['id', 'exam_id', 'elective', 'sheet_template'])
      .where('id', '=', batch.exam_subject_id)
      .executeTakeFirst();
    if (!subject) return;
    if (batch.state === 'queued')
      await db
        .updateTable('scan_batches')
        .set({ state: 'recognizing', updated_at: clock.now().getTime() })
        .where('id', '=', batch.id)
        .where('state', '=', 'queued')
        .execute();
    const template = JSON.parse(subject.sheet_template ?? 'null') as RecognitionTemplate | null;
    const bytes = file.file_key ? await files.get(file.file_key) : null;
    let results: SheetResult[];
    if (!template)
      results = [{ status: 'failed', code: 'template', reason: '该科目没有保存答题卡模板' }];
    else if (!bytes)
      results = [{ status: 'failed', code: 'decode', reason: '上传的文件已丢失，请重新上传' }];
    else {
      const run = () =>
        deps.recognize(bytes, template, {
          id: `${job.batchId}-${job.fileIndex}`,
          // Kept for every sheet, not only the recogniser's own reviews: a roster problem
          // (an exam number not on the list) is fixed by looking at the sheet too.
          alignedPage: 'always',
          alignedPageDpi: 100,
        });
      results = await run();
      // A recogniser thread that died is not the sheet's fault: try once more before queueing it.
      if (results.some((r) => r.status === 'failed' && r.code === 'internal'))
        results = await run();
    }

    const roster = await rosterOf(db, subject.exam_id, subject.id, subject.elective === 1);
    const byExamNo = new Map(roster.map((s) => [s.examNo, s]));
    let owner: number | null = null;
    for (let i = 0; i < results.length; i++) {
      const result = results[i]!;
      const scanPage = result.scanPage ?? i;
      const existing = await db
        .selectFrom('scan_sheets')
        .select(['student_id', 'template_page'])
        .where('batch_id', '=', job.batchId)
        .where('file_index', '=', job.fileIndex)
        .where('scan_page', '=', scanPage)
        .executeTakeFirst();
      if (existing) {
        if (existing.template_page === 0) owner = existing.student_id;
        continue;
      }
      const base = pageKey(subject.id, job, scanPage);
      const imageKey = result.status !== 'failed' && result.alignedPage ? `${base}/page.png` : null;
      const crops: { questionId: number; part: number; key: string }[] = [];
      if (result.status !== 'failed') {
        if (result.alignedPage)
          await files.put(`${base}/page.png`, await encodeImage(result.alignedPage));
        for (const crop of result.crops) {
          const key = `${base}/q${crop.questionId}-${crop.part}.png`;
          await files.put(key, await encodeImage(crop.image));
          crops.push({ questionId: Number(crop.questionId), part: crop.part, key });
        }
      }
      const exceptions: Exception[] = [];
      let studentId: number | null = null;
      let examNoRead: string | null = null;
      let templatePage: number | null = null;
      let absent = 0;
      let duplicate = false;
      if (result.status === 'failed') {
        exceptions.push(
          result.code === 'wrongExam'
            ? { kind: 'wrong_exam', reason: `不是本考试科目的答题卡：${result.reason}` }
            : { kind: 'unreadable', reason: `无法识别：${result.reason}` },
        );
      } else {
        templatePage = result.page;
        absent = result.absent === true ? 1 : 0;
        if (result.examNumberDigits.length > 0) {
          examNoRead = result.examNumber;
          if (result.examNumber === null) {
            const unclear = result.examNumberDigits
              .filter((d) => d.state !== 'ok')
              .map(
                (d) =>
                  `第 ${d.digit + 1} 位${d.state === 'multiple' ? '多涂' : d.state === 'blank' ? '未涂' : '过浅'}`,
              );
            exceptions.push({
              kind: 'exam_no_uncertain',
              reason: `考号填涂不清（${unclear.join('、') || '无法确定'}），请选择考生`,
            });
          } else {
            const student = byExamNo.get(result.examNumber);
            if (student) studentId = student.studentId;
            else
              exceptions.push({
                kind: 'unknown_exam_no',
                reason: `考号 ${result.examNumber} 不在本考试科目的考生名单中`,
              });
          }
          owner = templatePage === 0 ? studentId : owner;
        } else if (templatePage > 0 && owner !== null) {
          studentId = owner;
        } else {
          exceptions.push({
            kind: 'page_owner',
            reason: `无法确定第 ${templatePage + 1} 页属于哪位考生（前面没有该考生的第 1 页）`,
          });
        }
        const review = result.answers.filter((a) => a.status === 'review');
        if (review.length > 0 && absent === 0)
          exceptions.push({
            kind: 'bubble_review',
            reason: `客观题需人工确认：${review
              .map(
                (a) =>
                  `第 ${a.number} 题（${a.flags.map((f) => FLAG_NAMES[f] ?? f).join('、') || '不确定'}）`,
              )
              .join('、')}`,
          });
      }
      const now = clock.now().getTime();
      await db.transaction().execute(async (trx) => {
        if (studentId !== null && templatePage !== null) {
          const other = await trx
            .selectFrom('scan_sheets')
            .select(['id', 'batch_id', 'file_index', 'scan_page'])
            .where('exam_subject_id', '=', subject.id)
            .where('student_id', '=', studentId)
            .where('template_page', '=', templatePage)
            .where('discarded', '=', 0)
            .where('status', '!=', 'duplicate')
            .executeTakeFirst();
          if (other) {
            duplicate = true;
            const s = roster.find((r) => r.studentId === studentId)!;
            exceptions.unshift({
              kind: 'duplicate',
              reason: `考生 ${s.examNo}（${s.name}）的第 ${templatePage + 1} 页已有答题卡（批次 ${other.batch_id} 文件 ${other.file_index + 1} 第 ${other.scan_page + 1} 页），本张为重复`,
            });
          }
        }
        const inserted = await trx
          .insertInto('scan_sheets')
          .values({
            batch_id: job.batchId,
            exam_id: subject.exam_id,
            exam_subject_id: subject.id,
            file_index: job.fileIndex,
            scan_page: scanPage,
            template_page: templatePage,
            status: duplicate ? 'duplicate' : exceptions.length > 0 ? 'exception' : 'recognized',
            student_id: studentId,
            exam_no_read: examNoRead,
            absent,
            image_key: imageKey,
            discarded: 0,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const sheetId = inserted.id;
        if (result.status !== 'failed' && result.answers.length > 0)
          await trx
            .insertInto('scan_answers')
            .values(
              result.answers.map((a) => ({
                sheet_id: sheetId,
                question_id: Number(a.questionId),
                answer: a.answer,
                status: a.status,
                confidence: a.confidence,
                flags: JSON.stringify(a.flags),
              })),
            )
            .execute();
        if (crops.length > 0)
          await trx
            .insertInto('scan_crops')
            .values(
              crops.map((c) => ({
                sheet_id: sheetId,
                question_id: c.questionId,
                part: c.part,
                crop_key: c.key,
              })),
            )
            .execute();
        if (exceptions.length > 0)
          await trx
            .insertInto('scan_exceptions')
            .values(
              exceptions.map((e) => ({
                exam_subject_id: subject.id,
                sheet_id: sheetId,
                student_id: studentId,
                kind: e.kind,
                reason: e.reason,
                created_at: now,
                resolved_by: null,
                resolution: null,
                resolved_at: null,
              })),
            )
            .execute();
        if (studentId !== null && !duplicate)
          await scoreStudents(trx, subject.id, [studentId], now);
      });
    }
    await db
      .updateTable('scan_files')
      .set({ state: 'done', pages: results.length })
      .where('batch_id', '=', job.batchId)
      .where('file_index', '=', job.fileIndex)
      .execute();
    await updateBatchState(db, clock, job.batchId);
    await invalidateExamReport(db, subject.exam_id);
  };
}
