export { layoutSheet } from './layoutSheet';
export { toRecognitionTemplate } from './template/toRecognitionTemplate';
export { DEFAULT_SHEET_SETTINGS, EXAM_NUM_COUNT_RANGE, resolveSettings } from './settings';
export { leafQuestions } from './layout/flattenQuestions';
export { defaultAnswerHeight, scoreBarValues } from './layout/answerBlocks';
export { GEOMETRY, PAGE_SIZES } from './layout/geometry';
export { wrapText } from './layout/wrapText';
export type * from './types';
