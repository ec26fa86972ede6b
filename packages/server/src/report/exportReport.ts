import type { BodyOf, DataOf, reportRoutes } from '@examkit/contracts';
import { ApiError, notFound } from '../core/envelope';
import type { SessionInfo } from '../core/session';
import { rawScoresFile } from '../exam/scoreImport';
import { listComments } from './comments';
import {
  downloadFileName,
  htmlToPdf,
  REPORT_FILE_TITLES,
  tablesToHtml,
  tablesToXlsx,
  type ReportTable,
} from './exportFiles';
import { pageTables } from './pageTables';
import type { ReportDeps } from './routes';
import * as views from './views';
import type { ReportContext } from './views';

export type ExportBody = BodyOf<typeof reportRoutes.exportReport>;
export type ExportFile = DataOf<typeof reportRoutes.exportReport>;
type JobStatus = DataOf<typeof reportRoutes.exportJobStatus>;

/** Pages read with the grade key and grade scope; the rest are class pages. */
export function isGradePage(page: string): boolean {
  return (
    page.startsWith('grade/') ||
    page === 'quickReview' ||
    page === 'quality' ||
    page === 'rawScores'
  );
}

/** Every student's transcript, one student a page, in class then exam-number order. */
function gradeTranscriptTables(
  ctx: ReportContext,
  onProgress: (done: number, total: number) => void,
): ReportTable[] {
  views.assertGrade(ctx);
  const students = [...ctx.report.snapshot.students].sort(
    (a, b) => a.classId - b.classId || (a.examNo < b.examNo ? -1 : a.examNo > b.examNo ? 1 : 0),
  );
  const tables: ReportTable[] = [];
  students.forEach((s, n) => {
    const data = views.studentTranscript(ctx, s.classId, s.id);
    const [first, ...rest] = pageTables('student/transcript', data);
    if (first) {
      tables.push({
        ...first,
        title: `${data.student.className} ${data.student.name}（${data.student.examNo}）成绩单`,
        newPage: n > 0,
      });
    }
    tables.push(...rest);
    onProgress(n + 1, students.length);
  });
  return tables;
}

/** The number of steps an export takes (students for a grade's transcripts, else 1). */
export function exportSteps(ctx: ReportContext, page: string): number {
  return page === 'grade/transcripts' ? ctx.report.snapshot.students.length : 1;
}

