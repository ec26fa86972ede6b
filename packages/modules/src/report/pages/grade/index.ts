/** The pages of 年级报告 and 编辑讲评, one chunk loaded on first visit. */
export { GRADE_TABS } from './GradeFrame';
export { GradeBasicPage } from './GradeBasicPage';
export { GradeCommentPage } from './GradeCommentPage';
export { GradeCommentEditPage } from './GradeCommentEditPage';
export { GradeAbilityPage } from './GradeAbilityPage';
export { GradeRankPage } from './GradeRankPage';
export { GradeTranscriptPage } from './GradeTranscriptPage';
export { GradeProblemSetPage } from './GradeProblemSetPage';
export { GradeCustomGroupPage } from './GradeCustomGroupPage';
export { GradeCustomContrastPage } from './GradeCustomContrastPage';
export { GradeCustomKnowModelPage } from './GradeCustomKnowModelPage';
