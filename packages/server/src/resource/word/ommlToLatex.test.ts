import { describe, expect, it } from 'vitest';
import { latexToOmmlMath } from './latexToOmml';
import { ommlToLatex } from './ommlToLatex';
import { parseXml } from './xmlTree';

const NS = 'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"';
/** Parses an `m:oMath` written as Word writes it. */
const omml = (inner: string) => parseXml(`<m:oMath ${NS}>${inner}</m:oMath>`)[0]!;
const r = (text: string) => `<m:r><m:t>${text}</m:t></m:r>`;

describe('ommlToLatex', () => {
  it('reads fractions, scripts and radicals as Word writes them', () => {
    expect(ommlToLatex(omml(`<m:f><m:num>${r('1')}</m:num><m:den>${r('2')}</m:den></m:f>`))).toBe(
      '\\frac{1}{2}',
    );
    expect(
      ommlToLatex(omml(`<m:sSup><m:e>${r('x')}</m:e><m:sup>${r('2')}</m:sup></m:sSup>${r('+1')}`)),
    ).toBe('x^2+1');
    expect(
      ommlToLatex(
        omml(
          `<m:sSubSup><m:e>${r('a')}</m:e><m:sub>${r('n')}</m:sub><m:sup>${r('10')}</m:sup></m:sSubSup>`,
        ),
      ),
    ).toBe('a_n^{10}');
    expect(
      ommlToLatex(
        omml(
          `<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e>${r('b')}<m:sSup><m:e>${r('')}</m:e><m:sup>${r('2')}</m:sup></m:sSup></m:e></m:rad>`,
        ),
      ),
    ).toBe('\\sqrt{b{}^2}');
    expect(ommlToLatex(omml(`<m:rad><m:deg>${r('3')}</m:deg><m:e>${r('8')}</m:e></m:rad>`))).toBe(
      '\\sqrt[3]{8}',
    );
  });

  it('reads sums, integrals, delimiters, matrices, accents and Greek letters', () => {
    const sum = `<m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub>${r('i=1')}</m:sub><m:sup>${r('n')}</m:sup><m:e>${r('i')}</m:e></m:nary>`;
    expect(ommlToLatex(omml(sum))).toBe('\\sum_{i=1}^n i');
    const integral = `<m:nary><m:naryPr><m:limLoc m:val="subSup"/></m:naryPr><m:sub>${r('0')}</m:sub><m:sup>${r('π')}</m:sup><m:e>${r('sinx')}</m:e></m:nary>`;
    expect(ommlToLatex(omml(integral))).toBe('\\int_0^\\pi sinx');
    const brackets = `<m:d><m:dPr><m:begChr m:val="["/><m:endChr m:val="]"/></m:dPr><m:e>${r('a,b')}</m:e></m:d>`;
    expect(ommlToLatex(omml(brackets))).toBe('\\left[a,b\\right]');
    const matrix = `<m:d><m:e><m:m><m:mr><m:e>${r('1')}</m:e><m:e>${r('0')}</m:e></m:mr><m:mr><m:e>${r('0')}</m:e><m:e>${r('1')}</m:e></m:mr></m:m></m:e></m:d>`;
    expect(ommlToLatex(omml(matrix))).toBe('\\begin{pmatrix}1&0\\\\0&1\\end{pmatrix}');
    const vector = `<m:acc><m:accPr><m:chr m:val="⃗"/></m:accPr><m:e>${r('AB')}</m:e></m:acc>`;
    expect(ommlToLatex(omml(vector))).toBe('\\vec{AB}');
    expect(ommlToLatex(omml(r('α+β≤2π')))).toBe('\\alpha+\\beta\\leq 2\\pi');
    const cases = `<m:d><m:dPr><m:begChr m:val="{"/><m:endChr m:val=""/></m:dPr><m:e><m:eqArr><m:e>${r('x+y=1')}</m:e><m:e>${r('x−y=3')}</m:e></m:eqArr></m:e></m:d>`;
    expect(ommlToLatex(omml(cases))).toBe('\\begin{cases}x+y=1\\\\x-y=3\\end{cases}');
    const func = `<m:func><m:fName><m:r><m:rPr><m:sty m:val="p"/></m:rPr><m:t>sin</m:t></m:r></m:fName><m:e>${r('x')}</m:e></m:func>`;
    expect(ommlToLatex(omml(func))).toBe('\\sin x');
  });
});

describe('latexToOmml then back', () => {
  const formulas = [
    '\\frac{1}{2}',
    'x^2+y^2=r^2',
    'a_n^{10}',
    '\\sqrt{b^2-4ac}',
    '\\sqrt[3]{8}',
    '\\sum_{i=1}^n i^2',
    '\\int_0^1 x^2dx',
    '\\left(\\frac{a}{b}\\right)',
    '\\begin{pmatrix}1&0\\\\0&1\\end{pmatrix}',
    '\\begin{cases}x+y=1\\\\x-y=3\\end{cases}',
    '\\vec{AB}',
    '\\overline{AB}',
    '\\hat{x}',
    '\\alpha+\\beta\\leq 2\\pi',
    '\\sin x+\\cos x',
    '\\lim_{x\\rightarrow 0}\\frac{\\sin x}{x}=1',
    '\\text{cm}^2',
    '\\angle ABC=90^\\circ',
  ];
  it.each(formulas)('%s survives a trip through a Word equation', (latex) => {
    expect(ommlToLatex(omml(latexToOmmlMath(latex).slice(8, -9)))).toBe(latex);
  });

  it('keeps an unknown command as its text instead of losing it', () => {
    expect(ommlToLatex(omml(latexToOmmlMath('\\foo x').slice(8, -9)))).toBe('\\foo x');
  });

  it('writes real Word structures, not text', () => {
    const xml = latexToOmmlMath('\\frac{\\sqrt{x}}{\\sum_{k=1}^{n}k}');
    expect(xml).toContain('<m:f><m:num><m:rad>');
    expect(xml).toContain('<m:chr m:val="∑"/>');
    expect(xml).not.toContain('\\frac');
  });
});
