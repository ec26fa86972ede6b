import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTracked } from './createTracked';

describe('createTracked', () => {
  afterEach(() => vi.useRealTimers());

  it('removes every listener, timer and clean-up still registered at dispose', () => {
    vi.useFakeTimers();
    const registry = createTracked();
    const { tracked } = registry;
    const onResize = vi.fn();
    const onKey = vi.fn();
    const tick = vi.fn();
    const later = vi.fn();
    const cleanup = vi.fn();
    tracked.addEventListener(window, 'resize', onResize);
    tracked.addEventListener(document, 'keydown', onKey, { capture: true });
    tracked.setInterval(tick, 1000);
    tracked.setTimeout(later, 5000);
    tracked.onCleanup(cleanup);
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(1000);
    expect(onResize).toHaveBeenCalledTimes(1);
    expect(tick).toHaveBeenCalledTimes(1);
    expect(registry.size).toBe(5);

    registry.dispose();
    window.dispatchEvent(new Event('resize'));
    document.dispatchEvent(new KeyboardEvent('keydown'));
    vi.advanceTimersByTime(10_000);
    expect(onResize).toHaveBeenCalledTimes(1);
    expect(onKey).not.toHaveBeenCalled();
    expect(tick).toHaveBeenCalledTimes(1);
    expect(later).not.toHaveBeenCalled();
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(registry.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('forgets what the sub-application removed itself, and a timeout once it has run', () => {
    vi.useFakeTimers();
    const registry = createTracked();
    const remove = registry.tracked.addEventListener(window, 'resize', () => {});
    registry.tracked.setTimeout(() => {}, 10);
    remove();
    vi.advanceTimersByTime(10);
    expect(registry.size).toBe(0);
  });

  it('undoes at once what is registered after unmount', () => {
    const registry = createTracked();
    registry.dispose();
    const listener = vi.fn();
    const cleanup = vi.fn();
    registry.tracked.addEventListener(window, 'resize', listener);
    registry.tracked.onCleanup(cleanup);
    window.dispatchEvent(new Event('resize'));
    expect(listener).not.toHaveBeenCalled();
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(registry.size).toBe(0);
  });
});
