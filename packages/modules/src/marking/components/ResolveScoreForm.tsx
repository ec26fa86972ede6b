import { useState } from 'react';
import { markingRoutes, type PaperDetail } from '@examkit/contracts';
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
}

/**
 * The leader's final score for a problem paper (最终分数 … 给分), checked against full marks
 * and step, sent once per click with a client UUID.
 */
export function ResolveScoreForm({ paper, full, step, onDone }: ResolveScoreFormProps) {
  const call = useMarkingCall();
  const { notifier } = useExamkit();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const give = async () => {
    const err = scoreError(value, full, step);
    setError(err);
    if (err) return;
    const r = await call(markingRoutes.resolve, {
      paperId: paper.paperId,
      action: 'score',
      idempotencyKey: newIdempotencyKey(),
      score: Number(value),
    });
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
