import { ScreenReport } from './ScreenReport';

/** 大屏报告·试卷讲评. */
export function ScreenCommentPage() {
  return <ScreenReport tab="comment" />;
}
