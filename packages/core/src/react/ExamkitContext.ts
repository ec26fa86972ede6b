import { createContext } from 'react';
import type { ExamkitContextValue } from '../types';

export const ExamkitContext = /* @__PURE__ */ createContext<ExamkitContextValue | null>(null);
