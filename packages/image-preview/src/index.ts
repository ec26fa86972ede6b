export { ImagePreview } from './ImagePreview';
export type { ImagePreviewProps } from './ImagePreview';
export { InlineImagePreview } from './InlineImagePreview';
export type { InlineImagePreviewProps } from './InlineImagePreview';
export { usePreviewTransform } from './usePreviewTransform';
export type { UsePreviewTransformOptions } from './usePreviewTransform';
export { mediaTypeOf } from './mediaType';
export {
  INITIAL_TRANSFORM,
  PREVIEW_LIMITS,
  clampScale,
  normalizeRotation,
  previewTransformReducer,
  transformCss,
} from './transform';
export { DEFAULT_LABELS } from './labels';
export type * from './types';
