import { useState } from 'react';
import { reportRoutes } from '@examkit/contracts';
import { Button, Select } from '@examkit/ui';
import { useReportCall } from '../hooks/useReportCall';
import { saveBase64File } from '../utils/saveBase64File';

export interface RawScoresExportProps {
  examId: number;
  subjects: readonly { id: number; name: string }[];
}

/**
 * 原始成绩: a subject's scores per question (and recorded choices) as .xlsx or CSV, in the score
 * import's layout, so the file can be imported back unchanged.
 */
export function RawScoresExport({ examId, subjects }: RawScoresExportProps) {
  const call = useReportCall();
  const [subjectId, setSubjectId] = useState(subjects[0]?.id ?? 0);
  const [busy, setBusy] = useState<'xlsx' | 'csv' | null>(null);
  if (subjects.length === 0) return null;
  const run = async (format: 'xlsx' | 'csv') => {
    setBusy(format);
    const outcome = await call(reportRoutes.exportReport, {
      examId,
      page: 'rawScores',
      format,
      subjectId,
    });
    setBusy(null);
    if (outcome.ok) saveBase64File(outcome.data);
  };
  return (
    <span data-noprint style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      <Select
        label="原始成绩科目"
        value={subjectId}
        options={subjects.map((s) => ({ value: s.id, label: s.name }))}
        onChange={(e) => setSubjectId(Number(e.target.value))}
      />
      <Button loading={busy === 'xlsx'} onClick={() => void run('xlsx')}>
        导出原始成绩Excel
      </Button>
      <Button loading={busy === 'csv'} onClick={() => void run('csv')}>
        导出原始成绩CSV
      </Button>
    </span>
  );
}
