import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { exportPaperDocx, exportQuestionsDocx } from './exportDocx';
import { importDocx } from './importDocx';
import { sampleItems } from './testPaper';

const IMAGE_URL = '/marking-oss/file/abc.png';

async function fixtures() {
  const png = await sharp({
    create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png()
    .toBuffer();
  const stored: Uint8Array[] = [];
  const storeImage = async (bytes: Uint8Array) => {
    stored.push(bytes);
    return `/marking-oss/file/img${stored.length}.png`;
  };
  const loadImage = async (url: string) => (url === IMAGE_URL ? png : null);
  return { png, stored, storeImage, loadImage };
}

describe('exportPaperDocx', () => {
  it('writes real equations and an embedded image, and reads back as the same questions', async () => {
    const { png, stored, storeImage, loadImage } = await fixtures();
    const items = sampleItems(IMAGE_URL);
    const docx = (await exportPaperDocx(
      {
        title: '八年级数学练习',
        subtitle: '（时间：40分钟）',
        sections: [
          { name: '选择题', questions: [{ item: items[0]!, score: 3 }] },
          { name: '填空题', questions: [{ item: items[1]!, score: 4 }] },
          { name: '解答题', questions: [{ item: items[2]!, score: 8 }] },
          { name: '阅读材料题', questions: [{ item: items[3]!, score: 10 }] },
        ],
        answers: 'end',
      },
      { loadImage },
    )) as Buffer;
    const xml = strFromU8(unzipSync(docx)['word/document.xml']!);
    expect(xml).toContain('<m:oMath>');
    expect(xml).not.toContain('\\frac');
    expect(Object.keys(unzipSync(docx)).some((f) => f.startsWith('word/media/'))).toBe(true);

    const back = await importDocx(docx, storeImage);
    expect(Buffer.from(stored[0]!)).toEqual(png);
    expect(back.questions.map((q) => [q.number, q.type, q.points])).toEqual([
      [1, 'single', 3],
      [2, 'blank', 4],
      [3, 'answer', 8],
      [4, 'composite', 10],
    ]);
    const [q1, q2, q3, q4] = back.questions;
    expect(q1).toMatchObject({
      stem: '方程 $x^2-5x+6=0$ 的解是（ ）',
      options: items[0]!.options,
      answer: 'A',
      analysis: '因式分解得 $(x-2)(x-3)=0$。',
    });
    expect(q2!.stem).toBe(
      '如图，$\\angle ABC=90^\\circ$，则 $\\sum_{i=1}^n i$ 与 $\\alpha+\\beta$ 之和为____。\n\n![](/marking-oss/file/img1.png)',
    );
    expect(q2!.answer).toBe('$\\frac{n(n+1)}{2}$');
    expect(q3!.stem).toBe(items[2]!.stem);
    expect(q3).toMatchObject({ answer: '$\\bar{x}=2$', analysis: '$\\frac{1+2+3}{3}=2$' });
    expect(q4).toMatchObject({
      stem: '阅读材料：矩阵 $\\begin{pmatrix}1&0\\\\0&1\\end{pmatrix}$ 是单位矩阵。',
      children: [
        { type: 'single', stem: '它的行列式是', options: ['0', '1'], answer: 'B' },
        { type: 'answer', stem: '求 $\\sqrt[3]{8}$。', answer: '2' },
      ],
    });
    expect(back.html).toContain('<img src="/marking-oss/file/img1.png"');
    expect(back.html).toContain('<table>');
  });

  it('leaves answers out of the paper and writes them as a second document', async () => {
    const { storeImage, loadImage } = await fixtures();
    const items = sampleItems(IMAGE_URL);
    const out = await exportPaperDocx(
      {
        title: '练习',
        sections: [{ name: '选择题', questions: [{ item: items[0]!, score: null }] }],
        answers: 'separate',
      },
      { loadImage },
    );
    if (Buffer.isBuffer(out)) throw new Error('expected two documents');
    const paper = await importDocx(out.paper, storeImage);
    expect(paper.questions[0]!.answer).toBe('');
    expect(paper.html).not.toContain('因式分解');
    const answers = strFromU8(unzipSync(out.answers)['word/document.xml']!);
    expect(answers).toContain('练习 参考答案');
    expect(answers).toContain('因式分解得');
  });

  it('exports a list of bank questions grouped by type, answers at the end', async () => {
    const { storeImage } = await fixtures();
    const items = sampleItems(IMAGE_URL);
    const back = await importDocx(await exportQuestionsDocx('错题', items), storeImage);
    expect(back.questions.map((q) => q.section)).toEqual([
      '一、单选题',
      '二、填空题',
      '三、解答题',
      '四、综合题',
    ]);
    expect(back.questions[1]!.stem).toContain('［图片］');
    expect(back.questions[0]!.answer).toBe('A');
  });
});
