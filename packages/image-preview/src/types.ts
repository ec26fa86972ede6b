/** How a preview address is shown, decided by its extension (see `mediaTypeOf`). */
export type MediaType = 'image' | 'video' | 'audio';

/**
 * The view state of the shown item. Applied with CSS transforms only, in this
 * order: `translate(offsetX px, offsetY px) rotate(rotation deg) scale(scale)`.
 *
 * - `scale`: 0.2 to 5 (1 = fitted to the stage).
 * - `rotation`: degrees, always a multiple of 90; kept cumulative (…, -90, 0, 90, 180, 270, 360, …)
 *   so that the CSS transition always turns the short way. Use `normalizeRotation` for 0, 90, 180 or 270.
 * - `offsetX`/`offsetY`: pan in CSS pixels from the stage centre; always 0 while `scale <= 1`.
 */
export interface PreviewTransform {
  scale: number;
  rotation: number;
  offsetX: number;
  offsetY: number;
}

/**
 * What can happen to a `PreviewTransform` (see `previewTransformReducer`).
 * `originX`/`originY` are a point in stage pixels relative to the stage centre
 * that stays still while zooming (the pointer for the wheel, the pinch centre);
 * without them the zoom is around the centre of the stage.
 */
export type PreviewTransformAction =
  | { type: 'zoomBy'; delta: number; originX?: number; originY?: number }
  | { type: 'zoomTo'; scale: number; originX?: number; originY?: number }
  | { type: 'rotate'; direction: 'left' | 'right' }
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'reset' }
  | { type: 'set'; value: PreviewTransform };

/** Optional tools of the toolbar: `zoom` adds 放大/缩小, `reset` adds 重置. Rotation is always shown. */
export type PreviewTool = 'zoom' | 'reset';

/** What the confirm action receives: the position in `urls` and the rotation (0, 90, 180 or 270). */
export interface PreviewConfirmPayload {
  index: number;
  rotation: number;
}

/** Every visible or spoken text of the previewer. Chinese by default; override any of them with `labels`. */
export interface PreviewLabels {
  /** Accessible name of the dialog (modal) or region (inline). Default 图片预览. */
  dialog: string;
  previous: string;
  next: string;
  zoomIn: string;
  zoomOut: string;
  rotateLeft: string;
  rotateRight: string;
  reset: string;
  confirm: string;
  close: string;
  /** Shown instead of an image that fails to load. Default 加载失败. */
  loadFailed: string;
  /** Prefix of the default alternative text of an image (`图片 2 / 5`). Default 图片. */
  image: string;
}

/** Props shared by `ImagePreview` and `InlineImagePreview`. */
export interface PreviewBaseProps {
  /** The media addresses. Type comes from the extension: avi/mp4/mpeg/mov video, mp3 audio, anything else image. */
  urls: readonly string[];
  /** Controlled position in `urls`. Use with `onIndexChange`. */
  index?: number;
  /** Uncontrolled starting position (alias of `startPosition`; `startPosition` wins when both are given). */
  defaultIndex?: number;
  /** The spec's start position: where an uncontrolled preview starts (each time the modal opens). Default 0. */
  startPosition?: number;
  /** Called with the new position on previous/next (buttons or arrow keys). */
  onIndexChange?: (index: number) => void;
  /** Show the position counter `2 / 5` (the spec's show-index). Default true. */
  showIndex?: boolean;
  /** Extra tools: `zoom` (放大/缩小, step 0.2) and `reset` (重置). Default both. Pass `[]` for none. */
  tools?: readonly PreviewTool[];
  /** Show the 确定 button. Default false. */
  showConfirm?: boolean;
  /** Receives `{ index, rotation }` of the current item when 确定 is pressed. Does not close the preview. */
  onConfirm?: (payload: PreviewConfirmPayload) => void;
  /** Controlled transform (zoom, rotation, pan). Use with `onTransformChange`. */
  transform?: PreviewTransform;
  /** Called with every new transform (controlled or not). */
  onTransformChange?: (transform: PreviewTransform) => void;
  /** Override any text. */
  labels?: Partial<PreviewLabels>;
  /** Alternative texts of the images, by position. Default `图片 n / total`. */
  alts?: readonly string[];
  className?: string;
}
