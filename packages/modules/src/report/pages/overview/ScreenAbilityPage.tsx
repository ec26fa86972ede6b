import { ScreenReport } from './ScreenReport';

/** 大屏报告·能力分析. */
export function ScreenAbilityPage() {
  return <ScreenReport tab="ability" />;
}
