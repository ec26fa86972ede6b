import { useState } from 'react';
import { reportRoutes, type BodyOf } from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button } from '@examkit/ui';
import { useReportCall } from '../hooks/useReportCall';
import { saveBase64File } from '../utils/saveBase64File';

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

/** 导出Excel (the server's `.xlsx`), 下载PDF and 打印 (`window.print()`) for a report page. */
export function ExportActions({
  examId,
  page,
  classId,
  subjectId,
  studentId,
  pdf = true,
}: ExportActionsProps) {
  const call = useReportCall();
  const { notifier } = useExamkit();
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const run = async (format: 'xlsx' | 'pdf') => {
    if (!page) return;
    setBusy(format);
    if (format === 'pdf') notifier.message('info', '正在生成PDF，请稍后~');
    const outcome = await call(reportRoutes.exportReport, {
      examId,
      page,
      format,
      ...(classId !== undefined && { classId }),
      ...(subjectId !== undefined && { subjectId }),
      ...(studentId !== undefined && { studentId }),
    });
    setBusy(null);
    if (outcome.ok) saveBase64File(outcome.data);
  };
  return (
    <span data-noprint style={{ display: 'inline-flex', gap: 8 }}>
      {page && (
        <Button loading={busy === 'xlsx'} onClick={() => void run('xlsx')}>
          导出Excel
        </Button>
      )}
      {page && pdf && (
        <Button loading={busy === 'pdf'} onClick={() => void run('pdf')}>
          下载PDF
        </Button>
      )}
      <Button onClick={() => window.print()}>打印</Button>
    </span>
  );
}
