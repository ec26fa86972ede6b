import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';

/** The frame of a system page: title row, then content. */
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
  a {
    color: ${(p) => themeOf(p).colors.primary};
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

export const Spacer = styled.span`
  flex: 1;
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
  tr[aria-current='true'] td {
    background: ${(p) => themeOf(p).colors.background};
    font-weight: 600;
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

export const FormBox = styled.form`
  max-width: 480px;
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

export const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(320px, 1fr) minmax(360px, 1.2fr);
  gap: 24px;
  align-items: start;
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
