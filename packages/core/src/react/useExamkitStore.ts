import { useSyncExternalStore } from 'react';
import type { ExamkitState } from '../types';
import { useExamkit } from './useExamkit';

/**
 * A slice of the client state; the component re-renders when it changes.
 * The selector must return a stable value (a field, or a memoised object), as with zustand.
 */
export function useExamkitStore<T>(selector: (state: ExamkitState) => T): T {
  const { store } = useExamkit();
  const read = () => selector(store.getState());
  return useSyncExternalStore(store.subscribe, read, read);
}
