import { css, styled } from 'styled-components';
import { themeOf } from '@examkit/ui';

/**
 * The frame shared by module pages: title row, then content. Link colour is
 * left to each module (`pageFrame` is the part they all share).
 */
export const pageFrame = css`
  padding: 16px 0 32px;
  color: ${(p) => themeOf(p).colors.text};
  font-family: ${(p) => themeOf(p).font.family};
  font-size: ${(p) => themeOf(p).font.size.medium};
  h1 {
    margin: 0 0 16px;
    font-size: 20px;
  }
  h2 {
    margin: 24px 0 12px;
    font-size: 16px;
  }
`;

/** Page frame whose links use the darker blue: the primary one is under 4.5:1 on the page background. */
export const PageBox = styled.section`
  ${pageFrame}
  a {
    color: ${(p) => themeOf(p).colors.primaryHover};
  }
`;

/** A row of filters and buttons above a table, aligned on the bottom edge of the fields. */
export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  margin-bottom: 16px;
  & > div,
  & > form > div {
    margin-bottom: 0;
  }
  & > form {
    display: flex;
    align-items: flex-end;
    gap: 8px;
  }
`;

/** Pushes the toolbar items after it to the right. */
export const Spacer = styled.span`
  flex: 1;
`;

/** The cell and header styling shared by module tables. */
export const tableBase = css`
  width: 100%;
  border-collapse: collapse;
  background: ${(p) => themeOf(p).colors.surface};
  th,
  td {
    padding: 8px 10px;
    border: 1px solid ${(p) => themeOf(p).colors.border};
    text-align: left;
    vertical-align: middle;
  }
  th {
    background: ${(p) => themeOf(p).colors.background};
    font-weight: 600;
    white-space: nowrap;
  }
`;

/**
 * A data table whose cells may hold inputs and selects in the page font, and whose current row
 * (`aria-current`) stands out.
 */
export const Table = styled.table`
  ${tableBase}
  input,
  select {
    font: inherit;
  }
  tr[aria-current='true'] td {
    background: ${(p) => themeOf(p).colors.background};
    font-weight: 600;
  }
`;

/** Buttons side by side, wrapping when narrow. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** An error message in the danger colour. */
export const ErrorText = styled.p`
  margin: 8px 0;
  color: ${(p) => themeOf(p).colors.danger};
`;

/** A secondary note in the muted text colour. */
export const Note = styled.p`
  margin: 8px 0;
  color: ${(p) => themeOf(p).colors.textSecondary};
`;

/** A bordered group of checkboxes, laid out in wrapping rows. */
export const CheckGroup = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  margin: 0 0 18px;
  padding: 8px 12px;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
  legend {
    padding: 0 4px;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
`;

/** A file input shown as a button: the native control stays focusable but visually hidden. */
export const FilePick = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  input {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
    overflow: hidden;
  }
  label {
    padding: 4px 12px;
    border: 1px solid ${(p) => themeOf(p).colors.border};
    border-radius: 4px;
    background: ${(p) => themeOf(p).colors.surface};
    cursor: pointer;
  }
  input:focus-visible + label {
    outline: 2px solid ${(p) => themeOf(p).colors.focus};
    outline-offset: 1px;
  }
  span {
    color: ${(p) => themeOf(p).colors.textSecondary};
  }
`;
