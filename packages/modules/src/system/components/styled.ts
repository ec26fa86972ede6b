import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';
import { pageFrame } from '../../common/styled';

export { Actions, CheckGroup, ErrorText, Note, Spacer, Table, Toolbar } from '../../common/styled';

/** The frame of a system page: title row, then content; links in the primary blue. */
export const PageBox = styled.section`
  ${pageFrame}
  a {
    color: ${(p) => themeOf(p).colors.primary};
  }
`;

export const FormBox = styled.form`
  max-width: 480px;
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
