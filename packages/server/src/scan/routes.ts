import { SCAN_IMAGE_URL, scanRoutes } from '@examkit/contracts';
import { Type } from 'typebox';
import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { badRequest, notFound } from '../core/envelope';
import type { FileStore } from '../core/files';
import type { Router } from '../core/router';
import { loadScope, subjectClassScope } from '../core/scope';
import type { SessionInfo } from '../core/session';
import {
  assertExamManager,
  assertExamVisible,
  EXAM_SINGLE,
  loadExam,
  loadSubject,
  requireAnyPermission,
  type ExamRow,
  type SubjectRow,
} from '../exam/access';
import {
  batchProgress,
  completeBatch,
  createBatch,
  loadBatch,
  putChunk,
  receivedChunks,
} from './batches';
import {
  confirmAbsent,
  listExceptions,
  reconcile,
  rescoreSubject,
  resolveException,
} from './fixes';
import { handToMarking } from './handoff';
import { createScanJobHandler } from './jobs';
import { objectiveDetail, objectiveScorePage } from './objective';
import { scanOverview } from './overview';
import { recognizerFromEnv, scanQueueFromEnv, type Recognize, type ScanQueue } from './queue';

export interface ScanRoutesDeps {
  db: Db;
  clock: Clock;
  files: FileStore;
  /** @default BullMQ when `REDIS_URL` is set, else in this process ({@link scanQueueFromEnv}) */
  queue?: ScanQueue;
  /** @default worker threads from `SCAN_WORKERS` ({@link recognizerFromEnv}) */
  recognize?: Recognize;
}

const TAG = 'scan';

async function requeueUnfinished(db: Db, queue: ScanQueue): Promise<void> {
  const waiting = await db
    .selectFrom('scan_files as f')
    .innerJoin('scan_batches as b', 'b.id', 'f.batch_id')
    .select(['f.batch_id', 'f.file_index'])
    .where('b.state', 'in', ['queued', 'recognizing'])
    .where('f.state', '!=', 'done')
    .orderBy('f.batch_id')
    .orderBy('f.file_index')
    .execute();
  if (waiting.length > 0)
    await queue.add(waiting.map((f) => ({ batchId: f.batch_id, fileIndex: f.file_index })));
}
/** Exam states in which sheets may be uploaded and fixed. */
const SCANNABLE = new Set(['scanning', 'marking']);

