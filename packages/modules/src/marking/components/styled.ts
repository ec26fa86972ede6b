import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';

export { Actions, ErrorText, Note, PageBox, Table } from '../../common/styled';

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-bottom: 16px;
  & > div {
    margin-bottom: 0;
  }
`;

export const Tabs = styled.div`
  display: flex;
  gap: 4px;
  margin-bottom: 16px;
  border-bottom: 1px solid ${(p) => themeOf(p).colors.border};
  a,
  button {
    padding: 8px 14px;
    border: 0;
    background: none;
    font: inherit;
    color: ${(p) => themeOf(p).colors.text};
    text-decoration: none;
    cursor: pointer;
    border-bottom: 2px solid transparent;
  }
  [aria-current='page'],
  [aria-selected='true'] {
    color: ${(p) => themeOf(p).colors.primaryHover};
    border-bottom-color: ${(p) => themeOf(p).colors.primary};
  }
`;

export const Kbd = styled.kbd`
  display: inline-block;
  min-width: 18px;
  margin-left: 4px;
  padding: 0 4px;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 3px;
  background: ${(p) => themeOf(p).colors.background};
  color: ${(p) => themeOf(p).colors.textSecondary};
  font-size: 12px;
  font-family: inherit;
  text-align: center;
`;

export const Fieldset = styled.fieldset`
  margin: 0 0 16px;
  padding: 8px 12px 12px;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
  legend {
    padding: 0 4px;
    font-weight: 600;
  }
  label {
    margin-right: 16px;
    white-space: nowrap;
  }
`;

export const Bar = styled.span<{ $ratio: number }>`
  display: inline-block;
  height: 10px;
  width: ${(p) => Math.max(0, Math.min(1, p.$ratio)) * 120}px;
  background: ${(p) => themeOf(p).colors.primary};
  vertical-align: middle;
  margin-right: 6px;
`;
