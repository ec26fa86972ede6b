import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';

export { Actions, CheckGroup, ErrorText, Note, PageBox, Table, Toolbar } from '../../common/styled';

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
