import type { BodyOf, DataOf, reportRoutes } from '@examkit/contracts';
import { ApiError, notFound } from '../core/envelope';
import type { DownloadRequest } from '../download/jobs';
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
async function gradeTranscriptTables(
  ctx: ReportContext,
  onProgress: (done: number, total: number) => void,
): Promise<ReportTable[]> {
  views.assertGrade(ctx);
  const students = [...ctx.report.snapshot.students].sort(
    (a, b) => a.classId - b.classId || (a.examNo < b.examNo ? -1 : a.examNo > b.examNo ? 1 : 0),
  );
  const tables: ReportTable[] = [];
  for (const [n, s] of students.entries()) {
    // a whole grade takes a while: let progress writes and other calls through
    if (n % 10 === 9) await new Promise((r) => setImmediate(r));
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
  }
  return tables;
}

/** What names an export: the exam, class, student, subject and the report's title. */
function exportNameParts(ctx: ReportContext, body: ExportBody): (string | undefined)[] {
  const { exam, classes, subjects, students } = ctx.report.snapshot;
  return [
    exam.name,
    body.classId ? classes.find((c) => c.id === body.classId)?.name : undefined,
    body.page === 'student/transcript'
      ? students.find((s) => s.id === body.studentId)?.name
      : undefined,
    body.subjectId ? subjects.find((s) => s.id === body.subjectId)?.name : undefined,
    REPORT_FILE_TITLES[body.page] ?? '报告',
  ];
}

/** A report page's tables as `.xlsx`, print HTML or PDF; `onProgress` counts the steps done. */
export async function renderExport(
  deps: ReportDeps,
  ctx: ReportContext,
  body: ExportBody,
  onProgress: (done: number, total: number, stage?: string) => void = () => {},
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
    tables = await gradeTranscriptTables(ctx, onProgress);
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
  const { exam } = ctx.report.snapshot;
  const fileParts = exportNameParts(ctx, body);
  const title = `${exam.name}-${REPORT_FILE_TITLES[page] ?? '报告'}`;
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
  onProgress(1, 1, '正在生成PDF');
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

/**
 * A report export as a download-centre job (docs/downloads.md): access was checked on `ctx` by
 * the caller; progress counts the students of a grade's transcripts.
 */
export function reportDownload(
  deps: ReportDeps,
  ctx: ReportContext,
  body: ExportBody,
): DownloadRequest {
  const parts = exportNameParts(ctx, body);
  const format = body.format === 'xlsx' ? 'Excel' : body.format.toUpperCase();
  return {
    kind: 'report',
    title: `${parts.filter(Boolean).join('-')}（${format}）`,
    params: { ...body },
    async run(progress) {
      progress(0, '正在读取报告数据');
      const file = await renderExport(deps, ctx, body, (done, total, stage) =>
        progress(
          (done / Math.max(1, total)) * 90,
          stage ??
            (body.page === 'grade/transcripts'
              ? `正在生成成绩单 ${done}/${total}`
              : '正在生成报表'),
        ),
      );
      return {
        fileName: file.fileName,
        contentType: file.contentType,
        body: Buffer.from(file.contentBase64, 'base64'),
      };
    },
  };
}
