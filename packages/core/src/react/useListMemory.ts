import type { ListMemory } from '../types';
import { EMPTY_LIST_MEMORY } from '../store/createExamkitStore';
import { useExamkit } from './useExamkit';
import { useExamkitStore } from './useExamkitStore';

/**
 * The remembered filters and page of one list (spec 000 §3 list-page memory),
 * kept per list so a keyword typed in one list never filters another, and the
 * function that updates them.
 * @param list the list's route name, e.g. `'exam-single'`
 */
export function useListMemory(
  list: string,
): [memory: ListMemory, remember: (memory: Partial<ListMemory>) => void] {
  const { store } = useExamkit();
  const memory = useExamkitStore((s) => s.listMemory[list]) ?? EMPTY_LIST_MEMORY;
  return [memory, (next) => store.getState().rememberList(list, next)];
}
