import { useState } from 'react';
import { Select } from '@examkit/ui';
import { ExportJobButton } from './ExportJobButton';

export interface RawScoresExportProps {
  examId: number;
  subjects: readonly { id: number; name: string }[];
}

/**
 * 原始成绩: a subject's scores per question (and recorded choices) as .xlsx or CSV, in the score
 * import's layout, so the file can be imported back unchanged; a download-centre job.
 */
export function RawScoresExport({ examId, subjects }: RawScoresExportProps) {
  const [subjectId, setSubjectId] = useState(subjects[0]?.id ?? 0);
  if (subjects.length === 0) return null;
  return (
    <span data-noprint style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      <Select
        label="原始成绩科目"
        value={subjectId}
        options={subjects.map((s) => ({ value: s.id, label: s.name }))}
        onChange={(e) => setSubjectId(Number(e.target.value))}
      />
      <ExportJobButton
        label="导出原始成绩Excel"
        body={{ examId, page: 'rawScores', format: 'xlsx', subjectId }}
        saveWhenDone
      />
      <ExportJobButton
        label="导出原始成绩CSV"
        body={{ examId, page: 'rawScores', format: 'csv', subjectId }}
        saveWhenDone
      />
    </span>
  );
}
