/**
 * The marking data pages (阅卷进度, 阅卷质量, 阅卷抽查, 问题卷), one file each under
 * `monitor/`, gathered here so the routes load them as one chunk.
 */
export { PROGRESS_POLL_MS, ProgressPage } from './monitor/ProgressPage';
export { QualityPage } from './monitor/QualityPage';
export { CheckPaperPage } from './monitor/CheckPaperPage';
export { ProblemPage } from './monitor/ProblemPage';
