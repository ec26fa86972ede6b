import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutSheet } from '../layoutSheet';
import { identityArb, paperArb, samplePaper, settingsArb, smallPaper } from '../test/fixtures';
import schema from './recognition-template.schema.json' with { type: 'json' };
import { toRecognitionTemplate } from './toRecognitionTemplate';

const validate = new Ajv2020({ allErrors: true }).compile(schema);

describe('toRecognitionTemplate', () => {
  it('is valid against the published JSON Schema for generated sheets', () => {
    fc.assert(
      fc.property(paperArb, settingsArb, identityArb, (paper, settings, identity) => {
        const options = identity === undefined ? {} : { identity };
        const template = JSON.parse(
          JSON.stringify(toRecognitionTemplate(layoutSheet(paper, settings, {}, options))),
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

  it('reports the QR code square with the payload it must read as', () => {
    const identity = 'EK1|77|0a1b2c3d';
    const doc = layoutSheet(smallPaper(), { isHiddenQrcode: false }, {}, { identity });
    const region = doc.pages[0]!.regions.find((r) => r.kind === 'qrcode');
    if (region?.kind !== 'qrcode') throw new Error('no QR code');
    const codes = toRecognitionTemplate(doc).elements.filter((e) => e.kind === 'qrcode');
    expect(codes).toEqual([{ kind: 'qrcode', page: 0, ...region.code, payload: identity }]);
    expect(validate(JSON.parse(JSON.stringify(toRecognitionTemplate(doc))))).toBe(true);
    // Nothing to check without an identity (an empty box) or with the code hidden.
    for (const plain of [
      layoutSheet(smallPaper(), { isHiddenQrcode: false }),
      layoutSheet(smallPaper(), {}, {}, { identity }),
    ])
      expect(toRecognitionTemplate(plain).elements.some((e) => e.kind === 'qrcode')).toBe(false);
    const withoutPayload = JSON.parse(JSON.stringify({ ...codes[0], payload: undefined }));
    expect(validate({ ...toRecognitionTemplate(doc), elements: [withoutPayload] })).toBe(false);
  });

  it('reports a barcode area instead of exam-number cells when examNoType is 2', () => {
    const template = toRecognitionTemplate(layoutSheet(smallPaper(), { examNoType: 2 }));
    expect(template.elements.filter((e) => e.kind === 'examNumberCell')).toHaveLength(0);
    expect(template.elements.filter((e) => e.kind === 'barcode')).toHaveLength(1);
  });
});
