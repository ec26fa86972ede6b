import { Fragment, type KeyboardEvent } from 'react';
import type { BlankArea, QuestionType, SheetOverrides } from '../types';
import type { LeafQuestion } from '../layout/flattenQuestions';
import { defaultAnswerHeight } from '../layout/answerBlocks';
import { NumberField } from './NumberField';
import { Button, QuestionRow } from './styles';

const TYPE_NAMES: Record<QuestionType, string> = {
  single: '单选',
  multiple: '多选',
  judge: '判断',
  fill: '填空',
  subjective: '解答',
};

export interface QuestionListProps {
  questions: readonly LeafQuestion[];
  overrides: SheetOverrides;
  onChange(overrides: SheetOverrides, mergeKey?: string): void;
  /** Makes ids for new blank areas. */
  newBlankId(): string;
}

function moved(ids: string[], from: number, to: number): string[] {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  if (id !== undefined) next.splice(to, 0, id);
  return next;
}

/** The questions in display order: move them, size subjective boxes, insert blank areas. */
export function QuestionList({ questions, overrides, onChange, newBlankId }: QuestionListProps) {
  const ids = questions.map((q) => q.id);
  const blanks = overrides.blankAreas ?? [];
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length) return;
    onChange({ ...overrides, questionOrder: moved(ids, from, to) });
  };
  const setBlanks = (blankAreas: BlankArea[], mergeKey?: string) =>
    onChange({ ...overrides, blankAreas }, mergeKey);
  const onKeyDown = (index: number) => (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    move(index, e.key === 'ArrowUp' ? index - 1 : index + 1);
  };
  const blankRows = (after: string | null) =>
    blanks
      .filter((b) => b.afterQuestionId === after)
      .map((b) => (
        <li key={b.id}>
          <QuestionRow>
            <span>空白区</span>
            <label>
              高度（毫米）
              <input
                type="number"
                min={5}
                max={260}
                aria-label="空白区高度（毫米）"
                value={b.heightMm}
                onChange={(e) => {
                  const heightMm = Number(e.target.value);
                  if (heightMm >= 5)
                    setBlanks(
                      blanks.map((x) => (x.id === b.id ? { ...x, heightMm } : x)),
                      `blank-${b.id}`,
                    );
                }}
              />
            </label>
            <Button type="button" onClick={() => setBlanks(blanks.filter((x) => x.id !== b.id))}>
              删除空白区
            </Button>
          </QuestionRow>
        </li>
      ));
  return (
    <ol aria-label="题目顺序" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {blankRows(null)}
      {questions.map((q, index) => (
        <Fragment key={q.id}>
          <li>
            <QuestionRow
              tabIndex={0}
              aria-label={`第 ${q.number} 题（${TYPE_NAMES[q.type]}），Alt+上下方向键移动`}
              onKeyDown={onKeyDown(index)}
            >
              <span>
                第 {q.number} 题 · {TYPE_NAMES[q.type]} · {q.fullMarks} 分
              </span>
              <Button
                type="button"
                aria-label={`上移第 ${q.number} 题`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                上移
              </Button>
              <Button
                type="button"
                aria-label={`下移第 ${q.number} 题`}
                disabled={index === questions.length - 1}
                onClick={() => move(index, index + 1)}
              >
                下移
              </Button>
              {q.type === 'subjective' ? (
                <NumberField
                  label={`第 ${q.number} 题答题区高度（毫米）`}
                  min={15}
                  max={600}
                  value={
                    overrides.answerHeights?.[q.id] ??
                    q.answerHeightMm ??
                    defaultAnswerHeight(q.fullMarks)
                  }
                  onCommit={(h) =>
                    onChange(
                      { ...overrides, answerHeights: { ...overrides.answerHeights, [q.id]: h } },
                      `height-${q.id}`,
                    )
                  }
                />
              ) : null}
              <Button
                type="button"
                aria-label={`在第 ${q.number} 题后插入空白区`}
                onClick={() =>
                  setBlanks([...blanks, { id: newBlankId(), afterQuestionId: q.id, heightMm: 20 }])
                }
              >
                插入空白区
              </Button>
            </QuestionRow>
          </li>
          {blankRows(q.id)}
        </Fragment>
      ))}
    </ol>
  );
}
