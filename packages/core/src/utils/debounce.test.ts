import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './debounce';

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls once, 200 ms after the last call, with its arguments', () => {
    const fn = vi.fn();
    const onResize = debounce(fn);
    onResize(1);
    vi.advanceTimersByTime(150);
    onResize(2);
    vi.advanceTimersByTime(199);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('can be cancelled', () => {
    const fn = vi.fn();
    const onResize = debounce(fn, 50);
    onResize();
    onResize.cancel();
    vi.advanceTimersByTime(100);
    expect(fn).not.toHaveBeenCalled();
  });
});
