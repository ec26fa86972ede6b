import { useEffect, useState } from 'react';
import {
  scanRoutes,
  type ScanObjectiveDetail,
  type ScanObjectiveStudent,
} from '@examkit/contracts';
import { Button, Dialog } from '@examkit/ui';
import { ErrorText, Note, Table } from '../../exam/components/styled';
import { useApiCall } from '../../common/useApiCall';
import {
  QUESTION_KIND_LABELS,
  READ_STATUS_LABELS,
  choiceText,
  objectiveStatusText,
} from '../utils/scanLabels';

export interface ObjectiveDetailDialogProps {
  examSubjectId: number;
  /** The student whose questions are shown; null closes the dialog. */
  student: ScanObjectiveStudent | null;
  onClose(): void;
}

/** One student's objective questions: what was read, the key and the points (`objective/detail`). */
export function ObjectiveDetailDialog({
  examSubjectId,
  student,
  onClose,
}: ObjectiveDetailDialogProps) {
  const call = useApiCall();
  const [detail, setDetail] = useState<ScanObjectiveDetail | null>(null);
  const [error, setError] = useState('');
  const studentId = student?.studentId ?? null;

  useEffect(() => {
    setDetail(null);
    setError('');
    if (studentId === null) return;
    let live = true;
    void call(scanRoutes.objectiveDetail, { examSubjectId, studentId }, { dedupe: false }).then(
      (r) => {
        if (!live) return;
        if (r.ok) setDetail(r.data);
        else if (!r.cancelled) setError(r.message);
      },
    );
    return () => {
      live = false;
    };
  }, [call, examSubjectId, studentId]);

  const shown = detail?.student ?? student;
  return (
    <Dialog
      open={student !== null}
      onClose={onClose}
      width={640}
      title={student ? `客观题明细 · ${student.name}（${student.examNo}）` : ''}
      footer={<Button onClick={onClose}>关闭</Button>}
    >
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {shown && (
        <p>
          {shown.className} · {objectiveStatusText(shown)} · 客观题得分{' '}
          <strong>
            {shown.objectiveScore ?? '—'} / {detail?.fullMarks ?? '…'}
          </strong>
        </p>
      )}
      {detail === null ? (
        !error && <Note>正在加载…</Note>
      ) : detail.questions.length === 0 ? (
        <Note>本科目没有客观题。</Note>
      ) : (
        <Table aria-label="各题得分">
          <thead>
            <tr>
              <th scope="col">题号</th>
              <th scope="col">题型</th>
              <th scope="col">识别结果</th>
              <th scope="col">答案</th>
              <th scope="col">得分</th>
            </tr>
          </thead>
          <tbody>
            {detail.questions.map((q) => (
              <tr key={q.questionId}>
                <th scope="row">第 {q.number} 题</th>
                <td>{QUESTION_KIND_LABELS[q.kind]}</td>
                <td>
                  {q.read === null ? '未扫描' : choiceText(q.kind, q.read)}
                  {q.readStatus && q.readStatus !== 'ok'
                    ? `（${READ_STATUS_LABELS[q.readStatus] ?? q.readStatus}）`
                    : ''}
                </td>
                <td>{q.key ? choiceText(q.kind, q.key) : '未设置'}</td>
                <td>
                  {q.score ?? '—'} / {q.fullMarks}
                  {q.partialMarks !== null ? `（少选 ${q.partialMarks} 分）` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Dialog>
  );
}
