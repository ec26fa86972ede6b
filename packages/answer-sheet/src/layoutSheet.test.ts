import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutSheet } from './layoutSheet';
import { qrcodeRects } from './qrcode/qrcodeRects';
import { toRecognitionTemplate } from './template/toRecognitionTemplate';
import { orderedLeaves } from './layout/flattenQuestions';
import { contains, overlaps } from './layout/geometry';
import { identityArb, paperArb, samplePaper, settingsArb, smallPaper } from './test/fixtures';
import { firstOverlap, innerRects, questionSequence } from './test/sheetChecks';
import type { Rect, SheetDocument } from './types';

const RUNS = 200;

function grow(r: Rect, by: number): Rect {
  return { x: r.x - by, y: r.y - by, w: r.w + 2 * by, h: r.h + 2 * by };
}

function columnOf(doc: SheetDocument, pageIndex: number, r: Rect): number {
  const columns = doc.pages[pageIndex]?.columns ?? [];
  return columns.findIndex((c) => r.x >= c.x - 1e-6 && r.x < c.x + c.w);
}

describe('layoutSheet over generated papers (fast-check)', () => {
  it('never overlaps two regions or two bubbles, anchors or cells, and keeps every drawing inside its region', () => {
    fc.assert(
      fc.property(paperArb, settingsArb, identityArb, (paper, settings, identity) => {
        const doc = layoutSheet(paper, settings, {}, identity === undefined ? {} : { identity });
        for (const page of doc.pages) {
          const regions = page.regions;
          for (let i = 0; i < regions.length; i++) {
            const a = regions[i]!;
            for (let j = i + 1; j < regions.length; j++) {
              const b = regions[j]!;
              if (overlaps(a.rect, b.rect))
                throw new Error(`${a.kind} overlaps ${b.kind} on page ${page.index}`);
            }
            const inner = innerRects(a);
            for (const r of inner)
              if (!contains(a.rect, r)) throw new Error(`${a.kind} draws outside itself`);
            const clash = firstOverlap(inner);
            if (clash) throw new Error(`${a.kind} has overlapping parts ${JSON.stringify(clash)}`);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps everything inside the printable area and at least 1 mm clear of the corner markers', () => {
    fc.assert(
      fc.property(paperArb, settingsArb, (paper, settings) => {
        const doc = layoutSheet(paper, settings);
        for (const page of doc.pages) {
          expect(page.markers).toHaveLength(4);
          for (const region of page.regions) {
            expect(contains(doc.printableArea, region.rect)).toBe(true);
            for (const m of page.markers)
              expect(overlaps(grow(m.rect, 1), region.rect)).toBe(false);
            if (region.kind !== 'pageCode' && region.kind !== 'pageNumber') {
              expect(contains(doc.contentArea, region.rect)).toBe(true);
            }
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('presents the questions in question order, down the columns and over the pages', () => {
    fc.assert(
      fc.property(paperArb, settingsArb, (paper, settings) => {
        const doc = layoutSheet(paper, settings);
        expect(questionSequence(doc)).toEqual(orderedLeaves(paper).map((q) => q.id));
        let last = [-1, -1, -Infinity];
        for (const page of doc.pages) {
          for (const r of page.regions) {
            if (r.kind !== 'objective' && r.kind !== 'fill' && r.kind !== 'subjective') continue;
            const key = [page.index, columnOf(doc, page.index, r.rect), r.rect.y];
            const before =
              last[0]! < key[0]! ||
              (last[0] === key[0] &&
                (last[1]! < key[1]! || (last[1] === key[1] && last[2]! < key[2]!)));
            expect(before).toBe(true);
            last = key;
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('produces a template that matches the document element for element', () => {
    fc.assert(
      fc.property(paperArb, settingsArb, identityArb, (paper, settings, identity) => {
        const doc = layoutSheet(paper, settings, {}, identity === undefined ? {} : { identity });
        const template = toRecognitionTemplate(doc);
        expect(template.pageCount).toBe(doc.pages.length);
        const docBubbles = doc.pages.flatMap((p) =>
          p.regions.flatMap((r) =>
            r.kind === 'objective'
              ? r.items.flatMap((i) =>
                  i.options.map(
                    (o) => `${p.index}|${i.questionId}|${o.option}|${o.rect.x},${o.rect.y}`,
                  ),
                )
              : [],
          ),
        );
        const templateBubbles = template.elements.flatMap((e) =>
          e.kind === 'bubble' ? [`${e.page}|${e.questionId}|${e.option}|${e.x},${e.y}`] : [],
        );
        expect(templateBubbles).toEqual(docBubbles);
        expect(template.elements.filter((e) => e.kind === 'marker')).toHaveLength(
          4 * doc.pages.length,
        );
        const digits = doc.settings.examNoType === 1 ? doc.settings.examNumCount * 10 : 0;
        expect(template.elements.filter((e) => e.kind === 'examNumberCell')).toHaveLength(digits);
        expect(template.elements.filter((e) => e.kind === 'absent')).toHaveLength(
          doc.settings.hasMissTag ? 1 : 0,
        );
        const answerParts = doc.pages.flatMap((p) =>
          p.regions.filter((r) => r.kind === 'subjective' || r.kind === 'fill'),
        );
        expect(
          template.elements.filter((e) => e.kind === 'subjective' || e.kind === 'fill'),
        ).toHaveLength(answerParts.length);
        const codes = template.elements.filter((e) => e.kind === 'qrcode');
        const shown = !doc.settings.isHiddenQrcode && identity !== undefined;
        expect(codes).toEqual(
          shown ? [expect.objectContaining({ page: 0, payload: identity })] : [],
        );
      }),
      { numRuns: RUNS },
    );
  });
});

describe('layoutSheet paper and columns', () => {
  it.each([
    [{}, 'A4', 210, 297, 1],
    [{ isHen: 1 as const }, 'A3', 420, 297, 2],
    [{ isHen: 1 as const, column: 2 as const }, 'A3', 420, 297, 2],
    [{ isHen: 1 as const, column: 3 as const }, 'A3', 420, 297, 3],
    [{ isHen: 0 as const, column: 3 as const }, 'A4', 210, 297, 1],
  ])('settings %j give %s %d × %d mm with %d column(s)', (settings, size, w, h, columns) => {
    const doc = layoutSheet(samplePaper(), settings);
    expect(doc.paperSize).toBe(size);
    expect([doc.widthMm, doc.heightMm]).toEqual([w, h]);
    expect(doc.pages[0]?.columns).toHaveLength(columns);
  });

  it('places 6 × 6 mm corner markers centred 10 mm from the edges', () => {
    const doc = layoutSheet(samplePaper(), { isHen: 1 });
    const centres = doc.pages[0]!.markers.map((m) => [
      m.rect.x + m.rect.w / 2,
      m.rect.y + m.rect.h / 2,
      m.rect.w,
      m.rect.h,
    ]);
    expect(centres).toEqual([
      [10, 10, 6, 6],
      [410, 10, 6, 6],
      [10, 287, 6, 6],
      [410, 287, 6, 6],
    ]);
  });

  it('flows a 120-question paper over several pages with a page code and 第 n 页 共 m 页 on each', () => {
    const doc = layoutSheet(samplePaper(120));
    expect(doc.pages.length).toBeGreaterThan(2);
    doc.pages.forEach((page, i) => {
      const number = page.regions.find((r) => r.kind === 'pageNumber');
      expect(number && number.kind === 'pageNumber' && number.text).toBe(
        `第 ${i + 1} 页 共 ${doc.pages.length} 页`,
      );
      const code = page.regions.find((r) => r.kind === 'pageCode');
      const bits =
        code && code.kind === 'pageCode' ? code.cells.map((c) => (c.filled ? 1 : 0)).join('') : '';
      expect(bits).toBe(`1${(i + 1).toString(2).padStart(6, '0')}0`);
    });
  });

  it('leaves out the page numbers when showPagination is false, but keeps the page code', () => {
    const kinds = layoutSheet(samplePaper(), { showPagination: false }).pages[0]!.regions.map(
      (r) => r.kind,
    );
    expect(kinds).not.toContain('pageNumber');
    expect(kinds).toContain('pageCode');
  });
});

describe('layoutSheet elements of a Chinese answer sheet', () => {
  const kindsOf = (doc: SheetDocument) => doc.pages.flatMap((p) => p.regions.map((r) => r.kind));

  it('shows title, student information with 班级 and 考号, notes, an 8-digit exam number and 缺考 by default', () => {
    const doc = layoutSheet(smallPaper());
    const first = doc.pages[0]!.regions;
    const title = first.find((r) => r.kind === 'title');
    expect(title?.kind === 'title' && title.text).toBe('答题卡 语文');
    const info = first.find((r) => r.kind === 'studentInfo');
    expect(info?.kind === 'studentInfo' && info.fields.map((f) => f.label)).toEqual([
      '姓名',
      '考场',
      '座位号',
      '班级',
      '考号',
    ]);
    const exam = first.find((r) => r.kind === 'examNumber');
    expect(
      exam?.kind === 'examNumber' && exam.digits.map((d) => d.map((b) => b.label).join('')),
    ).toEqual(Array(8).fill('0123456789'));
    expect(kindsOf(doc)).toEqual(expect.arrayContaining(['attention', 'missTag']));
    expect(kindsOf(doc)).not.toEqual(expect.arrayContaining(['qrcode']));
    expect(kindsOf(doc)).not.toContain('sealLine');
    expect(kindsOf(doc)).not.toContain('careTip');
    expect(kindsOf(doc)).not.toContain('fillExample');
    expect(kindsOf(doc)).not.toContain('stem');
  });

  it('turns each optional element on with its setting', () => {
    const doc = layoutSheet(smallPaper(), {
      examNoType: 2,
      hasMissTag: false,
      isHiddenQrcode: false,
      hasSealLine: true,
      hasCareTip: true,
      isShowCorrectStand: true,
      isClassAndExamNo: false,
      isTemplate: false,
    });
    const kinds = kindsOf(doc);
    expect(kinds).toEqual(
      expect.arrayContaining(['barcode', 'qrcode', 'sealLine', 'careTip', 'fillExample', 'stem']),
    );
    expect(kinds).not.toContain('examNumber');
    expect(kinds).not.toContain('missTag');
    const info = doc.pages[0]!.regions.find((r) => r.kind === 'studentInfo');
    expect(info?.kind === 'studentInfo' && info.fields.map((f) => f.label)).toEqual([
      '姓名',
      '考场',
      '座位号',
    ]);
    const seal = doc.pages[0]!.regions.find((r) => r.kind === 'sealLine');
    expect(seal?.kind === 'sealLine' && seal.fields).toEqual(['学校', '班级', '姓名', '考号']);
  });

  it.each([
    [1, ['√', '×']],
    [2, ['T', 'F']],
  ] as const)('prints true/false bubbles with isJudgeSymbol %d as %j', (isJudgeSymbol, labels) => {
    const doc = layoutSheet(smallPaper(), { isJudgeSymbol });
    const judge = doc.pages[0]!.regions.flatMap((r) =>
      r.kind === 'objective' ? r.items : [],
    ).find((i) => i.type === 'judge');
    expect(judge?.options.map((o) => o.label)).toEqual(labels);
    expect(judge?.options.map((o) => o.option)).toEqual(['T', 'F']);
  });

  it('lays objective bubbles in a row, or stacked under the number when isObjectiveVertical', () => {
    const item = (vertical: boolean) =>
      layoutSheet(smallPaper(), { isObjectiveVertical: vertical })
        .pages[0]!.regions.flatMap((r) => (r.kind === 'objective' ? r.items : []))
        .find((i) => i.questionId === 'b')!;
    const row = item(false).options.map((o) => o.rect);
    expect(new Set(row.map((r) => r.y)).size).toBe(1);
    expect(row.map((r) => r.x)).toEqual([...row.map((r) => r.x)].sort((a, b) => a - b));
    const column = item(true).options.map((o) => o.rect);
    expect(new Set(column.map((r) => r.x)).size).toBe(1);
    expect(column).toHaveLength(5);
  });

  it('adds a .5 cell to score bars only when isShowHalfPoint', () => {
    const cells = (isShowHalfPoint: boolean) =>
      layoutSheet(smallPaper(), { isShowHalfPoint })
        .pages.flatMap((p) => p.regions)
        .find((r) => r.kind === 'subjective' && r.questionId === 'e1');
    const withHalf = cells(true);
    const without = cells(false);
    expect(withHalf?.kind === 'subjective' && withHalf.scoreCells.map((c) => c.label)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '.5',
    ]);
    expect(without?.kind === 'subjective' && without.scoreCells.map((c) => c.label)).not.toContain(
      '.5',
    );
  });

  it('splits a long subjective answer over columns with 续 continuation marks', () => {
    const paper = {
      questions: [
        {
          id: 'essay',
          number: '22',
          type: 'subjective' as const,
          fullMarks: 60,
          answerHeightMm: 500,
        },
      ],
    };
    const doc = layoutSheet(paper, { isHen: 1, column: 2 });
    const parts = doc.pages.flatMap((p) => p.regions).filter((r) => r.kind === 'subjective');
    expect(parts.length).toBeGreaterThanOrEqual(3);
    parts.forEach((part, i) => {
      if (part.kind !== 'subjective') return;
      expect(part.part).toBe(i);
      expect(part.continues).toBe(i < parts.length - 1);
      expect(part.heading).toBe(i === 0 ? '22．（60分）' : '22 题（续）');
    });
  });

  it('applies the designer overrides: order, box heights and blank areas', () => {
    const paper = smallPaper();
    const doc = layoutSheet(
      paper,
      {},
      {
        questionOrder: ['e2', 'a'],
        answerHeights: { e2: 44 },
        blankAreas: [{ id: 'gap', afterQuestionId: 'a', heightMm: 25 }],
      },
    );
    expect(questionSequence(doc)).toEqual(['e2', 'a', 'b', 'c', 'd', 'e1']);
    const regions = doc.pages.flatMap((p) => p.regions);
    const e2 = regions.find((r) => r.kind === 'subjective' && r.questionId === 'e2');
    expect(e2?.rect.h).toBe(44);
    const blank = regions.find((r) => r.kind === 'blank');
    expect(blank?.rect.h).toBe(25);
    expect(regions.indexOf(blank!)).toBeGreaterThan(
      regions.findIndex((r) => r.kind === 'objective'),
    );
  });
});

describe('layoutSheet QR code', () => {
  const identity = 'EK1|1024|5f3a09c2';

  it('puts the identity in a QR code on the first page only when the code is shown', () => {
    const doc = layoutSheet(samplePaper(120), { isHiddenQrcode: false }, {}, { identity });
    expect(doc.identity).toBe(identity);
    const codes = doc.pages.map((p) => p.regions.filter((r) => r.kind === 'qrcode'));
    expect(doc.pages.length).toBeGreaterThan(1);
    expect(codes[0]).toEqual([expect.objectContaining({ payload: identity })]);
    expect(codes.slice(1).flat()).toEqual([]);
    const hidden = layoutSheet(samplePaper(120), {}, {}, { identity });
    expect(hidden.pages.flatMap((p) => p.regions).some((r) => r.kind === 'qrcode')).toBe(false);
  });

  it('keeps an empty box (payload null) without an identity, at the same place', () => {
    const withId = layoutSheet(smallPaper(), { isHiddenQrcode: false }, {}, { identity });
    const without = layoutSheet(smallPaper(), { isHiddenQrcode: false });
    expect(without.identity).toBeUndefined();
    const a = withId.pages[0]!.regions.find((r) => r.kind === 'qrcode');
    const b = without.pages[0]!.regions.find((r) => r.kind === 'qrcode');
    expect(b).toMatchObject({ payload: null, rect: a?.rect, code: a?.code });
  });

  it('makes a square of 22 mm whose modules stay at least 0.5 mm for the longest identity', () => {
    for (const settings of [
      {},
      { isHen: 1 as const, column: 3 as const },
      { examNoType: 2 as const },
    ]) {
      const doc = layoutSheet(
        smallPaper(),
        { ...settings, isHiddenQrcode: false },
        {},
        { identity },
      );
      const region = doc.pages[0]!.regions.find((r) => r.kind === 'qrcode');
      if (region?.kind !== 'qrcode') throw new Error('no QR code');
      expect(region.code).toMatchObject({ w: 22, h: 22 });
      expect(contains(region.rect, region.code)).toBe(true);
      expect(qrcodeRects(region.code, 'x'.repeat(62)).module).toBeGreaterThanOrEqual(0.5);
    }
  });

  it('refuses an identity that is empty, too long or not printable ASCII', () => {
    for (const bad of ['', 'x'.repeat(63), 'EK1|数学', 'EK1\n2'])
      expect(() => layoutSheet(smallPaper(), {}, {}, { identity: bad })).toThrow(RangeError);
    expect(() => layoutSheet(smallPaper(), {}, {}, { identity: 'x'.repeat(62) })).not.toThrow();
  });
});
