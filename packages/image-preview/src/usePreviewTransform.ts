import { useCallback, useRef, useState } from 'react';
import { INITIAL_TRANSFORM, previewTransformReducer } from './transform';
import type { PreviewTransform, PreviewTransformAction } from './types';

export interface UsePreviewTransformOptions {
  /** Controlled value: the hook then only reports changes through `onChange`. */
  value?: PreviewTransform | undefined;
  /** Uncontrolled starting value. Default `INITIAL_TRANSFORM`. */
  defaultValue?: PreviewTransform;
  /** Called with each new value (only when it changes). */
  onChange?: ((value: PreviewTransform) => void) | undefined;
}

/**
 * Zoom, rotation and pan state driven by `previewTransformReducer`, controlled
 * or not. Returns `[transform, dispatch]`; several dispatches in one event
 * chain on each other even when controlled.
 */
export function usePreviewTransform(
  options: UsePreviewTransformOptions = {},
): [PreviewTransform, (action: PreviewTransformAction) => void] {
  const { value, defaultValue = INITIAL_TRANSFORM, onChange } = options;
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const latest = useRef(current);
  const lastRendered = useRef(current);
  // A new value from the parent (or our own state) replaces what we chained on.
  if (lastRendered.current !== current) latest.current = lastRendered.current = current;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const controlled = value !== undefined;

  const dispatch = useCallback(
    (action: PreviewTransformAction) => {
      const prev = latest.current;
      const next = previewTransformReducer(prev, action);
      if (next === prev) return;
      latest.current = next;
      if (!controlled) setOwn(next);
      onChangeRef.current?.(next);
    },
    [controlled],
  );
  return [current, dispatch];
}
