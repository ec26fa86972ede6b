import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { INITIAL_TRANSFORM } from './transform';
import type { PreviewTransform } from './types';
import { usePreviewTransform } from './usePreviewTransform';

describe('usePreviewTransform', () => {
  it('holds its own state when uncontrolled', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => usePreviewTransform({ onChange }));
    expect(result.current[0]).toBe(INITIAL_TRANSFORM);
    act(() => result.current[1]({ type: 'zoomBy', delta: 0.2 }));
    act(() => result.current[1]({ type: 'rotate', direction: 'left' }));
    expect(result.current[0]).toEqual({ scale: 1.2, rotation: -90, offsetX: 0, offsetY: 0 });
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('does not report actions that change nothing', () => {
    const onChange = vi.fn();
    const { result } = renderHook(() => usePreviewTransform({ onChange }));
    act(() => result.current[1]({ type: 'reset' }));
    act(() => result.current[1]({ type: 'pan', dx: 5, dy: 5 }));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('when controlled, shows the value, reports changes and chains several in one event', () => {
    const onChange = vi.fn();
    const value: PreviewTransform = { scale: 2, rotation: 0, offsetX: 0, offsetY: 0 };
    const { result, rerender } = renderHook(
      (v: PreviewTransform) => usePreviewTransform({ value: v, onChange }),
      {
        initialProps: value,
      },
    );
    act(() => {
      result.current[1]({ type: 'zoomBy', delta: 0.2 });
      result.current[1]({ type: 'zoomBy', delta: 0.2 });
    });
    expect(onChange.mock.calls.map(([t]) => t.scale)).toEqual([2.2, 2.4]);
    expect(result.current[0]).toBe(value);
    const next = { ...value, scale: 4 };
    rerender(next);
    expect(result.current[0]).toBe(next);
    act(() => result.current[1]({ type: 'zoomBy', delta: 0.2 }));
    expect(onChange).toHaveBeenLastCalledWith({ ...next, scale: 4.2 });
  });
});