/** Registers the scan domain's calls and starts consuming recognition jobs. */
export function registerScanRoutes(router: Router, deps: ScanRoutesDeps): void {
  const { db, clock, files } = deps;
  const queue =
    deps.queue ??
    scanQueueFromEnv(process.env, (job, error) =>
      console.error(`examkit scan job ${job.batchId}-${job.fileIndex} failed`, error),
    );
  queue.start(
    createScanJobHandler({ db, clock, files, recognize: deps.recognize ?? recognizerFromEnv() }),
  );
  // Jobs in memory die with the process: files of unfinished batches are queued again, on the
  // first scan call (so a server that never scans never queries for them).
  let recovered: Promise<void> | null = queue.kind === 'in-process' ? null : Promise.resolve();
  const recover = () =>
    (recovered ??= requeueUnfinished(db, queue).catch((error: unknown) =>
      console.error('examkit scan: re-queueing unfinished batches failed', error),
    ));

  /** A subject to read scores of: the exam in scope; rows are filtered by `classIds`. */
  async function readAccess(
    session: SessionInfo,
    examSubjectId: number,
  ): Promise<{ exam: ExamRow; subject: SubjectRow; classIds: number[] | null }> {
    await requireAnyPermission(db, session, EXAM_SINGLE);
    const found = await loadSubject(db, session.schoolId, examSubjectId);
    const scope = await loadScope(db, session);
    assertExamVisible(scope, found.exam);
    return { ...found, classIds: await subjectClassScope(db, scope, found.subject) };
  }
  /**
   * Scanning, reconciling and fixing sheets show every student of the subject: they are the
   * work of the exam's managers (school-wide roles, the grade's 年级主任), docs/scope.md.
   */
  async function access(
    session: SessionInfo,
    examSubjectId: number,
  ): Promise<{ exam: ExamRow; subject: SubjectRow }> {
    await requireAnyPermission(db, session, EXAM_SINGLE);
    await recover();
    const found = await loadSubject(db, session.schoolId, examSubjectId);
    const scope = await loadScope(db, session);
    assertExamVisible(scope, found.exam);
    assertExamManager(scope, found.exam.grade_id);
    return found;
  }
  const writable = (exam: ExamRow) => {
    if (!SCANNABLE.has(exam.state))
      throw badRequest('考试不在扫描或阅卷阶段，不能上传或处理答题卡');
  };
  const batchAccess = async (session: SessionInfo, batchId: number) => {
    const batch = await loadBatch(db, session.schoolId, batchId);
    const found = await access(session, batch.exam_subject_id);
    return { batch, ...found };
  };

  router.sessionRoute(scanRoutes.batchCreate, TAG, async ({ body, session }) => {
    const { exam, subject } = await access(session, body.examSubjectId);
    writable(exam);
    if (subject.sheet_template === null) throw badRequest('该科目还没有保存答题卡，不能扫描');
    return createBatch(db, clock, {
      schoolId: session.schoolId,
      examId: exam.id,
      examSubjectId: subject.id,
      userId: session.userId,
      files: body.files,
    });
  });
  router.sessionRoute(scanRoutes.batchChunk, TAG, async ({ body, session }) => {
    const { batch } = await batchAccess(session, body.batchId);
    return putChunk(db, files, batch, body);
  });
  router.sessionRoute(scanRoutes.batchChunks, TAG, async ({ body, session }) => {
    const { batch } = await batchAccess(session, body.batchId);
    return receivedChunks(db, batch);
  });
  router.sessionRoute(scanRoutes.batchComplete, TAG, async ({ body, session }) => {
    const { batch, exam } = await batchAccess(session, body.batchId);
    writable(exam);
    await completeBatch(db, clock, files, queue, batch);
    const [progress] = await batchProgress(db, [await loadBatch(db, session.schoolId, batch.id)]);
    return progress!;
  });
  router.sessionRoute(scanRoutes.batchProgress, TAG, async ({ body, session }) => {
    const { batch } = await batchAccess(session, body.batchId);
    const [progress] = await batchProgress(db, [batch]);
    return progress!;
  });
  router.sessionRoute(scanRoutes.batchList, TAG, async ({ body, session }) => {
    const { subject } = await access(session, body.examSubjectId);
    const batches = await db
      .selectFrom('scan_batches')
      .selectAll()
      .where('exam_subject_id', '=', subject.id)
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
    return { list: await batchProgress(db, batches) };
  });
  router.sessionRoute(scanRoutes.reconcile, TAG, async ({ body, session }) => {
    const { subject } = await access(session, body.examSubjectId);
    return reconcile(db, subject);
  });
  router.sessionRoute(scanRoutes.exceptions, TAG, async ({ body, session }) => {
    const { subject } = await access(session, body.examSubjectId);
    return {
      list: await listExceptions(db, subject, {
        state: body.state,
        ...(body.kind ? { kind: body.kind } : {}),
      }),
    };
  });
  router.sessionRoute(scanRoutes.resolve, TAG, async ({ body, session }) => {
    const row = await db
      .selectFrom('scan_exceptions')
      .select('exam_subject_id')
      .where('id', '=', body.exceptionId)
      .executeTakeFirst();
    if (!row) throw notFound('异常不存在');
    const { exam, subject } = await access(session, row.exam_subject_id);
    writable(exam);
    await resolveException(db, clock, subject, body.exceptionId, session.userId, body);
    const [done] = await listExceptions(db, subject, { state: 'all', ids: [body.exceptionId] });
    return done!;
  });
  router.sessionRoute(scanRoutes.confirmAbsent, TAG, async ({ body, session }) => {
    const { exam, subject } = await access(session, body.examSubjectId);
    writable(exam);
    await confirmAbsent(db, clock, subject, body.studentId, session.userId);
    return null;
  });
  router.sessionRoute(scanRoutes.rescore, TAG, async ({ body, session }) => {
    const { subject } = await access(session, body.examSubjectId);
    return { students: await rescoreSubject(db, clock, subject) };
  });
  router.sessionRoute(scanRoutes.overview, TAG, async ({ body, session }) => {
    await requireAnyPermission(db, session, EXAM_SINGLE);
    const exam = await loadExam(db, session.schoolId, body.examId);
    assertExamVisible(await loadScope(db, session), exam);
    return { subjects: await scanOverview(db, exam) };
  });
  router.sessionRoute(scanRoutes.objectiveScores, TAG, async ({ body, session }) => {
    const { subject, classIds } = await readAccess(session, body.examSubjectId);
    return objectiveScorePage(db, subject, body, classIds);
  });
  router.sessionRoute(scanRoutes.objectiveDetail, TAG, async ({ body, session }) => {
    const { subject, classIds } = await readAccess(session, body.examSubjectId);
    return objectiveDetail(db, subject, body.studentId, classIds);
  });
  router.sessionRoute(scanRoutes.handToMarking, TAG, async ({ body, session }) => {
    const { subject } = await access(session, body.examSubjectId);
    return { blocks: await handToMarking(db, clock, files, subject) };
  });
  router.sessionDownload(
    {
      url: SCAN_IMAGE_URL,
      summary: "A scanned sheet's aligned page (PNG), or one answer crop with questionId",
      query: Type.Object(
        {
          sheetId: Type.Integer({ minimum: 1 }),
          questionId: Type.Optional(Type.Integer({ minimum: 1 })),
          part: Type.Optional(Type.Integer({ minimum: 0 })),
        },
        { additionalProperties: false },
      ),
    },
    TAG,
    async ({ query, session }) => {
      const sheet = await db
        .selectFrom('scan_sheets')
        .select(['id', 'exam_subject_id', 'image_key'])
        .where('id', '=', query.sheetId)
        .executeTakeFirst();
      if (!sheet) throw notFound('答题卡不存在');
      const { exam, subject } = await access(session, sheet.exam_subject_id);
      let key = sheet.image_key;
      if (query.questionId !== undefined) {
        const crop = await db
          .selectFrom('scan_crops')
          .select('crop_key')
          .where('sheet_id', '=', sheet.id)
          .where('question_id', '=', query.questionId)
          .where('part', '=', query.part ?? 0)
          .executeTakeFirst();
        key = crop?.crop_key ?? null;
      }
      const body = key ? await files.get(key) : null;
      if (!body) throw notFound('该答题卡没有图像');
      const question =
        query.questionId === undefined
          ? undefined
          : await db
              .selectFrom('exam_questions')
              .select('number')
              .where('id', '=', query.questionId)
              .where('exam_subject_id', '=', subject.id)
              .executeTakeFirst();
      const name = [
        exam.name,
        subject.subject_name,
        `答题卡${sheet.id}`,
        ...(question ? [`第${question.number}题`] : []),
      ]
        .join('-')
        .replace(/[\\/:*?"<>|]/g, '_');
      return { fileName: `${name}.png`, contentType: 'image/png', body };
    },
  );
}
