import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { styled } from 'styled-components';
import { themeOf } from '../theme/theme';
import type { DialogProps } from '../types';
import { focusableIn } from './focusable';

const Mask = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${(p) => themeOf(p).zIndex.dialog};
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: 15vh 16px 16px;
  box-sizing: border-box;
  overflow: auto;
  background: ${(p) => themeOf(p).colors.mask};
`;

const Panel = styled.div<{ $width: string }>`
  position: relative;
  box-sizing: border-box;
  width: ${(p) => p.$width};
  max-width: 100%;
  color: ${(p) => themeOf(p).colors.text};
  font-family: ${(p) => themeOf(p).font.family};
  font-size: ${(p) => themeOf(p).font.size.medium};
  background: ${(p) => themeOf(p).colors.surface};
  border-radius: ${(p) => themeOf(p).radius.large};
  box-shadow: ${(p) => themeOf(p).shadow.popup};
  &:focus {
    outline: none;
  }
`;

const Header = styled.div`
  padding: 16px 48px 8px 20px;
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${(p) => themeOf(p).font.size.large};
  font-weight: 600;
  line-height: 1.5;
`;

const Body = styled.div`
  padding: 12px 20px;
  line-height: 1.6;
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 12px;
  padding: 8px 20px 16px;
`;

const Close = styled.button`
  position: absolute;
  top: 12px;
  right: 12px;
  width: 28px;
  height: 28px;
  padding: 0;
  font-size: 20px;
  line-height: 1;
  color: ${(p) => themeOf(p).colors.textSecondary};
  background: none;
  border: none;
  border-radius: ${(p) => themeOf(p).radius.medium};
  cursor: pointer;
  &:hover {
    color: ${(p) => themeOf(p).colors.primary};
  }
  &:focus-visible {
    outline: 2px solid ${(p) => themeOf(p).colors.focus};
  }
`;

/**
 * A modal dialog labelled by its title. It takes focus when it opens (the
 * first control of its content or footer), keeps Tab inside, closes on Esc
 * and gives focus back to where it was when it closes.
 */
export function Dialog({
  open,
  onClose,
  title,
  width = 520,
  footer,
  maskClosable = false,
  closeLabel = '关闭',
  role = 'dialog',
  describedBy,
  container,
  children,
}: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = focusableIn(contentRef.current)[0];
    (first ?? panelRef.current)?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, [open]);

  if (!open || typeof document === 'undefined') return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusableIn(panelRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <Mask
      data-examkit-dialog-mask=""
      onMouseDown={(event) => {
        if (maskClosable && event.target === event.currentTarget) onClose();
      }}
    >
      <Panel
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        $width={typeof width === 'number' ? `${width}px` : width}
        onKeyDown={onKeyDown}
      >
        <Header>
          <Title id={titleId}>{title}</Title>
        </Header>
        <div ref={contentRef}>
          <Body>{children}</Body>
          {footer != null && <Footer>{footer}</Footer>}
        </div>
        <Close type="button" aria-label={closeLabel} onClick={onClose}>
          ×
        </Close>
      </Panel>
    </Mask>,
    container ?? document.body,
  );
}
