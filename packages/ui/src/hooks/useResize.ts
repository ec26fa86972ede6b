import { useEffect, useRef, type RefObject } from 'react';
import type { ResizeOptions } from '../types';

/**
 * Lets the user resize an element by dragging within `edge` px of its right
 * or bottom border (or the corner), never below `minSize` px.
 */
export function useResize(ref: RefObject<HTMLElement | null>, options: ResizeOptions = {}): void {
  const { minSize = 40, edge = 8 } = options;
  const onResize = useRef(options.onResize);
  useEffect(() => {
    onResize.current = options.onResize;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const zoneOf = (event: PointerEvent) => {
      const rect = el.getBoundingClientRect();
      return {
        right: rect.right - event.clientX <= edge && event.clientX <= rect.right,
        bottom: rect.bottom - event.clientY <= edge && event.clientY <= rect.bottom,
      };
    };
    const onHover = (event: PointerEvent) => {
      const { right, bottom } = zoneOf(event);
      el.style.cursor =
        right && bottom ? 'nwse-resize' : right ? 'ew-resize' : bottom ? 'ns-resize' : '';
    };
    const onPointerDown = (down: PointerEvent) => {
      const zone = zoneOf(down);
      if (down.button !== 0 || (!zone.right && !zone.bottom)) return;
      down.preventDefault();
      down.stopPropagation();
      const startWidth = el.offsetWidth;
      const startHeight = el.offsetHeight;
      const onMove = (move: PointerEvent) => {
        const width = zone.right
          ? Math.max(minSize, startWidth + move.clientX - down.clientX)
          : startWidth;
        const height = zone.bottom
          ? Math.max(minSize, startHeight + move.clientY - down.clientY)
          : startHeight;
        el.style.width = `${width}px`;
        el.style.height = `${height}px`;
        onResize.current?.({ width, height });
      };
      const onUp = () => {
        document.removeEventListener('pointermove', onMove);
        document.removeEventListener('pointerup', onUp);
      };
      document.addEventListener('pointermove', onMove);
      document.addEventListener('pointerup', onUp);
    };
    el.addEventListener('pointermove', onHover);
    el.addEventListener('pointerdown', onPointerDown);
    return () => {
      el.removeEventListener('pointermove', onHover);
      el.removeEventListener('pointerdown', onPointerDown);
    };
  }, [ref, minSize, edge]);
}
