import { useState } from 'react';
import {
  jointPoolRoutes,
  markingRoutes,
  type MarkingBlock,
  type PaperDetail,
} from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button, TextInput } from '@examkit/ui';
import { useMarkingCall } from '../hooks/useMarkingCall';
import { formatPoints, newIdempotencyKey, scoreError } from '../utils/scoring';
import { ErrorText } from './styled';

export interface RemarkFormProps {
  paper: PaperDetail;
  block: MarkingBlock;
  /** Called after the new score is saved. */
  onDone(): void;
  /** A paper of a 统一阅卷 pool block: re-marked through the pool's call. @default false */
  pool?: boolean;
}

/**
 * 组长改分 on checkPaper: the leader (or a marking manager) sets the paper's final score with
 * a reason; one score per question for blocks of several questions. Sent once per click
 * with a client UUID, so a retried call is written once.
 */
export function RemarkForm({ paper, block, onDone, pool = false }: RemarkFormProps) {
  const call = useMarkingCall();
  const { notifier } = useExamkit();
  const fulls = block.questionFullScores.length ? block.questionFullScores : [block.fullScore];
  const [values, setValues] = useState<string[]>(() => fulls.map(() => ''));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = (i: number) =>
    fulls.length === 1
      ? `改分：试卷 ${paper.paperId}`
      : `改分：试卷 ${paper.paperId} 第 ${i + 1} 小题`;
  const give = async () => {
    const err =
      fulls.map((full, i) => scoreError(values[i] ?? '', full, block.scoreStep)).find(Boolean) ??
      (reason.trim() ? null : '请填写改分原因');
    setError(err);
    if (err) return;
    const points = values.map(Number);
    setBusy(true);
    const body = {
      paperId: paper.paperId,
      reason: reason.trim(),
      idempotencyKey: newIdempotencyKey(),
      ...(points.length === 1 ? { score: points[0]! } : { parts: points }),
    };
    const r = pool
      ? await call(jointPoolRoutes.jointPoolRemark, body)
      : await call(markingRoutes.remark, body);
    setBusy(false);
    if (r.ok) {
      notifier.message('success', `已改为 ${formatPoints(r.data.score)} 分`);
      setValues(fulls.map(() => ''));
      setReason('');
      onDone();
    }
  };
  return (
    <form
      aria-label={`组长改分：试卷 ${paper.paperId}`}
      style={{ display: 'inline-flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}
      onSubmit={(e) => {
        e.preventDefault();
        void give();
      }}
    >
      {fulls.map((full, i) => (
        <TextInput
          key={i}
          aria-label={label(i)}
          placeholder={`满分 ${full}`}
          inputMode="decimal"
          size={5}
          value={values[i] ?? ''}
          onChange={(e) => {
            const next = [...values];
            next[i] = e.target.value;
            setValues(next);
          }}
        />
      ))}
      <TextInput
        aria-label={`改分原因：试卷 ${paper.paperId}`}
        placeholder="改分原因"
        maxLength={200}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <Button size="small" type="primary" nativeType="submit" disabled={busy}>
        确认改分
      </Button>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </form>
  );
}
