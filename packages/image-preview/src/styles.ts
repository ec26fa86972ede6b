import { css, keyframes, styled } from 'styled-components';
import { themeOf } from '@examkit/ui/theme';

const fadeIn = keyframes`from { opacity: 0; }`;

/** The modal's portal root: the page mask, fading in on open and out before removal. */
export const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${(p) => themeOf(p).zIndex.dialog};
  background: ${(p) => themeOf(p).colors.viewerMask ?? themeOf(p).colors.mask};
  animation: ${fadeIn} 300ms ease;
  transition: opacity 300ms ease;
  &[data-state='closed'] {
    opacity: 0;
    pointer-events: none;
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
    transition: none;
  }
`;

export const Root = styled.div<{ $inline: boolean }>`
  position: ${(p) => (p.$inline ? 'relative' : 'absolute')};
  inset: 0;
  width: 100%;
  height: 100%;
  overflow: hidden;
  display: flex;
  flex-direction: column;
  font-family: ${(p) => themeOf(p).font.family};
  font-size: ${(p) => themeOf(p).font.size.medium};
  color: ${(p) => themeOf(p).colors.text};
  background: ${(p) => (p.$inline ? themeOf(p).colors.background : 'transparent')};
  &:focus-visible {
    outline: 2px solid ${(p) => themeOf(p).colors.focus};
    outline-offset: -2px;
  }
`;

export const Viewport = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  overflow: hidden;
  touch-action: none;
  user-select: none;
  /* Centred and fitted inside the stage at scale 1; zoom and pan are transforms on top. */
  & > * {
    position: absolute;
    inset: 0;
    margin: auto;
    max-width: 100%;
    max-height: 100%;
  }
  & > span {
    height: fit-content;
    width: fit-content;
  }
  & > img,
  & > video {
    transition: transform 200ms ease;
    will-change: transform;
    cursor: grab;
  }
  &[data-dragging] > * {
    transition: none;
    cursor: grabbing;
  }
`;

const pill = css`
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: ${(p) => themeOf(p).radius.large};
  background: ${(p) => themeOf(p).colors.surface};
  color: ${(p) => themeOf(p).colors.text};
`;

export const Bar = styled.div<{ $top?: boolean }>`
  position: absolute;
  ${(p) => (p.$top ? 'top' : 'bottom')}: 12px;
  left: 12px;
  right: 12px;
  display: flex;
  justify-content: ${(p) => (p.$top ? 'space-between' : 'center')};
  align-items: center;
  gap: 8px;
  pointer-events: none;
  & > * {
    pointer-events: auto;
  }
`;

export const Text = styled.span`
  ${pill};
  padding: 4px 12px;
`;

export const Button = styled.button<{ $primary?: boolean; $side?: 'left' | 'right' }>`
  ${pill};
  min-width: 36px;
  height: 36px;
  padding: 0 10px;
  font: inherit;
  font-size: 18px;
  line-height: 1;
  cursor: pointer;
  ${(p) =>
    p.$primary &&
    css`
      font-size: ${themeOf(p).font.size.medium};
      background: ${themeOf(p).colors.primary};
      border-color: ${themeOf(p).colors.primary};
      color: ${themeOf(p).colors.primaryText};
    `}
  ${(p) =>
    p.$side &&
    css`
      position: absolute;
      top: 50%;
      ${p.$side}: 12px;
      transform: translateY(-50%);
      height: 48px;
    `}
  &[aria-disabled='true'] {
    opacity: 0.45;
    cursor: not-allowed;
  }
  &:focus-visible {
    outline: 2px solid ${(p) => themeOf(p).colors.focus};
    outline-offset: 2px;
  }
`;
