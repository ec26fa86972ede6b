import { Type } from 'typebox';
import { Id, Obj, post, OneOf } from '../builders';
import { Int, R, Str, SubjectKey } from './common';

/** Report pages whose tables export to `.xlsx` or PDF. */
export const ReportPage = Type.Union([
  Type.Literal('class/basic'),
  Type.Literal('class/comment'),
  Type.Literal('class/ability'),
  Type.Literal('class/analysis'),
  Type.Literal('class/transcript'),
  Type.Literal('class/problemSet'),
  Type.Literal('student/transcript'),
  Type.Literal('grade/basic'),
  Type.Literal('grade/comment'),
  Type.Literal('grade/ability'),
  Type.Literal('grade/rank'),
  Type.Literal('grade/transcript'),
  /** Every student's transcript, one student a page: long, best run as an export job. */
  Type.Literal('grade/transcripts'),
  Type.Literal('grade/problemSet'),
  Type.Literal('grade/customContrast'),
  Type.Literal('quickReview'),
  Type.Literal('warningReport'),
  Type.Literal('quality'),
  /**
   * Every student's score per question of one subject (`subjectId`) and their objective choices
   * where recorded, as `.xlsx` or `.csv` in the score import's layout: importing it changes nothing.
   */
  Type.Literal('rawScores'),
  /** 一分一段 of every subject and the total, one table each. */
  Type.Literal('grade/segments'),
]);

/** A generated file, base64 encoded. */
const ReportFile = Obj({
  fileName: Str,
  contentType: Str,
  contentBase64: Str,
});

/** What to export: a page, the format and the page's keys. */
const ExportBody = Obj({
  examId: Id,
  page: ReportPage,
  /** `html`: the print-ready page itself (what the PDF is rendered from); `csv`: rawScores only. */
  format: OneOf(['xlsx', 'pdf', 'html', 'csv'] as const),
  classId: Type.Optional(Id),
  subjectId: Type.Optional(SubjectKey),
  studentId: Type.Optional(Id),
});

/** A report page's tables as a file, at once or as a background job. */
export const exportRoutes = {
  exportReport: post(
    `${R}/export`,
    "a report page's tables as .xlsx, as a print-ready HTML page, or as a PDF rendered by headless Chromium",
    ExportBody,
    ReportFile,
  ),
  exportJobStart: post(
    `${R}/export/job`,
    'starts the same export as a download-centre job (downloadRoutes); the same export asked again while it runs answers the same job',
    ExportBody,
    Obj({ jobId: Int }),
  ),
};
