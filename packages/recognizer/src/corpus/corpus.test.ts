import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RawImage } from '../types';
import { errorDiffusion, orderedDither, placeOnCanvas, threshold } from './degrade';
import { corpusTemplate, generateSheet } from './index';

const hash = (b: Uint8Array) => createHash('sha1').update(b).digest('hex');

describe('corpus generator', () => {
  const ct = corpusTemplate();

  it('is a pure function of the seed, and its truth follows the drawn marks', async () => {
    const a = await generateSheet(ct, 4242, { formats: ['raw'], dpis: [150] });
    const b = await generateSheet(ct, 4242, { formats: ['raw'], dpis: [150] });
    expect(hash(a.raw!.data)).toBe(hash(b.raw!.data));
    expect(a.truth).toEqual(b.truth);
    const c = await generateSheet(ct, 4243, { formats: ['raw'], dpis: [150] });
    expect(hash(c.raw!.data)).not.toBe(hash(a.raw!.data));
    if (a.truth.page === 0) expect(a.truth.examNumber).toMatch(/^\d{8}$/);
    for (const q of a.truth.questions) {
      const filled = a.truth.bubbles.filter(
        (x) => x.questionId === q.questionId && x.intended === 'filled',
      );
      if (q.kind === 'clear') expect(filled.map((x) => x.option).join('')).toBe(q.answer);
      if (q.kind === 'blank') expect(filled).toHaveLength(0);
    }
  });

  it('binarises and dithers to black and white only, and keeps the canvas size', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 64 * 48, maxLength: 64 * 48 }),
        fc.constantFrom(0, 1, 2),
        (data, kind) => {
          const img: RawImage = { width: 64, height: 48, data: new Uint8Array(data) };
          if (kind === 0) threshold(img, 128);
          else if (kind === 1) orderedDither(img);
          else errorDiffusion(img);
          expect(img.data.every((v) => v === 0 || v === 255)).toBe(true);
        },
      ),
      { numRuns: 30 },
    );
    const page: RawImage = { width: 100, height: 140, data: new Uint8Array(100 * 140).fill(200) };
    const out = placeOnCanvas(page, 4, 1.02, 3, -2, true, 10);
    expect([out.width, out.height]).toEqual([120, 160]);
  });
});
