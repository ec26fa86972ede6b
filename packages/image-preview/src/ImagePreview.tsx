import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { inertSiblings, lockScroll, trapTab } from './dom';
import { DEFAULT_LABELS } from './labels';
import { PreviewStage } from './PreviewStage';
import { PREVIEW_LIMITS } from './transform';
import type { PreviewBaseProps } from './types';
import { Backdrop } from './styles';

export interface ImagePreviewProps extends PreviewBaseProps {
  /** Shows the preview. Setting it to false starts the 300 ms exit transition, then removes the preview. */
  visible: boolean;
  /** Asked to close: the 关闭 button or Esc. The parent sets `visible` to false. */
  onClose?: () => void;
  /** Show the 关闭 button (needs `onClose`). Default true. */
  showClose?: boolean;
}

/**
 * The modal previewer of images, video (avi, mp4, mpeg, mov) and audio (mp3).
 *
 * - Rendered in a portal on `document.body` as a modal dialog named 图片预览
 *   (`labels.dialog`); focus moves into it and Tab is trapped inside; the
 *   body's other children get `inert` while it is open (exactly those that
 *   did not have it are restored); page scrolling is locked.
 * - On close, scrolling, `inert` and focus (to the element that had it on
 *   open) are restored at once; the preview fades out and is removed after
 *   300 ms.
 * - Each opening starts at `startPosition` (uncontrolled) with zoom,
 *   rotation and offset reset.
 * - Zoom 0.2–5 (wheel 0.05 around the pointer, buttons and +/− 0.2, pinch);
 *   drag to pan when zoomed; rotate by 90° (buttons, R and Shift+R); reset
 *   (button, 0); ← → previous/next, stopping at the ends; Esc closes.
 */
export function ImagePreview(props: ImagePreviewProps) {
  const { visible, onClose, showClose = true, ...rest } = props;
  const [mounted, setMounted] = useState(visible);
  const backdrop = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (visible) return setMounted(true);
    const timer = setTimeout(() => setMounted(false), PREVIEW_LIMITS.removeDelay);
    return () => clearTimeout(timer);
  }, [visible]);

  useEffect(() => {
    const root = backdrop.current;
    if (!visible || !root) return;
    const opener = document.activeElement;
    const unlock = lockScroll();
    const restoreInert = inertSiblings(root);
    dialog.current?.focus();
    return () => {
      restoreInert();
      unlock();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [visible]);

  if ((!visible && !mounted) || typeof document === 'undefined') return null;
  const state = visible ? 'open' : 'closed';
  return createPortal(
    <Backdrop ref={backdrop} data-state={state}>
      <PreviewStage
        {...rest}
        ref={dialog}
        inline={false}
        onClose={visible ? onClose : undefined}
        showClose={showClose}
        rootProps={{
          role: 'dialog',
          'aria-modal': true,
          'aria-label': rest.labels?.dialog ?? DEFAULT_LABELS.dialog,
          tabIndex: -1,
          'data-state': state,
          onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
            if (e.key === 'Tab') trapTab(e, e.currentTarget);
          },
        }}
      />
    </Backdrop>,
    document.body,
  );
}
