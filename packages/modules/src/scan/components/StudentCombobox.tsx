import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';
import type { Participant } from '../utils/scanLabels';

/** How many matches the list shows at once; typing narrows it. */
const SHOWN = 50;

const Wrap = styled.span`
  position: relative;
  display: inline-block;
  input {
    width: 220px;
    padding: 4px 6px;
    border: 1px solid ${(p) => themeOf(p).colors.border};
    border-radius: 4px;
    font: inherit;
  }
  ul {
    position: absolute;
    z-index: ${(p) => themeOf(p).zIndex.popup};
    top: 100%;
    left: 0;
    min-width: 100%;
    max-height: 240px;
    overflow: auto;
    margin: 2px 0 0;
    padding: 4px 0;
    list-style: none;
    background: ${(p) => themeOf(p).colors.surface};
    border: 1px solid ${(p) => themeOf(p).colors.border};
    border-radius: 4px;
    box-shadow: ${(p) => themeOf(p).shadow.popup};
  }
  li {
    padding: 4px 10px;
    white-space: nowrap;
    cursor: pointer;
    color: ${(p) => themeOf(p).colors.text};
  }
  li[aria-selected='true'] {
    background: ${(p) => themeOf(p).colors.background};
    color: ${(p) => themeOf(p).colors.primary};
  }
  .empty {
    cursor: default;
    color: ${(p) => themeOf(p).colors.textSecondary};
  }
`;

export const studentLabel = (s: Participant) => `${s.className} ${s.name}（${s.examNo}）`;

/** The roster entries whose name or 考号 contains every typed word. */
export function matchStudents(roster: readonly Participant[], query: string): Participant[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...roster];
  return roster.filter((s) => {
    const text = `${s.name} ${s.examNo} ${s.className}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

export interface StudentComboboxProps {
  roster: readonly Participant[];
  /** The chosen student, or null. */
  value: number | null;
  onChange: (studentId: number | null) => void;
  label: string;
  disabled?: boolean;
}

/**
 * A searchable student picker (WAI-ARIA combobox with a list box): type part of a name or
 * 考号, move with ↑/↓, choose with Enter, close with Esc.
 */
export function StudentCombobox({
  roster,
  value,
  onChange,
  label,
  disabled,
}: StudentComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const chosen = roster.find((s) => s.studentId === value) ?? null;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = useMemo(() => matchStudents(roster, query), [roster, query]);
  const shown = matches.slice(0, SHOWN);
  const optionId = (i: number) => `${id}-opt-${i}`;

  const choose = (s: Participant) => {
    onChange(s.studentId);
    setQuery('');
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => Math.min(Math.max(a + step, 0), Math.max(shown.length - 1, 0)));
    } else if (e.key === 'Enter') {
      if (open && shown[active]) {
        e.preventDefault();
        choose(shown[active]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        setOpen(false);
      }
    }
  };

  return (
    <Wrap>
      <input
        type="text"
        role="combobox"
        aria-label={label}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && shown[active] ? optionId(active) : undefined}
        placeholder="输入姓名或考号"
        autoComplete="off"
        disabled={disabled}
        value={open || query ? query : chosen ? studentLabel(chosen) : ''}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
          if (value !== null) onChange(null);
        }}
        onFocus={() => setOpen(false)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label={`${label}：候选考生`}>
          {shown.length === 0 && (
            <li className="empty" role="option" aria-selected={false} aria-disabled>
              没有找到考生
            </li>
          )}
          {shown.map((s, i) => (
            <li
              key={s.studentId}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              // Chosen on mousedown, before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(s);
              }}
              onMouseEnter={() => setActive(i)}
            >
              {studentLabel(s)}
            </li>
          ))}
          {matches.length > SHOWN && (
            <li className="empty" role="option" aria-selected={false} aria-disabled>
              还有 {matches.length - SHOWN} 名考生，请继续输入
            </li>
          )}
        </ul>
      )}
    </Wrap>
  );
}
