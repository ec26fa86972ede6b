/** The pages of 大屏报告, 快速讲评 and 预警报告打印, one chunk loaded on first visit. */
export { ScreenBasicPage } from './ScreenBasicPage';
export { ScreenCommentPage } from './ScreenCommentPage';
export { ScreenAbilityPage } from './ScreenAbilityPage';
export { QuickReviewPage } from './QuickReviewPage';
export { WarningReportPrintPage } from './WarningReportPrintPage';
