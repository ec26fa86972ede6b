import { styled } from 'styled-components';
import { LOADING_TEXT } from '../texts';
import { themeOf } from '../theme/theme';
import type { LoadingOverlayProps } from '../types';
import { Spinner } from './Spinner';

const Cover = styled.div<{ $inline: boolean }>`
  position: ${(p) => (p.$inline ? 'absolute' : 'fixed')};
  inset: 0;
  z-index: ${(p) => themeOf(p).zIndex.loading};
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 12px;
  color: ${(p) => themeOf(p).colors.primary};
  font-family: ${(p) => themeOf(p).font.family};
  font-size: ${(p) => themeOf(p).font.size.medium};
  background: rgba(255, 255, 255, 0.7);
  & > span:first-child {
    font-size: 28px;
  }
`;

/** A cover with a spinner and "正在加载，请稍后~", announced politely to screen readers. */
export function LoadingOverlay({
  open = true,
  text = LOADING_TEXT,
  inline = false,
}: LoadingOverlayProps) {
  if (!open) return null;
  return (
    <Cover role="status" aria-live="polite" $inline={inline}>
      <Spinner aria-hidden="true" />
      <span>{text}</span>
    </Cover>
  );
}
