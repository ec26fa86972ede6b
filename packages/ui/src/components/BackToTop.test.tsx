import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackToTop } from './BackToTop';

let scrollY = 0;
const scrollTo = vi.fn((_x: number, y: number) => {
  scrollY = y;
});

beforeEach(() => {
  vi.useFakeTimers();
  scrollY = 0;
  scrollTo.mockClear();
  vi.stubGlobal('innerHeight', 800);
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  vi.stubGlobal('scrollTo', scrollTo);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const scroll = (y: number) =>
  act(() => {
    scrollY = y;
    fireEvent.scroll(window);
  });

describe('BackToTop', () => {
  it('shows only once scrolled beyond half the viewport height', () => {
    render(<BackToTop />);
    expect(screen.queryByRole('button', { name: '回到顶部' })).not.toBeInTheDocument();
    scroll(400);
    expect(screen.queryByRole('button', { name: '回到顶部' })).not.toBeInTheDocument();
    scroll(401);
    expect(screen.getByRole('button', { name: '回到顶部' })).toBeInTheDocument();
    scroll(100);
    expect(screen.queryByRole('button', { name: '回到顶部' })).not.toBeInTheDocument();
  });

  it('moves a quarter of the remaining distance every 25 ms, ignoring scroll events meanwhile', () => {
    render(<BackToTop />);
    scroll(1600);
    fireEvent.click(screen.getByRole('button', { name: '回到顶部' }));
    act(() => vi.advanceTimersByTime(24));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollY).toBe(1200);
    act(() => vi.advanceTimersByTime(25));
    expect(scrollY).toBe(900);
    act(() => vi.advanceTimersByTime(25));
    expect(scrollY).toBe(675);
    // Below the threshold now, but the show logic is blocked while scrolling.
    scroll(300);
    expect(screen.getByRole('button', { name: '回到顶部' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(25 * 40));
    expect(scrollY).toBe(0);
    expect(screen.queryByRole('button', { name: '回到顶部' })).not.toBeInTheDocument();
    const calls = scrollTo.mock.calls.length;
    act(() => vi.advanceTimersByTime(100));
    expect(scrollTo.mock.calls.length).toBe(calls);
  });

  it('works on a scrolling element, with its own label and threshold', () => {
    const box = document.createElement('div');
    let top = 0;
    Object.defineProperty(box, 'scrollTop', { get: () => top, set: (v: number) => (top = v) });
    render(<BackToTop target={box} label="返回顶部" visibilityHeight={100} />);
    act(() => {
      top = 101;
      fireEvent.scroll(box);
    });
    fireEvent.click(screen.getByRole('button', { name: '返回顶部' }));
    act(() => vi.advanceTimersByTime(25));
    expect(top).toBe(75);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
