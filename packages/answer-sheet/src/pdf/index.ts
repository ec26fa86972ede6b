export { renderSheetPdf, DEFAULT_FONT_PATH, DEFAULT_FONT_FAMILY } from './renderSheetPdf';
export type { RenderSheetPdfOptions, SheetDocument } from '../types';
