import { useEffect, useRef, useState } from 'react';
import { styled } from 'styled-components';
import { themeOf } from '../theme/theme';
import type { BackToTopProps } from '../types';

/** How often a scroll step runs, and which share of the remaining distance it moves (spec 000 §2). */
export const BACK_TO_TOP_STEP_MS = 25;
const STEP_SHARE = 4;

const Round = styled.button`
  position: fixed;
  right: 40px;
  bottom: 60px;
  z-index: ${(p) => themeOf(p).zIndex.popup};
  width: 40px;
  height: 40px;
  padding: 0;
  font-size: 18px;
  color: ${(p) => themeOf(p).colors.primary};
  background: ${(p) => themeOf(p).colors.surface};
  border: none;
  border-radius: 50%;
  box-shadow: ${(p) => themeOf(p).shadow.popup};
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${(p) => themeOf(p).colors.focus};
    outline-offset: 2px;
  }
`;

const readTop = (target: HTMLElement | null | undefined) =>
  target ? target.scrollTop : window.scrollY || document.documentElement.scrollTop;

const writeTop = (target: HTMLElement | null | undefined, top: number) => {
  if (target) target.scrollTop = top;
  else window.scrollTo(0, top);
};

/**
 * The back-to-top button: shows once the page is scrolled beyond half the
 * viewport height, and scrolls up moving a quarter of the remaining
 * distance every 25 ms. While it scrolls, the show logic is paused so the
 * button does not flicker.
 */
export function BackToTop({
  target,
  label = '回到顶部',
  visibilityHeight,
  children,
}: BackToTopProps) {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  useEffect(() => {
    const source: HTMLElement | Window = target ?? window;
    const onScroll = () => {
      if (timer.current !== undefined) return;
      setVisible(readTop(target) > (visibilityHeight ?? window.innerHeight / 2));
    };
    onScroll();
    source.addEventListener('scroll', onScroll, { passive: true });
    return () => source.removeEventListener('scroll', onScroll);
  }, [target, visibilityHeight]);

  useEffect(() => () => clearInterval(timer.current), []);

  const scrollUp = () => {
    if (timer.current !== undefined) return;
    timer.current = setInterval(() => {
      const top = readTop(target);
      const next = top - Math.ceil(top / STEP_SHARE);
      writeTop(target, Math.max(0, next));
      if (next <= 0) {
        clearInterval(timer.current);
        timer.current = undefined;
        setVisible(false);
      }
    }, BACK_TO_TOP_STEP_MS);
  };

  if (!visible) return null;
  return (
    <Round type="button" aria-label={label} title={label} onClick={scrollUp}>
      {children ?? <span aria-hidden="true">↑</span>}
    </Round>
  );
}
