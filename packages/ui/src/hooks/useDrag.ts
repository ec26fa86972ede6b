import { useEffect, type RefObject } from 'react';
import type { DragOptions } from '../types';

/** Space kept free on the right and bottom when the element is first placed (spec 000 §9). */
export const DRAG_INITIAL_INSET = 300;

const clamp = (n: number, min: number, max: number) =>
  Math.max(min, Math.min(n, Math.max(min, max)));

/**
 * Makes an absolutely or fixed positioned element draggable by its `handle`
 * (a selector inside it), keeping it `margin` px inside the window or its
 * parent. Its initial position is clamped to the window minus 300 px.
 * Throws when `handle` matches nothing, as the spec's drag directive does.
 */
export function useDrag(ref: RefObject<HTMLElement | null>, options: DragOptions = {}): void {
  const { handle, margin = 0, confine = 'window' } = options;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const grip = handle ? el.querySelector<HTMLElement>(handle) : el;
    if (!grip) throw new Error(`useDrag: the handle selector "${handle}" matches nothing`);

    el.style.left = `${clamp(el.offsetLeft, 0, window.innerWidth - DRAG_INITIAL_INSET)}px`;
    el.style.top = `${clamp(el.offsetTop, 0, window.innerHeight - DRAG_INITIAL_INSET)}px`;
    grip.style.cursor = 'move';
    grip.style.touchAction = 'none';

    const bounds = () => {
      const parent = confine === 'parent' ? el.parentElement : null;
      const width = parent ? parent.clientWidth : window.innerWidth;
      const height = parent ? parent.clientHeight : window.innerHeight;
      return { maxX: width - el.offsetWidth - margin, maxY: height - el.offsetHeight - margin };
    };

    const onPointerDown = (down: PointerEvent) => {
      if (down.button !== 0) return;
      down.preventDefault();
      const startX = down.clientX - el.offsetLeft;
      const startY = down.clientY - el.offsetTop;
      const { maxX, maxY } = bounds();
      const onMove = (move: PointerEvent) => {
        el.style.left = `${clamp(move.clientX - startX, margin, maxX)}px`;
        el.style.top = `${clamp(move.clientY - startY, margin, maxY)}px`;
      };
      const onUp = () => {
        document.removeEventListener('pointermove', onMove);
        document.removeEventListener('pointerup', onUp);
      };
      document.addEventListener('pointermove', onMove);
      document.addEventListener('pointerup', onUp);
    };
    grip.addEventListener('pointerdown', onPointerDown);
    return () => grip.removeEventListener('pointerdown', onPointerDown);
  }, [ref, handle, margin, confine]);
}
