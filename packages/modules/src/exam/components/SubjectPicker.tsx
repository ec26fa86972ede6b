import { useEffect, useState } from 'react';
import { examRoutes, type ExamSummary } from '@examkit/contracts';
import { Button, Empty, FormField, Select } from '@examkit/ui';
import { Toolbar } from './styled';
import { useApiCall } from '../../common/useApiCall';

/** Chooses an exam subject (for pages opened without `?examSubjectId=`). */
export function SubjectPicker({ onPick }: { onPick(examSubjectId: number): void }) {
  const call = useApiCall();
  const [exams, setExams] = useState<ExamSummary[] | null>(null);
  const [examId, setExamId] = useState('');
  const [subjectId, setSubjectId] = useState('');

  useEffect(() => {
    void call(examRoutes.list, { academicYear: 0, pageSize: 100 }).then((r) => {
      setExams(r.ok ? r.data.list : []);
    });
  }, [call]);

  if (exams === null) return null;
  if (exams.length === 0) return <Empty />;
  const exam = exams.find((e) => String(e.id) === examId);
  return (
    <Toolbar aria-label="选择考试科目">
      <FormField label="考试">
        <Select
          value={examId}
          placeholder="请选择考试"
          options={exams.map((e) => ({ value: e.id, label: e.name }))}
          onChange={(e) => {
            setExamId(e.target.value);
            setSubjectId('');
          }}
        />
      </FormField>
      <FormField label="科目">
        <Select
          value={subjectId}
          placeholder="请选择科目"
          options={(exam?.subjects ?? []).map((s) => ({ value: s.id, label: s.subjectName }))}
          onChange={(e) => setSubjectId(e.target.value)}
        />
      </FormField>
      <Button type="primary" disabled={!subjectId} onClick={() => onPick(Number(subjectId))}>
        确定
      </Button>
    </Toolbar>
  );
}
