import { describe, expect, it } from 'vitest';
import {
  INITIAL_TRANSFORM,
  PREVIEW_LIMITS,
  clampScale,
  normalizeRotation,
  previewTransformReducer as reduce,
  transformCss,
} from './transform';
import type { PreviewTransform, PreviewTransformAction } from './types';

const run = (actions: PreviewTransformAction[], from: PreviewTransform = INITIAL_TRANSFORM) =>
  actions.reduce(reduce, from);
const times = (n: number, a: PreviewTransformAction) => Array.from({ length: n }, () => a);

describe('limits of spec 000 §9', () => {
  it('are zoom 0.2–5, wheel 0.05, button 0.2, 90° and 300 ms', () => {
    expect(PREVIEW_LIMITS).toEqual({
      minScale: 0.2,
      maxScale: 5,
      wheelStep: 0.05,
      buttonStep: 0.2,
      rotationStep: 90,
      removeDelay: 300,
    });
  });
});

describe('clampScale', () => {
  it('clamps to 0.2–5 and rounds to 1/100', () => {
    expect(clampScale(0.1)).toBe(0.2);
    expect(clampScale(-3)).toBe(0.2);
    expect(clampScale(5.01)).toBe(5);
    expect(clampScale(1.1500000000000001)).toBe(1.15);
    expect(clampScale(0.2)).toBe(0.2);
    expect(clampScale(5)).toBe(5);
  });
});

describe('zoom', () => {
  it('steps by 0.05 without drift and stops at 5', () => {
    const up = { type: 'zoomBy', delta: 0.05 } as const;
    expect(run(times(3, up)).scale).toBe(1.15);
    expect(run(times(80, up)).scale).toBe(5);
    expect(run(times(81, up)).scale).toBe(5);
  });

  it('steps by 0.2 down to 0.2 and no further', () => {
    const down = { type: 'zoomBy', delta: -0.2 } as const;
    expect(run(times(1, down)).scale).toBe(0.8);
    expect(run(times(4, down)).scale).toBe(0.2);
    expect(run(times(9, down)).scale).toBe(0.2);
  });

  it('returns the same object at a limit', () => {
    const max = { ...INITIAL_TRANSFORM, scale: 5 };
    expect(reduce(max, { type: 'zoomBy', delta: 0.2 })).toBe(max);
    const min = { ...INITIAL_TRANSFORM, scale: 0.2 };
    expect(reduce(min, { type: 'zoomBy', delta: -0.05 })).toBe(min);
  });

  it('keeps the origin point still', () => {
    const t = reduce(INITIAL_TRANSFORM, { type: 'zoomTo', scale: 2, originX: 100, originY: -40 });
    expect(t).toEqual({ scale: 2, rotation: 0, offsetX: -100, offsetY: 40 });
    // The point under (100, -40) was image point (100, -40); it maps to -100 + 2·100 = 100.
    const u = reduce(t, { type: 'zoomTo', scale: 4, originX: 100, originY: -40 });
    expect(u.offsetX + 4 * 100).toBe(100);
    expect(u.offsetY + 4 * -40).toBe(-40);
  });

  it('zooms around the centre without an origin', () => {
    const t = run([{ type: 'zoomTo', scale: 3 }]);
    expect(t).toEqual({ scale: 3, rotation: 0, offsetX: 0, offsetY: 0 });
  });

  it('re-centres at a scale of 1 or less', () => {
    const zoomed = { scale: 2, rotation: 90, offsetX: 50, offsetY: 30 };
    expect(reduce(zoomed, { type: 'zoomTo', scale: 1 })).toEqual({
      ...INITIAL_TRANSFORM,
      rotation: 90,
    });
    expect(reduce(zoomed, { type: 'zoomTo', scale: 0.5, originX: 9 }).offsetX).toBe(0);
  });
});

describe('rotate', () => {
  it('turns by 90° each way, cumulative, normalised for payloads', () => {
    const right = { type: 'rotate', direction: 'right' } as const;
    const left = { type: 'rotate', direction: 'left' } as const;
    expect(run([right]).rotation).toBe(90);
    expect(run(times(5, right)).rotation).toBe(450);
    expect(normalizeRotation(run(times(5, right)).rotation)).toBe(90);
    expect(run([left]).rotation).toBe(-90);
    expect(normalizeRotation(-90)).toBe(270);
    expect(normalizeRotation(run([left, left, left, left]).rotation)).toBe(0);
  });
});

describe('pan', () => {
  it('moves only when zoomed in', () => {
    expect(reduce(INITIAL_TRANSFORM, { type: 'pan', dx: 10, dy: 5 })).toBe(INITIAL_TRANSFORM);
    const zoomed = { ...INITIAL_TRANSFORM, scale: 1.2 };
    expect(reduce(zoomed, { type: 'pan', dx: 10, dy: -5 })).toEqual({
      ...zoomed,
      offsetX: 10,
      offsetY: -5,
    });
    expect(reduce(zoomed, { type: 'pan', dx: 0, dy: 0 })).toBe(zoomed);
  });
});

describe('reset and set', () => {
  it('reset goes back to the initial transform', () => {
    expect(reduce({ scale: 3, rotation: 270, offsetX: 4, offsetY: 5 }, { type: 'reset' })).toBe(
      INITIAL_TRANSFORM,
    );
    const same = { ...INITIAL_TRANSFORM };
    expect(reduce(same, { type: 'reset' })).toBe(same);
  });

  it('set clamps the scale, snaps the rotation and centres when not zoomed', () => {
    expect(
      reduce(INITIAL_TRANSFORM, {
        type: 'set',
        value: { scale: 9, rotation: 100, offsetX: 1, offsetY: 2 },
      }),
    ).toEqual({ scale: 5, rotation: 90, offsetX: 1, offsetY: 2 });
    expect(
      reduce(INITIAL_TRANSFORM, {
        type: 'set',
        value: { scale: 0.5, rotation: 0, offsetX: 1, offsetY: 2 },
      }),
    ).toEqual({ scale: 0.5, rotation: 0, offsetX: 0, offsetY: 0 });
  });
});

it('transformCss writes translate, rotate, scale', () => {
  expect(transformCss({ scale: 1.5, rotation: -90, offsetX: 3, offsetY: -4 })).toBe(
    'translate(3px, -4px) rotate(-90deg) scale(1.5)',
  );
});
