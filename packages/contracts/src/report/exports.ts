import { Type } from 'typebox';
import { Id, Obj, post } from '../builders';
import { R, Str, SubjectKey } from './common';

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
  Type.Literal('grade/problemSet'),
  Type.Literal('grade/customContrast'),
  Type.Literal('quickReview'),
  Type.Literal('warningReport'),
  Type.Literal('quality'),
]);

/** A generated file, base64 encoded. */
const ReportFile = Obj({
  fileName: Str,
  contentType: Str,
  contentBase64: Str,
});

/** A report page's tables as a file. */
export const exportRoutes = {
  exportReport: post(
    `${R}/export`,
    "a report page's tables as .xlsx, as a print-ready HTML page, or as a PDF rendered by headless Chromium",
    Obj({
      examId: Id,
      page: ReportPage,
      /** `html`: the print-ready page itself (what the PDF is rendered from). */
      format: Type.Union([Type.Literal('xlsx'), Type.Literal('pdf'), Type.Literal('html')]),
      classId: Type.Optional(Id),
      subjectId: Type.Optional(SubjectKey),
      studentId: Type.Optional(Id),
    }),
    ReportFile,
  ),
};
