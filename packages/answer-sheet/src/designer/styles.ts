// The named export works in Node ESM too (server rendering), where the default import is the CommonJS module object.
import { styled } from 'styled-components';

interface Tokens {
  primary: string;
  text: string;
  textSecondary: string;
  border: string;
  background: string;
  surface: string;
  focus: string;
  radius: string;
  font: string;
}

const fallback: Tokens = {
  primary: '#0969da',
  text: '#1f2328',
  textSecondary: '#59636e',
  border: '#d1d9e0',
  background: '#f6f8fa',
  surface: '#ffffff',
  focus: '#0969da',
  radius: '4px',
  font: '-apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
};

/** Reads the examkit theme (`@examkit/ui`'s shape) from styled-components props, with the same defaults. */
function tokens(props: { theme?: unknown }): Tokens {
  const theme = props.theme as
    | {
        colors?: Partial<Record<keyof Tokens, string>>;
        radius?: { medium?: string };
        font?: { family?: string };
      }
    | undefined;
  const c = theme?.colors;
  if (!c) return fallback;
  return {
    primary: c.primary ?? fallback.primary,
    text: c.text ?? fallback.text,
    textSecondary: c.textSecondary ?? fallback.textSecondary,
    border: c.border ?? fallback.border,
    background: c.background ?? fallback.background,
    surface: c.surface ?? fallback.surface,
    focus: c.focus ?? fallback.focus,
    radius: theme?.radius?.medium ?? fallback.radius,
    font: theme?.font?.family ?? fallback.font,
  };
}

export const Root = styled.div`
  display: grid;
  grid-template-columns: minmax(260px, 320px) minmax(0, 1fr);
  grid-template-rows: auto 1fr;
  gap: 12px;
  font-family: ${(p) => tokens(p).font};
  font-size: 14px;
  color: ${(p) => tokens(p).text};
  background: ${(p) => tokens(p).background};
  padding: 12px;
  min-height: 0;
`;

export const Toolbar = styled.div`
  grid-column: 1 / -1;
  display: flex;
  gap: 8px;
  align-items: center;
`;

export const Panel = styled.div`
  overflow: auto;
  max-height: 80vh;
  background: ${(p) => tokens(p).surface};
  border: 1px solid ${(p) => tokens(p).border};
  border-radius: ${(p) => tokens(p).radius};
  padding: 8px 12px;

  fieldset {
    border: none;
    border-top: 1px solid ${(p) => tokens(p).border};
    margin: 8px 0 0;
    padding: 8px 0 0;
    display: grid;
    gap: 6px;
  }
  legend {
    font-weight: 600;
  }
  label {
    display: flex;
    gap: 6px;
    align-items: center;
  }
  input[type='text'],
  input[type='number'],
  select,
  textarea {
    font: inherit;
    border: 1px solid ${(p) => tokens(p).border};
    border-radius: ${(p) => tokens(p).radius};
    padding: 2px 6px;
    min-width: 0;
    flex: 1;
  }
  textarea {
    min-height: 72px;
  }
  :focus-visible {
    outline: 2px solid ${(p) => tokens(p).focus};
    outline-offset: 1px;
  }
`;

export const QuestionRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  align-items: center;
  padding: 4px 0;
  border-bottom: 1px dashed ${(p) => tokens(p).border};
`;

export const Button = styled.button`
  font: inherit;
  padding: 2px 10px;
  border: 1px solid ${(p) => tokens(p).border};
  border-radius: ${(p) => tokens(p).radius};
  background: ${(p) => tokens(p).surface};
  color: ${(p) => tokens(p).text};
  cursor: pointer;
  &:disabled {
    cursor: not-allowed;
    color: ${(p) => tokens(p).textSecondary};
  }
  &:focus-visible {
    outline: 2px solid ${(p) => tokens(p).focus};
    outline-offset: 1px;
  }
`;

export const PreviewArea = styled.div`
  overflow: auto;
  &:focus-visible {
    outline: 2px solid ${(p) => tokens(p).focus};
    outline-offset: 2px;
  }
  max-height: 80vh;
  min-width: 0;
  display: flex;
  flex-direction: column;
  /* Centred by auto margins, not align-items: a page wider than the area (A3) then scrolls
     from its left edge instead of being cut off on the left. */
  align-items: flex-start;
  gap: 16px;
  svg {
    background: #fff;
    box-shadow: 0 1px 4px rgba(15, 23, 42, 0.2);
    flex: none;
    margin-inline: auto;
  }
`;

/** A warning about the settings (dark red on the panel's surface: AA contrast). */
export const Warning = styled.p`
  margin: 0;
  padding: 4px 6px;
  color: #a40e26;
  background: #fff1f0;
  border-left: 3px solid #a40e26;
  font-size: 13px;
`;
