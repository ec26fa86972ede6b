import { BankQuestionInput } from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import { checkSeed } from './checkSeed';
import { demoBank, demoInput } from './seedBank';

describe('the demo question bank', () => {
  const bank = demoBank('full');
  const all = bank.flatMap((b) => b.questions.map((q) => ({ code: b.subjectCode, q })));

  it('holds at least 300 questions over 语文, 数学 and 英语, each one the add form accepts', () => {
    expect(all.length).toBeGreaterThanOrEqual(300);
    for (const b of bank) expect(b.questions.length, b.subjectCode).toBeGreaterThanOrEqual(60);
    for (const [i, { code, q }] of all.entries())
      expect(() =>
        checkSeed(
          BankQuestionInput,
          demoInput(
            code,
            q,
            q.points.map((_, k) => k + 1),
          ),
          `#${i}`,
        ),
      ).not.toThrow();
  });

  it('tags every question with nodes of its own tree, writes 数学 formulas and composites', () => {
    for (const b of bank) {
      const names = new Set(Object.entries(b.tree).flatMap(([top, leaves]) => [top, ...leaves]));
      for (const q of b.questions) for (const p of q.points) expect(names.has(p), p).toBe(true);
    }
    const math = bank.find((b) => b.subjectCode === '02')!.questions;
    expect(math.every((q) => /\$[^$]+\$/.test(q.stem))).toBe(true);
    for (const b of bank) expect(b.questions.some((q) => q.type === 'composite')).toBe(true);
  });

  it('computes the answers: arithmetic sequences and choice letters check out', () => {
    const math = bank.find((b) => b.subjectCode === '02')!.questions;
    const seqs = math.filter((q) => q.points.includes('等差数列'));
    expect(seqs.length).toBeGreaterThan(5);
    for (const q of seqs) {
      const [, a1, d, n] = /a_1=(-?\d+)\$，公差 \$d=(\d+)\$，则 \$a_\{(\d+)\}/
        .exec(q.stem)!
        .map(Number);
      expect(q.answer).toBe(`$${a1! + (n! - 1) * d!}$`);
    }
    for (const { q } of all)
      if (q.type === 'single') {
        const letter = q.answer.charCodeAt(0) - 65;
        expect(letter, q.stem).toBeGreaterThanOrEqual(0);
        expect(letter, q.stem).toBeLessThan(q.options.length);
        expect(new Set(q.options).size, q.stem).toBe(q.options.length);
      }
  });

  it('writes no stem twice (templates that draw the same numbers again are dropped)', () => {
    const stems = all.map(({ q }) => q.stem);
    expect(stems.length - new Set(stems).size).toBe(0);
    const small = demoBank('small').flatMap((b) => b.questions.map((q) => q.stem));
    expect(new Set(small).size).toBe(small.length);
  });

  it('draws the same bank every time', () => {
    expect(demoBank('full')).toEqual(bank);
  });
});
