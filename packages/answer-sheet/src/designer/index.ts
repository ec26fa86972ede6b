export { AnswerSheetDesigner, ZOOM_RANGE } from './AnswerSheetDesigner';
export type { AnswerSheetDesignerProps } from './AnswerSheetDesigner';
export { SheetPreview } from './SheetPreview';
export type { SheetPreviewProps } from './SheetPreview';
export { useDesignHistory, HISTORY_LIMIT } from './useDesignHistory';
export type { DesignHistory } from './useDesignHistory';
export type { SheetDesign } from '../types';
