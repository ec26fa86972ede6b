import { themeOf } from '@examkit/ui/theme';
import { css, keyframes, styled } from 'styled-components';

const bob = keyframes`
  0%, 100% { transform: translateY(0); }
  50% { transform: translateY(-6px); }
`;

/** The look of the unstyled parts, scoped to the assistant's own root (no global CSS). */
export const partStyles = css`
  font-family: ${(p) => themeOf(p).font.family};
  font-size: ${(p) => themeOf(p).font.size.medium};
  color: ${(p) => themeOf(p).colors.text};
  line-height: 1.6;
  button {
    font: inherit;
    cursor: pointer;
    border: 1px solid ${(p) => themeOf(p).colors.border};
    background: ${(p) => themeOf(p).colors.surface};
    color: ${(p) => themeOf(p).colors.text};
    border-radius: ${(p) => themeOf(p).radius.medium};
    padding: 2px 10px;
    min-height: 28px;
  }
  button[type='submit'],
  button[data-tone='primary'] {
    background: ${(p) => themeOf(p).colors.primary};
    border-color: ${(p) => themeOf(p).colors.primary};
    color: ${(p) => themeOf(p).colors.primaryText};
  }
  button[data-tone='danger'] {
    color: ${(p) => themeOf(p).colors.danger};
    border-color: ${(p) => themeOf(p).colors.danger};
    background: ${(p) => themeOf(p).colors.surface};
  }
  button:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  button:focus-visible,
  textarea:focus-visible,
  input:focus-visible,
  [tabindex='0']:focus-visible {
    outline: 2px solid ${(p) => themeOf(p).colors.focus};
    outline-offset: 2px;
  }
  textarea,
  input {
    font: inherit;
    color: inherit;
    border: 1px solid ${(p) => themeOf(p).colors.border};
    border-radius: ${(p) => themeOf(p).radius.medium};
    padding: 6px 8px;
    box-sizing: border-box;
  }
  [data-part='visually-hidden'] {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
  [data-part='thread'] {
    flex: 1;
    min-height: 0;
    display: flex;
    flex-direction: column;
  }
  [data-part='transcript'] {
    flex: 1;
    overflow-y: auto;
    padding: 8px 16px;
  }
  [data-part='message'] {
    margin: 12px 0;
    padding: 8px 12px;
    border-radius: ${(p) => themeOf(p).radius.large};
    background: ${(p) => themeOf(p).colors.background};
    overflow-wrap: anywhere;
  }
  [data-part='message'][data-role='user'] {
    background: #e8f0fe;
    margin-left: 24px;
  }
  [data-part='speaker'] {
    margin: 0 0 4px;
    font-size: ${(p) => themeOf(p).font.size.small};
    color: ${(p) => themeOf(p).colors.textSecondary};
  }
  [data-part='question'] {
    margin: 0;
    white-space: pre-wrap;
  }
  [data-part='markdown'] h3,
  [data-part='markdown'] h4,
  [data-part='markdown'] h5,
  [data-part='markdown'] h6 {
    margin: 8px 0 4px;
  }
  [data-part='markdown'] p {
    margin: 4px 0;
  }
  [data-part='markdown'] pre {
    background: #f0f2f4;
    padding: 8px;
    overflow-x: auto;
    border-radius: ${(p) => themeOf(p).radius.medium};
  }
  [data-part='table-scroll'] {
    overflow-x: auto;
  }
  [data-part='markdown'] table {
    border-collapse: collapse;
  }
  [data-part='markdown'] th,
  [data-part='markdown'] td {
    border: 1px solid ${(p) => themeOf(p).colors.border};
    padding: 2px 8px;
  }
  [data-part='math'] {
    font-family: 'Cambria Math', 'STIX Two Math', serif;
  }
  [data-part='math'][role='math'] {
    font-style: italic;
  }
  [data-part='math'][data-display] {
    overflow-x: auto;
    margin: 8px 0;
  }
  [data-part='actions'] {
    display: flex;
    gap: 6px;
    margin-top: 6px;
    flex-wrap: wrap;
  }
  [data-part='note'] {
    margin: 4px 0 0;
    color: ${(p) => themeOf(p).colors.textSecondary};
  }
  [data-part='note'][data-tone='danger'] {
    color: ${(p) => themeOf(p).colors.danger};
  }
  [data-part='pending'] {
    color: ${(p) => themeOf(p).colors.textSecondary};
  }
  [data-part='composer'] {
    display: flex;
    gap: 8px;
    padding: 8px 16px 12px;
    border-top: 1px solid ${(p) => themeOf(p).colors.border};
    align-items: flex-end;
  }
  [data-part='composer'] textarea {
    flex: 1;
    resize: none;
  }
  [data-part='suggestions'] {
    padding: 8px 16px;
  }
  [data-part='suggestions'] h3 {
    margin: 0 0 6px;
    font-size: ${(p) => themeOf(p).font.size.medium};
  }
  [data-part='suggestions'] ul,
  [data-part='sessions'] {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 6px;
  }
  [data-part='sessions'] li {
    display: flex;
    gap: 6px;
    align-items: center;
    flex-wrap: wrap;
  }
  [data-part='session-open'] {
    flex: 1;
    text-align: left;
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  [data-part='session-open'] small {
    color: ${(p) => themeOf(p).colors.textSecondary};
  }
  [data-part='empty'] {
    color: ${(p) => themeOf(p).colors.textSecondary};
    text-align: center;
  }
  [role='alert'][data-part='error'] {
    margin: 8px 16px 0;
    color: ${(p) => themeOf(p).colors.danger};
  }
`;

