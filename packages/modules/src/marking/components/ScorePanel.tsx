import {
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { styled } from 'styled-components';
import { Button, themeOf } from '@examkit/ui';
import { formatPoints, parseScore, quickScores, scoreError } from '../utils/scoring';
import { ErrorText, Kbd } from './styled';

export interface ScoreQuestion {
  label: string;
  full: number;
}

export interface ScorePanelHandle {
  focus(): void;
  /**
   * A score key typed elsewhere on the marking screen (e.g. after a click on the image):
   * a digit or `.` is added to the active box, which takes the focus; `F` and `Z` give full
   * and zero marks as they do in the box.
   */
  type(key: string): void;
}

export interface ScorePanelProps {
  questions: readonly ScoreQuestion[];
  step: number;
  /** Changes when a new paper is shown: the boxes empty and the first one takes the focus. */
  paperKey: string | number;
  /** Values to start from (回评). */
  initial?: readonly number[] | undefined;
  disabled?: boolean;
  submitLabel?: string;
  onSubmit(values: number[]): void;
  /** Letters the panel does not use (R, W, P, B, +, -), passed on to the page. */
  onShortcut?(key: string): boolean;
  ref?: Ref<ScorePanelHandle>;
}

const Box = styled.section`
  display: flex;
  flex-direction: column;
  gap: 10px;
  h2 {
    margin: 0;
    font-size: 16px;
  }
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  label {
    min-width: 96px;
  }
  input {
    width: 88px;
    padding: 6px 8px;
    font-size: 22px;
    font-weight: 600;
    border: 1px solid ${(p) => themeOf(p).colors.border};
    border-radius: 4px;
  }
  input[aria-invalid='true'] {
    border-color: ${(p) => themeOf(p).colors.danger};
  }
`;

const Quick = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  button {
    min-width: 36px;
  }
`;

const Total = styled.p`
  margin: 0;
  font-size: 15px;
  strong {
    font-size: 22px;
    color: ${(p) => themeOf(p).colors.primaryHover};
  }
`;

/**
 * The score boxes of one paper: one box per question of the block, typed with digits and `.5`;
 * Enter moves to the next box and submits from the last; F gives full marks, Z zero, and the
 * quick-score row fills the active box (each moves on, and submits from the last box). A score over full marks or off the step is refused.
 */
export function ScorePanel({
  questions,
  step,
  paperKey,
  initial,
  disabled = false,
  submitLabel = '提交',
  onSubmit,
  onShortcut,
  ref,
}: ScorePanelProps) {
  const [values, setValues] = useState<string[]>(() => questions.map(() => ''));
  const [errors, setErrors] = useState<(string | null)[]>(() => questions.map(() => null));
  const [active, setActive] = useState(0);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  // A new paper: empty (or 回评 values), focus on the first box.
  const lastKey = useRef<string | number | null>(null);
  useEffect(() => {
    if (lastKey.current === paperKey) return;
    lastKey.current = paperKey;
    setValues(questions.map((_, i) => (initial?.[i] === undefined ? '' : String(initial[i]))));
    setErrors(questions.map(() => null));
    setActive(0);
    inputs.current[0]?.focus();
  }, [paperKey, questions, initial]);

  const setValue = (i: number, text: string) => {
    setValues((v) => v.map((x, k) => (k === i ? text : x)));
    setErrors((e) => e.map((x, k) => (k === i ? null : x)));
  };

  const check = (list: string[]) => {
    const next = list.map((v, i) => scoreError(v, questions[i]!.full, step));
    setErrors(next);
    return next;
  };

  const submit = (list: string[]) => {
    if (disabled) return;
    const errs = check(list);
    const bad = errs.findIndex((e) => e !== null);
    if (bad >= 0) {
      inputs.current[bad]?.focus();
      return;
    }
    onSubmit(list.map((v) => parseScore(v)!));
  };

  const enter = (i: number) => {
    const err = scoreError(values[i]!, questions[i]!.full, step);
    if (err) {
      setErrors((e) => e.map((x, k) => (k === i ? err : x)));
      return;
    }
    if (i < questions.length - 1) {
      setActive(i + 1);
      inputs.current[i + 1]?.focus();
    } else submit(values);
  };

  const fill = (i: number, value: number) => {
    const list = values.map((x, k) => (k === i ? String(value) : x));
    setValues(list);
    setErrors((e) => e.map((x, k) => (k === i ? null : x)));
    if (i < questions.length - 1) {
      setActive(i + 1);
      inputs.current[i + 1]?.focus();
    } else submit(list);
  };

  useImperativeHandle(ref, () => ({
    focus: () => inputs.current[active]?.focus(),
    type: (key: string) => {
      if (disabled) return;
      inputs.current[active]?.focus();
      if (/^[\d.]$/.test(key)) setValue(active, `${values[active] ?? ''}${key}`);
      else if (key === 'f' || key === 'F') fill(active, questions[active]!.full);
      else if (key === 'z' || key === 'Z') fill(active, 0);
    },
  }));

  const onKeyDown = (i: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key;
    if (key === 'Enter') {
      event.preventDefault();
      enter(i);
    } else if (key === 'f' || key === 'F') {
      event.preventDefault();
      fill(i, questions[i]!.full);
    } else if (key === 'z' || key === 'Z') {
      event.preventDefault();
      fill(i, 0);
    } else if (key.length === 1 && !/[\d.]/.test(key)) {
      event.preventDefault();
      onShortcut?.(key);
    }
  };

  const sum = values.reduce((a, v) => a + (parseScore(v) ?? 0), 0);
  const current = questions[active] ?? questions[0]!;

  return (
    <Box aria-label="给分">
      <h2>给分</h2>
      {questions.map((q, i) => (
        <div key={q.label}>
          <Row>
            <label htmlFor={`score-${i}`}>
              {q.label}（满分 {formatPoints(q.full)}）
            </label>
            <input
              id={`score-${i}`}
              ref={(el) => {
                inputs.current[i] = el;
              }}
              inputMode="decimal"
              autoComplete="off"
              aria-keyshortcuts="Enter F Z"
              aria-invalid={errors[i] ? true : undefined}
              aria-describedby={errors[i] ? `score-error-${i}` : undefined}
              value={values[i] ?? ''}
              disabled={disabled}
              onFocus={() => setActive(i)}
              onChange={(e) => {
                const text = e.target.value;
                if (/^[\d.]*$/.test(text)) setValue(i, text);
              }}
              onKeyDown={onKeyDown(i)}
            />
          </Row>
          {errors[i] && (
            <ErrorText id={`score-error-${i}`} role="alert">
              {errors[i]}
            </ErrorText>
          )}
        </div>
      ))}
      {questions.length > 1 && (
        <Total>
          合计 <strong>{formatPoints(sum)}</strong> 分
        </Total>
      )}
      <Quick role="group" aria-label={`快捷给分：${current.label}`}>
        {quickScores(current.full, step).map((v) => (
          <Button key={v} size="small" disabled={disabled} onClick={() => fill(active, v)}>
            {formatPoints(v)}
          </Button>
        ))}
      </Quick>
      <Quick>
        <Button
          size="small"
          disabled={disabled}
          aria-keyshortcuts="F"
          onClick={() => fill(active, current.full)}
        >
          满分<Kbd>F</Kbd>
        </Button>
        <Button
          size="small"
          disabled={disabled}
          aria-keyshortcuts="Z"
          onClick={() => fill(active, 0)}
        >
          零分<Kbd>Z</Kbd>
        </Button>
        <Button
          type="primary"
          size="small"
          disabled={disabled}
          aria-keyshortcuts="Enter"
          onClick={() => submit(values)}
        >
          {submitLabel}
          <Kbd>Enter</Kbd>
        </Button>
      </Quick>
    </Box>
  );
}
