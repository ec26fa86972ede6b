import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';

/** The frame of an exam page: title row, then content. */
export const PageBox = styled.section`
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
  /* The darker blue: the primary one is under 4.5:1 on the page background. */
  a {
    color: ${(p) => themeOf(p).colors.primaryHover};
  }
`;

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

export const Table = styled.table`
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
  input,
  select {
    font: inherit;
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

export const ErrorText = styled.p`
  margin: 8px 0;
  color: ${(p) => themeOf(p).colors.danger};
`;

export const Note = styled.p`
  margin: 8px 0;
  color: ${(p) => themeOf(p).colors.textSecondary};
`;

export const StateTag = styled.span`
  display: inline-block;
  padding: 0 8px;
  border-radius: 10px;
  border: 1px solid ${(p) => themeOf(p).colors.primary};
  color: ${(p) => themeOf(p).colors.primary};
  font-size: ${(p) => themeOf(p).font.size.small};
  line-height: 20px;
  white-space: nowrap;
`;

/** A small native input inside a table cell; labelled by `aria-label`. */
export const CellInput = styled.input`
  width: 100%;
  min-width: 48px;
  box-sizing: border-box;
  padding: 4px 6px;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
  &[aria-invalid='true'] {
    border-color: ${(p) => themeOf(p).colors.danger};
  }
`;

export const CellSelect = styled.select`
  padding: 4px 6px;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
`;

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