export const Floating = styled.div`
  ${partStyles}
  position: fixed;
  z-index: ${(p) => themeOf(p).zIndex.popup};
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 6px;
  &[data-idle='on'] [data-part='launcher'] {
    animation: ${bob} 1.2s ease-in-out infinite;
  }
  @media (prefers-reduced-motion: reduce) {
    &[data-idle='on'] [data-part='launcher'] {
      animation: none;
    }
  }
  [data-part='launcher'] {
    width: 56px;
    height: 56px;
    border-radius: 50%;
    background: ${(p) => themeOf(p).colors.primary};
    border-color: ${(p) => themeOf(p).colors.primary};
    color: ${(p) => themeOf(p).colors.primaryText};
    font-weight: 600;
    box-shadow: ${(p) => themeOf(p).shadow.popup};
    touch-action: none;
  }
  [data-part='entry'] {
    font-size: ${(p) => themeOf(p).font.size.small};
    box-shadow: ${(p) => themeOf(p).shadow.popup};
  }
  [role='tooltip'] {
    position: absolute;
    right: calc(100% + 10px);
    top: 10px;
    white-space: nowrap;
    background: ${(p) => themeOf(p).colors.surface};
    border: 1px solid ${(p) => themeOf(p).colors.border};
    border-radius: ${(p) => themeOf(p).radius.large};
    padding: 6px 10px;
    box-shadow: ${(p) => themeOf(p).shadow.popup};
  }
`;

export const Drawer = styled.div`
  ${partStyles}
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  width: min(480px, 100vw);
  z-index: ${(p) => themeOf(p).zIndex.dialog};
  background: ${(p) => themeOf(p).colors.surface};
  box-shadow: ${(p) => themeOf(p).shadow.popup};
  display: flex;
  flex-direction: column;
  header {
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 10px 16px;
    border-bottom: 1px solid ${(p) => themeOf(p).colors.border};
  }
  header h2 {
    flex: 1;
    margin: 0;
    font-size: ${(p) => themeOf(p).font.size.large};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  [data-part='history'] {
    flex: 1;
    overflow-y: auto;
    padding: 12px 16px;
  }
`;

export const ChatPage = styled.div`
  ${partStyles}
  display: flex;
  min-height: 560px;
  height: 100%;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  background: ${(p) => themeOf(p).colors.surface};
  aside {
    width: 280px;
    flex-shrink: 0;
    border-right: 1px solid ${(p) => themeOf(p).colors.border};
    padding: 12px;
    overflow-y: auto;
    display: flex;
    flex-direction: column;
    gap: 12px;
  }
  aside h2 {
    margin: 0;
    font-size: ${(p) => themeOf(p).font.size.medium};
  }
  main,
  [data-part='conversation'] {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
  }
  [data-part='types'] {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 6px;
  }
  [data-part='types'] button {
    width: 100%;
    text-align: left;
    padding: 6px 10px;
  }
  [data-part='types'] small {
    display: block;
    color: ${(p) => themeOf(p).colors.textSecondary};
  }
  [data-part='notice'] {
    padding: 24px;
  }
`;
