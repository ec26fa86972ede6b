import { useCallback, useRef, useState } from 'react';
import type { SheetDesign } from '../types';

/** How many steps undo can go back. */
export const HISTORY_LIMIT = 100;

export interface DesignHistory {
  /** Applies an edit. Consecutive edits with the same `mergeKey` (typing in one field) undo as one step. */
  commit(next: SheetDesign, mergeKey?: string): void;
  undo(): void;
  redo(): void;
  canUndo: boolean;
  canRedo: boolean;
}

/**
 * Undo and redo over a controlled design: the designer keeps the past and the future,
 * the embedding page keeps the present (`value` / `onChange`).
 */
export function useDesignHistory(
  value: SheetDesign,
  onChange: (next: SheetDesign) => void,
): DesignHistory {
  const [stacks, setStacks] = useState<{ past: SheetDesign[]; future: SheetDesign[] }>({
    past: [],
    future: [],
  });
  const lastMergeKey = useRef<string | undefined>(undefined);

  const commit = useCallback(
    (next: SheetDesign, mergeKey?: string) => {
      const merge = mergeKey !== undefined && mergeKey === lastMergeKey.current;
      lastMergeKey.current = mergeKey;
      if (!merge)
        setStacks((s) => ({ past: [...s.past, value].slice(-HISTORY_LIMIT), future: [] }));
      else setStacks((s) => ({ past: s.past, future: [] }));
      onChange(next);
    },
    [value, onChange],
  );

  const undo = useCallback(() => {
    const previous = stacks.past[stacks.past.length - 1];
    if (!previous) return;
    lastMergeKey.current = undefined;
    setStacks({ past: stacks.past.slice(0, -1), future: [value, ...stacks.future] });
    onChange(previous);
  }, [stacks, value, onChange]);

  const redo = useCallback(() => {
    const [next, ...rest] = stacks.future;
    if (!next) return;
    lastMergeKey.current = undefined;
    setStacks({ past: [...stacks.past, value], future: rest });
    onChange(next);
  }, [stacks, value, onChange]);

  return { commit, undo, redo, canUndo: stacks.past.length > 0, canRedo: stacks.future.length > 0 };
}
