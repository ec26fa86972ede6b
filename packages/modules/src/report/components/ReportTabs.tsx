import { useRef, type KeyboardEvent } from 'react';
import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';

export interface ReportTab {
  key: string;
  label: string;
}

export interface ReportTabsProps {
  label: string;
  tabs: readonly ReportTab[];
  active: string;
  onSelect: (key: string) => void;
  /** Id prefix tying each tab to the panel. */
  idPrefix: string;
}

const List = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  border-bottom: 1px solid ${(p) => themeOf(p).colors.border};
  margin: 12px 0 0;
  button {
    padding: 8px 16px;
    border: none;
    border-bottom: 2px solid transparent;
    background: none;
    font: inherit;
    cursor: pointer;
    color: ${(p) => themeOf(p).colors.text};
  }
  button[aria-selected='true'] {
    border-bottom-color: ${(p) => themeOf(p).colors.primary};
    /* the darker primary keeps 4.5:1 contrast on white at this size */
    color: ${(p) => themeOf(p).colors.primaryHover};
    font-weight: 600;
  }
  button:focus-visible {
    outline: 2px solid ${(p) => themeOf(p).colors.primary};
  }
  @media print {
    display: none;
  }
`;

/** The tabs of a report (WAI-ARIA tabs: arrows, Home and End move and open a tab). */
export function ReportTabs({ label, tabs, active, onSelect, idPrefix }: ReportTabsProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    refs.current[next]?.focus();
    onSelect(tabs[next]!.key);
  };
  return (
    <List role="tablist" aria-label={label}>
      {tabs.map((tab, i) => (
        <button
          key={tab.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab.key}`}
          aria-selected={tab.key === active}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={tab.key === active ? 0 : -1}
          onClick={() => onSelect(tab.key)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {tab.label}
        </button>
      ))}
    </List>
  );
}
