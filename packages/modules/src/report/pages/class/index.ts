/** The pages of 班级报告, one chunk loaded on first visit. */
export { CLASS_TABS } from './ClassFrame';
export { ClassBasicPage } from './ClassBasicPage';
export { ClassCommentPage } from './ClassCommentPage';
export { ClassAbilityPage } from './ClassAbilityPage';
export { ClassAnalysisPage } from './ClassAnalysisPage';
export { ClassTranscriptPage } from './ClassTranscriptPage';
export { ClassProblemSetPage } from './ClassProblemSetPage';
export { ClassCustomPage } from './ClassCustomPage';
export { ClassCustom2Page } from './ClassCustom2Page';
