/** React bindings of examkit core: the provider of the clients and store, and hooks to read them. */
export { ExamkitProvider } from './react/ExamkitProvider';
export { useExamkit } from './react/useExamkit';
export { useExamkitStore } from './react/useExamkitStore';
export { useListMemory } from './react/useListMemory';
export type { ExamkitContextValue } from './types';
