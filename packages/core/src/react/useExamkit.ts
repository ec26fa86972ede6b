import { useContext } from 'react';
import type { ExamkitContextValue } from '../types';
import { ExamkitContext } from './ExamkitContext';

/** The value of the nearest `<ExamkitProvider>`; throws when there is none, since nothing could work without it. */
export function useExamkit(): ExamkitContextValue {
  const value = useContext(ExamkitContext);
  if (!value) throw new Error('No <ExamkitProvider> above');
  return value;
}
