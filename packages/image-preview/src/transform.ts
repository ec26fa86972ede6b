import type { PreviewTransform, PreviewTransformAction } from './types';

/** The numbers of spec 000 §9: zoom 0.2 to 5, wheel step 0.05, button step 0.2, 90° turns, removal after 300 ms. */
export const PREVIEW_LIMITS = {
  minScale: 0.2,
  maxScale: 5,
  wheelStep: 0.05,
  buttonStep: 0.2,
  rotationStep: 90,
  removeDelay: 300,
} as const;

/** Scale 1, no rotation, centred. */
export const INITIAL_TRANSFORM: PreviewTransform = {
  scale: 1,
  rotation: 0,
  offsetX: 0,
  offsetY: 0,
};

/** Clamps a scale to 0.2–5 and rounds it to 1/100 so repeated steps never drift (0.2 + 0.05 × n stays exact). */
export function clampScale(scale: number): number {
  const s = Math.round(scale * 100) / 100;
  return Math.min(PREVIEW_LIMITS.maxScale, Math.max(PREVIEW_LIMITS.minScale, s));
}

/** A rotation as 0, 90, 180 or 270. */
export function normalizeRotation(rotation: number): number {
  return ((rotation % 360) + 360) % 360;
}

function zoomTo(t: PreviewTransform, target: number, originX = 0, originY = 0): PreviewTransform {
  const scale = clampScale(target);
  if (scale === t.scale) return t;
  if (scale <= 1) return { ...t, scale, offsetX: 0, offsetY: 0 };
  // Keep the origin still: the point under it moves from o + k·(p − o) back to p.
  const k = scale / t.scale;
  return {
    ...t,
    scale,
    offsetX: originX - k * (originX - t.offsetX),
    offsetY: originY - k * (originY - t.offsetY),
  };
}

/**
 * The pure rules of the previewer:
 * - `zoomBy`/`zoomTo`: scale clamped to 0.2–5; the origin point stays still;
 *   at a scale of 1 or less the offset returns to 0 (centred).
 * - `rotate`: ±90°.
 * - `pan`: only while zoomed in (scale > 1); ignored otherwise.
 * - `reset`: back to `INITIAL_TRANSFORM`.
 * - `set`: replace, with the scale clamped and the rotation snapped to 90°.
 * Returns the same object when nothing changes.
 */
export function previewTransformReducer(
  t: PreviewTransform,
  action: PreviewTransformAction,
): PreviewTransform {
  switch (action.type) {
    case 'zoomBy':
      return zoomTo(t, t.scale + action.delta, action.originX, action.originY);
    case 'zoomTo':
      return zoomTo(t, action.scale, action.originX, action.originY);
    case 'rotate':
      return {
        ...t,
        rotation: t.rotation + (action.direction === 'left' ? -1 : 1) * PREVIEW_LIMITS.rotationStep,
      };
    case 'pan':
      return t.scale <= 1 || (action.dx === 0 && action.dy === 0)
        ? t
        : { ...t, offsetX: t.offsetX + action.dx, offsetY: t.offsetY + action.dy };
    case 'reset':
      return t.scale === 1 && t.rotation === 0 && t.offsetX === 0 && t.offsetY === 0
        ? t
        : INITIAL_TRANSFORM;
    case 'set': {
      const scale = clampScale(action.value.scale);
      return {
        scale,
        rotation: Math.round(action.value.rotation / 90) * 90,
        offsetX: scale <= 1 ? 0 : action.value.offsetX,
        offsetY: scale <= 1 ? 0 : action.value.offsetY,
      };
    }
  }
}

/** The CSS transform of a `PreviewTransform`. */
export function transformCss(t: PreviewTransform): string {
  return `translate(${t.offsetX}px, ${t.offsetY}px) rotate(${t.rotation}deg) scale(${t.scale})`;
}
