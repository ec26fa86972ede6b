import { css } from 'styled-components';
import { themeOf } from '../theme/theme';

/** @internal The shared look of text inputs and selects. */
export const inputStyle = css`
  box-sizing: border-box;
  width: 100%;
  height: 34px;
  padding: 0 10px;
  color: ${(p) => themeOf(p).colors.text};
  font-family: ${(p) => themeOf(p).font.family};
  font-size: ${(p) => themeOf(p).font.size.medium};
  background: ${(p) => themeOf(p).colors.surface};
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: ${(p) => themeOf(p).radius.medium};
  &:focus {
    outline: none;
    border-color: ${(p) => themeOf(p).colors.primary};
    box-shadow: 0 0 0 2px ${(p) => themeOf(p).colors.focus}33;
  }
  &[aria-invalid='true'] {
    border-color: ${(p) => themeOf(p).colors.danger};
  }
  &:disabled {
    cursor: not-allowed;
    background: ${(p) => themeOf(p).colors.background};
  }
`;
