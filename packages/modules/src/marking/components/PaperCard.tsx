import { useState, type ReactNode } from 'react';
import { jointPoolRoutes, markingRoutes, type PaperDetail } from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { useMarkingCall } from '../hooks/useMarkingCall';
import {
  MARK_KIND_LABELS,
  PAPER_STATE_LABELS,
  PROBLEM_LABELS,
  SOURCE_LABELS,
  formatPoints,
  formatTime,
} from '../utils/scoring';
import { Actions, Table } from './styled';

export interface PaperCardProps {
  paper: PaperDetail;
  /** Buttons or forms shown after 查看原卷. */
  actions?: ReactNode;
  /** A paper of a 统一阅卷 pool block: its crop through the pool's call. @default false */
  pool?: boolean;
}

/**
 * One paper of the monitor pages: student, block, state, final score and its source, the
 * problem flag, every mark on it, and its crop on demand (查看原卷).
 */
export function PaperCard({ paper, actions, pool = false }: PaperCardProps) {
  const call = useMarkingCall();
  const [crop, setCrop] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);
  const show = () => {
    setAsked(true);
    const body = { paperId: paper.paperId };
    const cropped = pool
      ? call(jointPoolRoutes.jointPoolPaperCrop, body, { dedupe: false })
      : call(markingRoutes.crop, body, { dedupe: false });
    void cropped.then((r) => {
      if (r.ok) setCrop(r.data.dataUrl);
    });
  };
  return (
    <article
      aria-label={`试卷 ${paper.paperId}`}
      style={{ border: '1px solid #dcdfe6', borderRadius: 4, padding: 12, marginBottom: 12 }}
    >
      <p style={{ margin: '0 0 8px' }}>
        <strong>{paper.studentName ?? '匿名考生'}</strong>
        {paper.studentNo ? `（${paper.studentNo}）` : ''} · {paper.blockName} · 状态：
        {PAPER_STATE_LABELS[paper.state] ?? paper.state} · 最终得分：
        {formatPoints(paper.finalScore)}
        {paper.finalSource ? `（${SOURCE_LABELS[paper.finalSource] ?? paper.finalSource}）` : ''}
      </p>
      {paper.problem && (
        <p style={{ margin: '0 0 8px' }}>
          问题：{PROBLEM_LABELS[paper.problem.reason] ?? paper.problem.reason}
          {paper.problem.note ? `，${paper.problem.note}` : ''}
        </p>
      )}
      {paper.marks.length > 0 && (
        <Table aria-label={`试卷 ${paper.paperId} 的评分记录`}>
          <thead>
            <tr>
              <th>类型</th>
              <th>评次</th>
              <th>阅卷老师</th>
              <th>分数</th>
              <th>时间</th>
              <th>改分原因</th>
            </tr>
          </thead>
          <tbody>
            {paper.marks.map((m, i) => (
              <tr key={i}>
                <td>{MARK_KIND_LABELS[m.kind] ?? m.kind}</td>
                <td>{m.slot ?? '—'}</td>
                <td>{m.userName}</td>
                <td>{formatPoints(m.score)}</td>
                <td>{formatTime(m.at)}</td>
                <td>{m.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Actions style={{ marginTop: 8 }}>
        {!asked && (
          <Button size="small" onClick={show}>
            查看原卷
          </Button>
        )}
        {actions}
      </Actions>
      {crop && (
        <img
          src={crop}
          alt={`试卷 ${paper.paperId} 原卷`}
          style={{ maxWidth: '100%', marginTop: 8 }}
        />
      )}
    </article>
  );
}
