import { autoUpdate, computePosition, flip, offset, shift } from '@floating-ui/react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { styled } from 'styled-components';
import { themeOf } from '../theme/theme';
import type { DropdownProps } from '../types';

const Wrap = styled.div`
  position: relative;
  display: inline-block;
  font-family: ${(p) => themeOf(p).font.family};
  font-size: ${(p) => themeOf(p).font.size.medium};
`;

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 4px 8px;
  color: inherit;
  font: inherit;
  background: none;
  border: none;
  border-radius: ${(p) => themeOf(p).radius.medium};
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${(p) => themeOf(p).colors.focus};
  }
`;

const Menu = styled.ul`
  position: absolute;
  top: 0;
  left: 0;
  z-index: ${(p) => themeOf(p).zIndex.popup};
  min-width: 120px;
  margin: 0;
  padding: 4px 0;
  list-style: none;
  background: ${(p) => themeOf(p).colors.surface};
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: ${(p) => themeOf(p).radius.medium};
  box-shadow: ${(p) => themeOf(p).shadow.popup};
`;

const Item = styled.li`
  padding: 8px 16px;
  color: ${(p) => themeOf(p).colors.text};
  white-space: nowrap;
  cursor: pointer;
  &:hover,
  &:focus {
    outline: none;
    color: ${(p) => themeOf(p).colors.primary};
    background: ${(p) => themeOf(p).colors.background};
  }
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.5;
  }
`;

/**
 * A menu button, like the header's user menu with 修改密码 and 退出.
 * Enter, Space or ↓ open it on the first item, ↑ on the last; ↑ ↓ Home End
 * move, Enter or Space choose, Esc closes and returns focus to the button,
 * Tab or a click outside closes it.
 */
export function Dropdown({ label, ariaLabel, items, onSelect, align = 'end' }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLLIElement | null)[]>([]);
  const menuRef = useRef<HTMLUListElement>(null);
  const placement = align === 'end' ? 'bottom-end' : 'bottom-start';

  // Floating UI keeps the menu on screen: it flips above the button near the
  // bottom edge and shifts sideways near the left and right edges. The plain
  // computePosition loop is a third of the size of the useFloating hook.
  useLayoutEffect(() => {
    const reference = triggerRef.current;
    const floating = menuRef.current;
    if (!open || !reference || !floating) return;
    return autoUpdate(reference, floating, () => {
      void computePosition(reference, floating, {
        placement,
        middleware: [offset(4), flip(), shift({ padding: 8 })],
      }).then(({ x, y }) => {
        floating.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`;
      });
    });
  }, [open, placement]);
  const enabled = items.flatMap((item, index) => (item.disabled ? [] : [index]));

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const openAt = (index: number | undefined) => {
    if (index === undefined) return;
    setActive(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  };
  const choose = (index: number) => {
    const item = items[index];
    if (!item || item.disabled) return;
    close(true);
    onSelect(item.key);
  };
  const move = (step: number) => {
    const at = enabled.indexOf(active);
    const next = enabled[(at + step + enabled.length) % enabled.length];
    if (next !== undefined) setActive(next);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter and Space reach onClick as native button clicks.
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(enabled[0]);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(enabled[enabled.length - 1]);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(1),
      ArrowUp: () => move(-1),
      Home: () => enabled[0] !== undefined && setActive(enabled[0]),
      End: () => {
        const last = enabled[enabled.length - 1];
        if (last !== undefined) setActive(last);
      },
      Enter: () => choose(active),
      ' ': () => choose(active),
      Escape: () => close(true),
    };
    if (event.key === 'Tab') return close(false);
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  };

  return (
    <Wrap ref={wrapRef}>
      <Trigger
        ref={triggerRef}
        type="button"
        id={`${id}-button`}
        aria-label={ariaLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(false) : openAt(enabled[0]))}
        onKeyDown={onTriggerKeyDown}
      >
        {label}
        <span aria-hidden="true">▾</span>
      </Trigger>
      {open && (
        <Menu
          ref={menuRef}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => (
            <Item
              key={item.key}
              ref={(el) => {
                itemRefs.current[index] = el;
              }}
              role="menuitem"
              tabIndex={index === active ? 0 : -1}
              aria-disabled={item.disabled || undefined}
              onClick={() => choose(index)}
              onMouseEnter={() => !item.disabled && setActive(index)}
            >
              {item.label}
            </Item>
          ))}
        </Menu>
      )}
    </Wrap>
  );
}
