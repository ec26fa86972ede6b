import { createElement, type ReactNode } from 'react';
import type { ExamkitContextValue } from '../types';
import { ExamkitContext } from './ExamkitContext';

/** Makes the SDK's clients, store, storage and notifier available to `useExamkit` and `useExamkitStore`. */
export function ExamkitProvider({
  value,
  children,
}: {
  value: ExamkitContextValue;
  children?: ReactNode;
}) {
  return createElement(ExamkitContext.Provider, { value }, children);
}
