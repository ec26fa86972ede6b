import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutSheet } from '../layoutSheet';
import { paperArb, samplePaper, settingsArb, smallPaper } from '../test/fixtures';
import schema from './recognition-template.schema.json' with { type: 'json' };
import { toRecognitionTemplate } from './toRecognitionTemplate';

const validate = new Ajv2020({ allErrors: true }).compile(schema);

describe('toRecognitionTemplate', () => {
  it('is valid against the published JSON Schema for generated sheets', () => {
    fc.assert(
      fc.property(paperArb, settingsArb, (paper, settings) => {
        const template = JSON.parse(
          JSON.stringify(toRecognitionTemplate(layoutSheet(paper, settings))),
        );
        if (!validate(template)) throw new Error(JSON.stringify(validate.errors?.slice(0, 3)));
      }),
      { numRuns: 50 },
    );
  });

  it('rejects a template of another version or with an unknown element', () => {
    const template = toRecognitionTemplate(layoutSheet(smallPaper()));
    expect(validate({ ...template, version: 2 })).toBe(false);
    expect(
      validate({ ...template, elements: [{ kind: 'sticker', page: 0, x: 1, y: 1, w: 1, h: 1 }] }),
    ).toBe(false);
  });

  it('describes the default A4 sheet: version 1, millimetres, 8 exam-number digits and every option', () => {
    const template = toRecognitionTemplate(layoutSheet(samplePaper(60)));
    expect(template).toMatchObject({
      version: 1,
      unit: 'mm',
      paperSize: 'A4',
      widthMm: 210,
      heightMm: 297,
    });
    expect(template.examNumCount).toBe(8);
    const q1 = template.elements.filter((e) => e.kind === 'bubble' && e.questionId === 'q1');
    expect(q1.map((e) => (e.kind === 'bubble' ? e.option : ''))).toEqual(['A', 'B', 'C', 'D']);
    const judge = template.elements.filter((e) => e.kind === 'bubble' && e.questionId === 'q31');
    expect(judge.map((e) => (e.kind === 'bubble' ? e.option : ''))).toEqual(['T', 'F']);
    const cells = template.elements.filter((e) => e.kind === 'examNumberCell');
    expect(cells).toHaveLength(80);
    expect(
      template.elements.filter((e) => e.kind === 'anchor' && e.block === 'examNumber'),
    ).toHaveLength(4);
    expect(template.elements.filter((e) => e.kind === 'absent')).toHaveLength(1);
    const essays = template.elements.filter((e) => e.kind === 'subjective');
    expect(new Set(essays.map((e) => (e.kind === 'subjective' ? e.questionId : '')))).toEqual(
      new Set(Array.from({ length: 10 }, (_, i) => `q${51 + i}`)),
    );
  });

  it('reports a barcode area instead of exam-number cells when examNoType is 2', () => {
    const template = toRecognitionTemplate(layoutSheet(smallPaper(), { examNoType: 2 }));
    expect(template.elements.filter((e) => e.kind === 'examNumberCell')).toHaveLength(0);
    expect(template.elements.filter((e) => e.kind === 'barcode')).toHaveLength(1);
  });
});
