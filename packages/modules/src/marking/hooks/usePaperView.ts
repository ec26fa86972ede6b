import { useCallback, useRef, useState, type SyntheticEvent } from 'react';
import { INITIAL_TRANSFORM, type PreviewTransform } from '@examkit/image-preview';

/**
 * The view of the crop on the marking screen: the previewer's transform and the tools that
 * change it (rotate, fit width, zoom in steps between 0.2× and 5×, reset). Put `viewRef` on
 * the box that holds the previewer and `onImageLoad` on an image of the crop, so fitting the
 * width knows both sizes.
 */
export function usePaperView() {
  const [transform, setTransform] = useState<PreviewTransform>(INITIAL_TRANSFORM);
  const viewRef = useRef<HTMLDivElement>(null);
  const natural = useRef<{ w: number; h: number } | null>(null);

  const fitWidth = () => {
    const el = viewRef.current;
    const size = natural.current;
    if (!el || !size) return;
    const w = el.clientWidth;
    const h = el.clientHeight;
    const shown = Math.min(size.w, w, (size.w * h) / size.h);
    if (shown > 0) setTransform({ ...INITIAL_TRANSFORM, scale: Math.min(5, w / shown) });
  };
  const rotate = () => setTransform((t) => ({ ...t, rotation: t.rotation + 90 }));
  const zoom = (d: number) =>
    setTransform((t) => ({
      ...t,
      scale: Math.max(0.2, Math.min(5, Math.round((t.scale + d) * 10) / 10)),
      ...(t.scale + d <= 1 ? { offsetX: 0, offsetY: 0 } : {}),
    }));
  const reset = useCallback(() => setTransform(INITIAL_TRANSFORM), []);
  const onImageLoad = (e: SyntheticEvent<HTMLImageElement>) => {
    natural.current = { w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight };
  };

  return { transform, setTransform, viewRef, onImageLoad, fitWidth, rotate, zoom, reset };
}
