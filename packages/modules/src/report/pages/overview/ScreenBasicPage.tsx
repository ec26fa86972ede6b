import { ScreenReport } from './ScreenReport';

/** 大屏报告·基本情况 (a large-display view). */
export function ScreenBasicPage() {
  return <ScreenReport tab="basic" />;
}
