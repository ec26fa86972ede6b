/** The pages of 学生成绩单 and its print page, one chunk loaded on first visit. */
export { StudentTranscriptBasicPage } from './StudentTranscriptBasicPage';
export { StudentTranscriptMistakesPage } from './StudentTranscriptMistakesPage';
export { TranscriptMistakesPrintPage } from './TranscriptMistakesPrintPage';
