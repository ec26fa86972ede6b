import type { ReactNode } from 'react';
import { css, styled } from 'styled-components';
import { themeOf } from '@examkit/ui';
import { StudentEntryForm } from './StudentEntryForm';
import { PageBox } from './styled';

/**
 * The parts of a student's answer page reached without an account (在线答题 /online-exam, 在线作业
 * /homework-online): the narrow frame, the bar under the title, a question's box and its choices.
 */
export const AnswerFrame = styled(PageBox)`
  max-width: 820px;
  margin: 0 auto;
  padding: 24px 16px 48px;
`;

/** Who is answering, the times and the actions; `$sticky` keeps it in view (an exam's timer). */
export const AnswerBar = styled.div<{ $sticky?: boolean }>`
  ${(p) =>
    p.$sticky &&
    css`
      position: sticky;
      top: 0;
      z-index: 1;
      background: ${themeOf(p).colors.background};
    `}
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 16px;
  padding: 8px 0;
  border-bottom: 1px solid ${(p) => themeOf(p).colors.border};
  margin-bottom: 16px;
`;

/** One question (a fieldset titled 第 n 题): choices one a line, or side by side with `$inline`. */
export const AnswerItem = styled.fieldset<{ $inline?: boolean }>`
  margin: 0 0 16px;
  padding: 12px 16px;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
  background: ${(p) => themeOf(p).colors.surface};
  legend {
    font-weight: 600;
  }
  label.choice {
    display: ${(p) => (p.$inline ? 'inline-block' : 'block')};
    margin: ${(p) => (p.$inline ? '6px 16px 6px 0' : '6px 0')};
  }
  textarea {
    width: 100%;
    min-height: 120px;
    font: inherit;
    padding: 6px 8px;
    box-sizing: border-box;
  }
`;

/** The entry of an answer page: its title and the code and 学号 form. */
export function AnswerEntry({
  titleId,
  title,
  codeLabel,
  action,
  note,
  onEnter,
}: {
  titleId: string;
  title: string;
  codeLabel: string;
  action: string;
  note: string;
  onEnter(code: string, studentNo: string): Promise<string | null>;
}) {
  return (
    <AnswerFrame aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <StudentEntryForm codeLabel={codeLabel} action={action} note={note} onEnter={onEnter} />
    </AnswerFrame>
  );
}

/**
 * The radio buttons (one answer) or check boxes (several, kept in letter order) of a choice
 * question; `value` is the chosen letters.
 */
export function ChoiceAnswers({
  multiple,
  name,
  letters,
  value,
  onChange,
  children,
}: {
  multiple: boolean;
  /** The radio group's name. */
  name: string;
  letters: readonly string[];
  value: string;
  onChange(value: string): void;
  /** What follows the box: the letter and the option's text. */
  children(letter: string, index: number): ReactNode;
}) {
  return letters.map((letter, k) => (
    <label className="choice" key={letter}>
      {multiple ? (
        <input
          type="checkbox"
          checked={value.includes(letter)}
          onChange={(e) => {
            const set = new Set(value.split('').filter(Boolean));
            if (e.target.checked) set.add(letter);
            else set.delete(letter);
            onChange([...set].sort().join(''));
          }}
        />
      ) : (
        <input
          type="radio"
          name={name}
          checked={value === letter}
          onChange={() => onChange(letter)}
        />
      )}{' '}
      {children(letter, k)}
    </label>
  ));
}
