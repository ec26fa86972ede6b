import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { affineFit, apply, homography4, invert, localScale } from './geometry';

const corners = [
  { x: 10, y: 10 },
  { x: 200, y: 10 },
  { x: 10, y: 287 },
  { x: 200, y: 287 },
];

describe('geometry', () => {
  it('recovers any similarity (rotation ±180°, scale, shift) from four markers', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.double({ min: 2, max: 15, noNaN: true }),
        fc.double({ min: -100, max: 100, noNaN: true }),
        fc.double({ min: -100, max: 100, noNaN: true }),
        (t, k, dx, dy) => {
          const map = (p: { x: number; y: number }) => ({
            x: k * (Math.cos(t) * p.x - Math.sin(t) * p.y) + dx,
            y: k * (Math.sin(t) * p.x + Math.cos(t) * p.y) + dy,
          });
          const h = homography4(corners, corners.map(map))!;
          const a = affineFit(corners, corners.map(map))!;
          for (const p of [
            { x: 105, y: 148 },
            { x: 31, y: 250 },
          ]) {
            const q = map(p);
            expect(apply(h, p.x, p.y).x).toBeCloseTo(q.x, 6);
            expect(apply(h, p.x, p.y).y).toBeCloseTo(q.y, 6);
            expect(apply(a, p.x, p.y).x).toBeCloseTo(q.x, 6);
          }
          expect(localScale(h, 100, 100)).toBeCloseTo(k, 6);
          const back = apply(invert(h), apply(h, 50, 60).x, apply(h, 50, 60).y);
          expect(back.x).toBeCloseTo(50, 6);
          expect(back.y).toBeCloseTo(60, 6);
        },
      ),
    );
  });

  it('refuses degenerate marker sets', () => {
    const line = [0, 1, 2, 3].map((i) => ({ x: i, y: i }));
    expect(homography4(line, line)).toBeNull();
    expect(affineFit(line.slice(0, 2), line.slice(0, 2))).toBeNull();
  });
});