/** A report page's tables as `.xlsx`, print HTML or PDF; `onProgress` counts the steps done. */
export async function renderExport(
  deps: ReportDeps,
  ctx: ReportContext,
  body: ExportBody,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ExportFile> {
  const { db } = deps;
  const page = body.page as string;
  const need = (v: number | undefined, what: string) => {
    if (v === undefined) throw new ApiError(400, `请求参数错误：请选择${what}`);
    return v;
  };
  const classId = () => need(body.classId, '班级');
  const subjectId = () => need(body.subjectId, '科目');
  const comments = () => listComments(db, body.examId);
  if (page === 'rawScores') return rawScores(deps, ctx, body.examId, subjectId(), body.format);
  if (body.format === 'csv') throw new ApiError(400, '仅原始成绩可导出为 CSV');
  let tables: ReportTable[];
  if (page === 'grade/transcripts') {
    tables = gradeTranscriptTables(ctx, onProgress);
  } else {
    const data: unknown = await (async () => {
      switch (page) {
        case 'class/basic':
          return views.classBasic(ctx, classId());
        case 'class/comment':
          return views.classComment(ctx, classId(), subjectId(), await comments());
        case 'class/ability':
          return views.classAbility(ctx, classId(), subjectId());
        case 'class/analysis':
          return views.classAnalysis(ctx, classId());
        case 'class/transcript':
          return views.classTranscript(ctx, classId());
        case 'class/problemSet':
          return views.classProblemSet(ctx, classId(), subjectId(), 0.6);
        case 'student/transcript':
          return views.studentTranscript(ctx, classId(), need(body.studentId, '学生'));
        case 'grade/basic':
          return views.gradeBasic(ctx);
        case 'grade/comment':
          return views.gradeComment(ctx, subjectId(), await comments());
        case 'grade/ability':
          return views.gradeAbility(ctx, subjectId());
        case 'grade/rank':
          return views.gradeRank(ctx, body.subjectId ?? 0, {
            pageNum: 1,
            pageSize: Number.MAX_SAFE_INTEGER,
            classId: body.classId,
          });
        case 'grade/transcript':
          return views.gradeTranscript(ctx, {
            pageNum: 1,
            pageSize: Number.MAX_SAFE_INTEGER,
            classId: body.classId,
          });
        case 'grade/problemSet':
          return views.gradeProblemSet(ctx, subjectId(), 0.6);
        case 'grade/segments':
          return views.gradeSegments(ctx);
        case 'grade/customContrast':
          return views.gradeCustomContrast(ctx);
        case 'quickReview':
          return views.quickReview(ctx);
        case 'warningReport':
          return views.warningReport(ctx, body.classId);
        default:
          return views.quality(ctx, body.subjectId || undefined);
      }
    })();
    tables = pageTables(page, data);
    onProgress(1, 1);
  }
  const { exam, classes, subjects, students } = ctx.report.snapshot;
  const reportTitle = REPORT_FILE_TITLES[page] ?? '报告';
  const fileParts = [
    exam.name,
    body.classId ? classes.find((c) => c.id === body.classId)?.name : undefined,
    page === 'student/transcript' ? students.find((s) => s.id === body.studentId)?.name : undefined,
    body.subjectId ? subjects.find((s) => s.id === body.subjectId)?.name : undefined,
    reportTitle,
  ];
  const title = `${exam.name}-${reportTitle}`;
  if (body.format === 'xlsx') {
    const bytes = await tablesToXlsx(title, tables);
    return {
      fileName: downloadFileName(fileParts, 'xlsx'),
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      contentBase64: bytes.toString('base64'),
    };
  }
  const html = tablesToHtml(exam.name, `${exam.gradeName} · ${exam.examDate}`, tables);
  if (body.format === 'html') {
    return {
      fileName: downloadFileName(fileParts, 'html'),
      contentType: 'text/html; charset=utf-8',
      contentBase64: Buffer.from(html, 'utf8').toString('base64'),
    };
  }
  const pdf = await htmlToPdf(
    html,
    deps.chromiumPath === undefined ? {} : { executablePath: deps.chromiumPath },
  );
  return {
    fileName: downloadFileName(fileParts, 'pdf'),
    contentType: 'application/pdf',
    contentBase64: pdf.toString('base64'),
  };
}

/** 原始成绩: a subject's scores per question in the import's layout (exam/scoreImport.ts). */
async function rawScores(
  deps: ReportDeps,
  ctx: ReportContext,
  examId: number,
  subjectId: number,
  format: ExportBody['format'],
): Promise<ExportFile> {
  views.assertGrade(ctx);
  if (format !== 'xlsx' && format !== 'csv')
    throw new ApiError(400, '原始成绩只能导出为 xlsx 或 CSV');
  const subject = await deps.db
    .selectFrom('exam_subjects')
    .selectAll()
    .where('id', '=', subjectId)
    .where('exam_id', '=', examId)
    .executeTakeFirst();
  if (!subject) throw notFound('考试科目不存在');
  const bytes = await rawScoresFile(deps.db, subject, format);
  return {
    fileName: downloadFileName(
      [ctx.report.snapshot.exam.name, subject.subject_name, '原始成绩'],
      format,
    ),
    contentType:
      format === 'csv'
        ? 'text/csv; charset=utf-8'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    contentBase64: bytes.toString('base64'),
  };
}

// Progress is written at most this often, so a long export does not write a row per student.
const PROGRESS_EVERY_MS = 250;

/**
 * Starts an export in the background: a row in `report_export_jobs` with its progress, the file
 * in the file store when done. Access was checked on `ctx` by the caller; the job runs in this
 * process (a restart leaves it `running`, and the page offers to start again).
 */
export async function startExportJob(
  deps: ReportDeps,
  session: SessionInfo,
  ctx: ReportContext,
  body: ExportBody,
): Promise<{ jobId: number; finished: Promise<void> }> {
  const { db, clock, files } = deps;
  const now = clock.now().getTime();
  const row = await db
    .insertInto('report_export_jobs')
    .values({
      school_id: session.schoolId,
      user_id: session.userId,
      exam_id: body.examId,
      request: JSON.stringify(body),
      state: 'running',
      done: 0,
      total: exportSteps(ctx, body.page),
      file_key: null,
      file_name: null,
      content_type: null,
      message: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const jobId = row.id;
  const update = (values: {
    state?: string;
    done?: number;
    total?: number;
    file_key?: string;
    file_name?: string;
    content_type?: string;
    message?: string;
  }) =>
    db
      .updateTable('report_export_jobs')
      .set({ ...values, updated_at: clock.now().getTime() })
      .where('id', '=', jobId)
      .execute();
  const finished = (async () => {
    // let the start call answer first
    await new Promise((r) => setImmediate(r));
    let written = 0;
    let pending: Promise<unknown> = Promise.resolve();
    try {
      const file = await renderExport(deps, ctx, body, (done, total) => {
        const t = Date.now();
        if (t - written < PROGRESS_EVERY_MS && done < total) return;
        written = t;
        pending = pending.then(() => update({ done: Math.min(done, total - 1), total }));
      });
      await pending;
      const key = `report-exports/${session.schoolId}/${jobId}`;
      await files.put(key, Buffer.from(file.contentBase64, 'base64'));
      const total = exportSteps(ctx, body.page);
      await update({
        state: 'done',
        done: total,
        total,
        file_key: key,
        file_name: file.fileName,
        content_type: file.contentType,
      });
    } catch (error) {
      await pending.catch(() => undefined);
      const message = error instanceof ApiError ? error.message : '导出失败，请重试';
      await update({ state: 'failed', message }).catch(() => undefined);
    }
  })();
  return { jobId, finished };
}

async function jobOf(deps: ReportDeps, session: SessionInfo, jobId: number) {
  const job = await deps.db
    .selectFrom('report_export_jobs')
    .selectAll()
    .where('id', '=', jobId)
    .where('school_id', '=', session.schoolId)
    .where('user_id', '=', session.userId)
    .executeTakeFirst();
  if (!job) throw notFound('导出任务不存在');
  return job;
}

/** A job's progress, for its starter only. */
export async function exportJobStatus(
  deps: ReportDeps,
  session: SessionInfo,
  jobId: number,
): Promise<JobStatus> {
  const job = await jobOf(deps, session, jobId);
  return {
    jobId: job.id,
    state: job.state as JobStatus['state'],
    done: Number(job.done),
    total: Number(job.total),
    fileName: job.file_name,
    message: job.message,
  };
}

/** A finished job's file, for its starter only. */
export async function exportJobFile(
  deps: ReportDeps,
  session: SessionInfo,
  jobId: number,
): Promise<ExportFile> {
  const job = await jobOf(deps, session, jobId);
  if (job.state === 'failed') throw new ApiError(409, job.message ?? '导出失败，请重试');
  if (job.state !== 'done' || !job.file_key) throw new ApiError(409, '导出尚未完成');
  const bytes = await deps.files.get(job.file_key);
  if (!bytes) throw notFound('导出文件已不存在，请重新导出');
  return {
    fileName: job.file_name ?? '导出文件',
    contentType: job.content_type ?? 'application/octet-stream',
    contentBase64: bytes.toString('base64'),
  };
}
