import { useState } from 'react';
import { jointPoolRoutes, markingRoutes, type PaperDetail } from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button, TextInput } from '@examkit/ui';
import { useMarkingCall } from '../hooks/useMarkingCall';
import { newIdempotencyKey, scoreError } from '../utils/scoring';
import { ErrorText } from './styled';

export interface ResolveScoreFormProps {
  paper: PaperDetail;
  /** The block's full score, in points. */
  full: number;
  /** The block's score step, in points. */
  step: number;
  /** Called after the final score is saved. */
  onDone(): void;
  /** A paper of a 统一阅卷 pool block: resolved through the pool's call. @default false */
  pool?: boolean;
}

/**
 * The leader's final score for a problem paper (最终分数 … 给分), checked against full marks
 * and step, sent once per click with a client UUID.
 */
export function ResolveScoreForm({
  paper,
  full,
  step,
  onDone,
  pool = false,
}: ResolveScoreFormProps) {
  const call = useMarkingCall();
  const { notifier } = useExamkit();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const give = async () => {
    const err = scoreError(value, full, step);
    setError(err);
    if (err) return;
    const body = {
      paperId: paper.paperId,
      action: 'score' as const,
      idempotencyKey: newIdempotencyKey(),
      score: Number(value),
    };
    const r = pool
      ? await call(jointPoolRoutes.jointPoolResolve, body)
      : await call(markingRoutes.resolve, body);
    if (r.ok) {
      notifier.message('success', '已给出最终分数');
      onDone();
    }
  };
  return (
    <form
      style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}
      onSubmit={(e) => {
        e.preventDefault();
        void give();
      }}
    >
      <TextInput
        aria-label={`最终分数：试卷 ${paper.paperId}`}
        inputMode="decimal"
        size={5}
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
      <Button size="small" nativeType="submit">
        给分
      </Button>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </form>
  );
}
