import { styled } from 'styled-components';
import { Button } from '@examkit/ui';
import type { ReviewItem } from '../hooks/useReviews';
import { formatPoints, formatTime } from '../utils/scoring';
import { Note } from './styled';

const ReviewItems = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    justify-content: space-between;
    align-items: center;
    padding: 2px 0;
  }
`;
export interface ReviewListProps {
  /** The marker's recent papers, newest first. */
  items: readonly ReviewItem[];
  /** Opens a paper for 重评. */
  onPick(item: ReviewItem): void;
}

/** 回评（最近评阅）: the marker's recently marked papers, each with 重评 while it may still change. */
export function ReviewList({ items, onPick }: ReviewListProps) {
  return (
    <section aria-label="回评">
      <h2>回评（最近评阅）</h2>
      {items.length === 0 ? (
        <Note>暂无已评试卷</Note>
      ) : (
        <ReviewItems>
          {items.map((item, i) => (
            <li key={item.taskId}>
              <span>
                {i + 1}. {formatPoints(item.score)} 分 · {formatTime(item.submittedAt)}
              </span>
              <Button
                size="tiny"
                type="link"
                disabled={!item.canRescore}
                onClick={() => onPick(item)}
                aria-label={`回评第 ${i + 1} 份（${formatPoints(item.score)} 分）`}
              >
                {item.canRescore ? '重评' : '不可重评'}
              </Button>
            </li>
          ))}
        </ReviewItems>
      )}
    </section>
  );
}
