import { describe, expect, it } from 'vitest';
import { levelLine, levelRates, scoreLevel } from './levelRates';

describe('levelRates', () => {
  it('counts cumulative levels over present students (default lines 85/70/60/30 %)', () => {
    // lines on 100: 85, 70, 60, 30. Present: 95, 85, 70, 65, 40, 20, 0 (7); absent not counted.
    // 优秀 ≥ 85: 95, 85 → 2; 良好 ≥ 70: + 70 → 3; 及格 ≥ 60: + 65 → 4; 低分 < 30: 20, 0 → 2.
    const r = levelRates([95, 85, 70, 65, 40, 20, 0, Number.NaN], 100);
    expect(r.lines).toEqual({ excellent: 85, good: 70, pass: 60, low: 30 });
    expect([r.excellent, r.good, r.pass, r.low]).toEqual([2, 3, 4, 2]);
    expect(r.excellentRate).toBeCloseTo(2 / 7, 12);
    expect(r.goodRate).toBeCloseTo(3 / 7, 12);
    expect(r.passRate).toBeCloseTo(4 / 7, 12);
    expect(r.lowRate).toBeCloseTo(2 / 7, 12);
  });

  it('puts a score exactly on a line at that level, despite 0.55 × 100 = 55.00000000000001', () => {
    expect(0.55 * 100).not.toBe(55);
    expect(levelLine(100, 0.55)).toBe(55);
    expect(levelRates([55], 100, { excellent: 0.85, good: 0.7, pass: 0.55, low: 0.3 }).pass).toBe(
      1,
    );
    // 150-mark paper: 0.85 × 150 = 127.5
    expect(levelRates([127.5, 127], 150).excellent).toBe(1);
  });

  it('uses the school lines', () => {
    const r = levelRates([80, 75], 100, { excellent: 0.8, good: 0.75, pass: 0.5, low: 0.2 });
    expect([r.excellent, r.good]).toEqual([1, 2]);
  });

  it('gives null rates when nobody sat or full marks are zero', () => {
    expect(levelRates([Number.NaN], 100).passRate).toBeNull();
    const zero = levelRates([0, 0], 0);
    expect([zero.excellentRate, zero.lowRate, zero.pass]).toEqual([null, null, 0]);
  });

  it('names the level of one score', () => {
    const lines = { excellent: 85, good: 70, pass: 60, low: 30 };
    expect([90, 70, 60, 59.5, 30, 29.5].map((s) => scoreLevel(s, lines))).toEqual([
      'excellent',
      'good',
      'pass',
      'fail',
      'fail',
      'low',
    ]);
  });
});
