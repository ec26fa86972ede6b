import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BankPaperDetail, BankQuestionItem } from '@examkit/contracts';
import type { Static } from 'typebox';
import { describe, expect, it } from 'vitest';
import { findChromium } from '../report/exportFiles';
import { paperHtml, renderPaperPdf } from './paperPdf';
import { mathHtml } from './printHtml';
import { notebookDocument, writePdf } from './wrongExport';

// A 1×1 red PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const IMAGE = `/marking-oss/file/${'a'.repeat(64)}.png`;

const question = (over: Partial<BankQuestionItem>): BankQuestionItem =>
  ({
    id: 1,
    stem: '',
    options: [],
    answer: '',
    analysis: '',
    children: [],
    ...over,
  }) as BankQuestionItem;

const paper = {
  title: '函数周练',
  subtitle: '第一章',
  durationMinutes: 40,
  fullMarks: 20,
  sections: [
    {
      title: '单选题',
      questions: [
        {
          number: 1,
          score: 5,
          question: question({
            stem: `已知 $f(x)=\\frac{x^2+1}{x-1}$，则 $f(2)$ 等于\n\n![图1](${IMAGE})`,
            options: ['$\\frac{1}{2}$', '$\\sqrt{5}$', '$2^{10}$', '$5$'],
            answer: 'D',
            analysis: '代入得 $\\frac{4+1}{2-1}=5$。',
          }),
        },
      ],
    },
    {
      title: '解答题',
      questions: [
        {
          number: 2,
          score: 15,
          question: question({
            stem: '已知 $$\\int_0^1 x\\,dx=\\frac{1}{2}$$',
            children: [{ stem: '求 $\\sqrt{16}$', options: [], answer: '4' } as never],
          }),
        },
      ],
    },
  ],
} as unknown as Static<typeof BankPaperDetail>;

const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'paper-pdf-')), 'paper.pdf');
  writeFileSync(file, pdf);
  if (process.env.PAPER_PDF_PNG)
    execFileSync('pdftoppm', ['-r', '70', '-png', file, process.env.PAPER_PDF_PNG]);
  return execFileSync('pdftotext', [file, '-']).toString();
};

describe('paper and 错题本 PDFs typeset formulas', () => {
  it('writes formulas as MathML and images as data URLs in the print page', () => {
    const html = paperHtml(paper, true, new Map([[IMAGE, 'data:image/png;base64,AAAA']]));
    expect(html).toContain('<mfrac>');
    expect(html).toContain('<msqrt>');
    expect(html).toContain('src="data:image/png;base64,AAAA"');
    expect(html).not.toContain('\\frac');
    expect(html).toContain('参考答案与解析');
    expect(paperHtml(paper, false, new Map())).not.toContain('参考答案与解析');
    // A formula temml cannot read prints as its source rather than failing the paper.
    expect(mathHtml('\\frac{1}{', false)).toBe('<code class="tex">\\frac{1}{</code>');
  });

  it('prints a paper whose text has no LaTeX left, with the image embedded', async () => {
    expect(findChromium(), 'Chromium is required for the paper PDF test').not.toBeNull();
    const loaded: string[] = [];
    const pdf = await renderPaperPdf(paper, {
      answers: true,
      loadImage: async (url) => {
        loaded.push(url);
        return PNG;
      },
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(loaded).toEqual([IMAGE]);
    const text = pdfText(pdf);
    expect(text).toContain('函数周练');
    expect(text).toContain('已知');
    expect(text).toContain('参考答案与解析');
    expect(text).toContain('代入得');
    expect(text).not.toMatch(/\\frac|\\sqrt|\\int|\$/);
  }, 60_000);

  it('prints a 错题本 with its practice formulas typeset', async () => {
    const doc = notebookDocument({ name: '张三', className: '高一(1)班', studentNo: '001' }, [
      {
        examName: '期中考试',
        examDate: '2026-11-01',
        subjectName: '数学',
        number: '3',
        knowledgePoints: ['分式'],
        score: 0,
        fullMarks: 5,
        classScoreRate: 0.4,
        answer: 'A',
        choice: 'B',
        recommendations: [
          { question: question({ id: 9, stem: '化简 $\\frac{a^2-1}{a-1}$', answer: '$a+1$' }) },
        ],
      } as never,
    ]);
    const text = pdfText(await writePdf(doc));
    expect(text).toContain('张三的错题本');
    expect(text).toContain('化简');
    expect(text).not.toMatch(/\\frac|\$/);
  }, 60_000);
});
