import { styled } from 'styled-components';
import type { LeasedPaper } from '@examkit/contracts';
import { themeOf } from '@examkit/ui';
import { formatPoints } from '../utils/scoring';

const Marks = styled.section`
  padding: 8px;
  border: 1px solid ${(p) => themeOf(p).colors.warning};
  border-radius: 4px;
  p {
    margin: 4px 0;
    font-size: 16px;
  }
`;
const SLOT_NAMES = ['一评', '二评', '三评'];

/** 已有评分: the earlier marks of a paper in arbitration, each with its per-question parts. */
export function ExistingMarks({ marks }: { marks: LeasedPaper['marks'] }) {
  return (
    <Marks aria-label="已有评分">
      <h2>已有评分</h2>
      {marks.map((m, i) => (
        <p key={i}>
          {SLOT_NAMES[i] ?? `第 ${i + 1} 评`}：<strong>{formatPoints(m.score)}</strong> 分
          {m.parts.length > 1 ? `（${m.parts.map(formatPoints).join(' + ')}）` : ''}
        </p>
      ))}
    </Marks>
  );
}
