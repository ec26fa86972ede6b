import { useEffect } from 'react';
import type { Recommendation } from '@examkit/contracts';
import { Empty, FormField, Select } from '@examkit/ui';
import { styled } from 'styled-components';
import { useReportExams } from '../../common/useReportExams';
import { QuestionView } from '../components/QuestionView';

/** The bank questions recommended for one exam question, each with the points it shares. */
export function Recommendations({ items, of }: { items: readonly Recommendation[]; of: string }) {
  if (items.length === 0) return <p>题库中暂无共享知识点的试题</p>;
  return (
    <RecList aria-label={`${of} 推荐练习`}>
      {items.map((r, i) => (
        <li key={r.question.id}>
          <p>
            推荐 {i + 1}（共同知识点：{r.sharedPoints.join('、')}）
          </p>
          <QuestionView question={r.question} label={`${of} 推荐练习 ${i + 1}`} />
        </li>
      ))}
    </RecList>
  );
}

const RecList = styled.ol`
  list-style: none;
  padding: 0;
  margin: 8px 0 16px;
  p {
    margin: 8px 0 4px;
  }
`;

/**
 * 考试: the exams whose reports the user may open, newest first; picks the first one when none is
 * chosen yet.
 */
export function ExamPicker({
  value,
  onChange,
}: {
  value: number | null;
  onChange(id: number): void;
}) {
  const exams = useReportExams();
  const first = exams?.[0]?.examId;
  useEffect(() => {
    if (value === null && first !== undefined) onChange(first);
  }, [value, first, onChange]);
  if (exams !== null && exams.length === 0) return <Empty text="暂无已发布报告的考试" />;
  return (
    <FormField label="考试">
      <Select
        value={value ?? ''}
        options={(exams ?? []).map((e) => ({ value: e.examId, label: e.name }))}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </FormField>
  );
}

/** One wrong question's facts as a short line list. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 12px;
  margin: 0 0 8px;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;
