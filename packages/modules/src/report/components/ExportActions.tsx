import type { reportRoutes, BodyOf } from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { ExportJobButton } from './ExportJobButton';

/** A report page the server exports. */
export type ExportPage = BodyOf<typeof reportRoutes.exportReport>['page'];

export interface ExportActionsProps {
  examId: number;
  /** The server's page whose tables are exported; without it only printing is offered. */
  page?: ExportPage | undefined;
  classId?: number | undefined;
  subjectId?: number | undefined;
  studentId?: number | undefined;
  /** Offer the server's PDF. @default true */
  pdf?: boolean;
}

/**
 * 导出Excel and 下载PDF (download-centre jobs, saved when ready and listed in the download centre)
 * and 打印 (`window.print()`) for a report page.
 */
export function ExportActions({
  examId,
  page,
  classId,
  subjectId,
  studentId,
  pdf = true,
}: ExportActionsProps) {
  const body = (format: 'xlsx' | 'pdf') =>
    page && {
      examId,
      page,
      format,
      ...(classId !== undefined && { classId }),
      ...(subjectId !== undefined && { subjectId }),
      ...(studentId !== undefined && { studentId }),
    };
  const xlsx = body('xlsx');
  const pdfBody = pdf ? body('pdf') : undefined;
  return (
    <span data-noprint style={{ display: 'inline-flex', gap: 8, flexWrap: 'wrap' }}>
      {xlsx && <ExportJobButton label="导出Excel" body={xlsx} saveWhenDone />}
      {pdfBody && <ExportJobButton label="下载PDF" body={pdfBody} saveWhenDone />}
      <Button onClick={() => window.print()}>打印</Button>
    </span>
  );
}
