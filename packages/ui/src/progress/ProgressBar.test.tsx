import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgress } from './createProgress';
import { ProgressBar } from './ProgressBar';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createProgress', () => {
  it('uses the numbers of spec 000 §9 by default', () => {
    expect(createProgress().options).toEqual({
      minimum: 0.08,
      speed: 200,
      trickleSpeed: 800,
      trickleRate: 0.02,
      trickle: true,
    });
  });

  it('starts at the minimum and trickles every 800 ms by up to 0.02', () => {
    const progress = createProgress({ random: () => 1 });
    expect(progress.status).toBeNull();
    progress.start();
    expect(progress.status).toBe(0.08);
    vi.advanceTimersByTime(799);
    expect(progress.status).toBe(0.08);
    vi.advanceTimersByTime(1);
    expect(progress.status).toBeCloseTo(0.1);
    vi.advanceTimersByTime(800 * 5);
    expect(progress.status).toBeCloseTo(0.2);
    progress.done();
  });

  it('never reaches the end by trickling', () => {
    const progress = createProgress({ random: () => 1, trickleRate: 0.5 });
    progress.start();
    vi.advanceTimersByTime(800 * 10);
    expect(progress.status).toBeLessThan(1);
    expect(progress.status).toBeGreaterThan(0.99);
  });

  it('done fills the bar and hides it after 200 ms', () => {
    const progress = createProgress();
    progress.start();
    progress.done();
    expect(progress.status).toBe(1);
    vi.advanceTimersByTime(199);
    expect(progress.status).toBe(1);
    vi.advanceTimersByTime(1);
    expect(progress.status).toBeNull();
    vi.advanceTimersByTime(800 * 3);
    expect(progress.status).toBeNull();
  });

  it('set clamps between the minimum and 1; done without start is ignored unless forced', () => {
    const progress = createProgress({ trickle: false });
    progress.done();
    expect(progress.status).toBeNull();
    progress.set(0.01);
    expect(progress.status).toBe(0.08);
    progress.set(0.5);
    expect(progress.status).toBe(0.5);
    progress.inc(0.1);
    expect(progress.status).toBeCloseTo(0.6);
    progress.set(7);
    expect(progress.status).toBe(1);
    vi.advanceTimersByTime(200);
    progress.done(true);
    expect(progress.status).toBe(1);
  });

  it('a restart while finishing keeps the bar', () => {
    const progress = createProgress({ trickle: false });
    progress.start();
    progress.done();
    progress.start();
    vi.advanceTimersByTime(500);
    expect(progress.status).toBe(0.08);
  });
});

describe('ProgressBar', () => {
  it('shows a labelled progressbar while the controller runs', () => {
    const progress = createProgress({ random: () => 1 });
    render(<ProgressBar progress={progress} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    act(() => progress.start());
    const bar = screen.getByRole('progressbar', { name: '页面加载进度' });
    expect(bar).toHaveAttribute('aria-valuenow', '8');
    act(() => vi.advanceTimersByTime(800));
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    act(() => progress.done());
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
