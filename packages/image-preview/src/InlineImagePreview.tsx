import { DEFAULT_LABELS } from './labels';
import { PreviewStage } from './PreviewStage';
import type { PreviewBaseProps } from './types';

export type InlineImagePreviewProps = PreviewBaseProps;

/**
 * The previewer without a dialog: it fills its container (give the container
 * a size) and is driven by props — `index`/`onIndexChange` for the position,
 * `transform`/`onTransformChange` for zoom, rotation and pan (controlled), or
 * left to itself. Same gestures, tools and keys as `ImagePreview` once it has
 * focus (it is a focusable region named 图片预览), except Esc.
 */
export function InlineImagePreview(props: InlineImagePreviewProps) {
  return (
    <PreviewStage
      {...props}
      inline
      rootProps={{
        role: 'region',
        'aria-label': props.labels?.dialog ?? DEFAULT_LABELS.dialog,
        tabIndex: 0,
      }}
    />
  );
}
