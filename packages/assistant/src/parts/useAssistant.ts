import { useStore } from 'zustand';
import type {
  AssistantActions,
  AssistantState,
  AssistantStore,
} from '../core/createAssistantStore';

/** Reads a slice of the assistant store and re-renders when it changes. */
export function useAssistant<T>(
  store: AssistantStore,
  selector: (state: AssistantState & AssistantActions) => T,
): T {
  return useStore(store, selector);
}
