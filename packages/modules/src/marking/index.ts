import { lazy } from 'react';
import type { PageLoader } from '../routes/types';

import { markingPages } from './markingPages';

export { markingPages };

const lazyPage = (load: PageLoader) => lazy(async () => ({ default: await load() }));

export const MarkingListPage = lazyPage(markingPages['exam-marking']!);
export const MarkingTaskPage = lazyPage(markingPages['exam-marking-examTask']!);
export const BlockSettingPage = lazyPage(markingPages['exam-marking-setting']!);
export const ReadPaperPage = lazyPage(markingPages['exam-marking-readPaper']!);
export const ProgressPage = lazyPage(markingPages['exam-marking-data-progress']!);
export const QualityPage = lazyPage(markingPages['exam-marking-data-quality']!);
export const CheckPaperPage = lazyPage(markingPages['exam-marking-checkPaper']!);
export const ProblemPage = lazyPage(markingPages['exam-marking-error']!);

export { createMarkingRoutes } from './createMarkingRoutes';
export type { MarkingRoutesOptions } from './createMarkingRoutes';
export type { ModuleRoutesOptions } from '../routes/createModuleRoutes';
export { ScorePanel } from './components/ScorePanel';
export type { ScorePanelProps, ScoreQuestion } from './components/ScorePanel';
export { createSubmitQueue, QUEUE_STORAGE_KEY } from './utils/submitQueue';
export type { QueuedSubmit, SendResult, SubmitQueue, SubmitQueueState } from './utils/submitQueue';
