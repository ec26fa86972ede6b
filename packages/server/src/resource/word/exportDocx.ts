import {
  AlignmentType,
  Document,
  ImageRun,
  ImportedXmlComponent,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import sharp from 'sharp';
import { QUESTION_TYPES, type BankQuestionItem } from '@examkit/contracts';
import { latexToOmmlMath } from './latexToOmml';
import { inlinesOf, paragraphsOf } from './richText';

/**
 * A paper as a Word document (docs/resources.md "Word in and out"): numbered sections and
 * questions, formulas as real Word equations, images embedded, answers and analyses left out,
 * at the end (参考答案与解析) or as a second document. The import reads it back.
 */
export interface PaperDocx {
  title: string;
  subtitle?: string;
  sections: { name: string; questions: { item: BankQuestionItem; score: number | null }[] }[];
  answers: 'none' | 'end' | 'separate';
}

export interface ExportOptions {
  /** The bytes of an image address found in the text (`/marking-oss/file/…`), or null. */
  loadImage?: (url: string) => Promise<Uint8Array | null>;
}

const NUMERALS = '一二三四五六七八九十';
const MAX_IMAGE_WIDTH = 420;
const FONT = { ascii: 'Times New Roman', eastAsia: '宋体', hAnsi: 'Times New Roman' };

type Block = Paragraph | Table;

function imageType(bytes: Uint8Array): 'png' | 'jpg' | 'gif' | 'bmp' | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpg';
  if (bytes[0] === 0x47 && bytes[1] === 0x49) return 'gif';
  if (bytes[0] === 0x42 && bytes[1] === 0x4d) return 'bmp';
  return null;
}

class Writer {
  constructor(private readonly options: ExportOptions) {}

  private async image(url: string, alt: string): Promise<ParagraphChild> {
    const bytes = (await this.options.loadImage?.(url)) ?? null;
    const type = bytes ? imageType(bytes) : null;
    if (!bytes || !type)
      return new TextRun({ text: `［图片${alt ? `：${alt}` : ''}］`, font: FONT });
    const meta = await sharp(bytes).metadata();
    const width = meta.width ?? 100;
    const height = meta.height ?? 100;
    const scale = Math.min(1, MAX_IMAGE_WIDTH / width);
    return new ImageRun({
      type,
      data: bytes,
      transformation: { width: Math.round(width * scale), height: Math.round(height * scale) },
      altText: { name: alt || '图片', description: alt || '图片', title: alt || '图片' },
    });
  }

  /** One rich-text paragraph as Word paragraph children; `lead` goes first (a number). */
  async runs(paragraph: string, lead = ''): Promise<ParagraphChild[]> {
    const out: ParagraphChild[] = lead ? [new TextRun({ text: lead, font: FONT })] : [];
    for (const piece of inlinesOf(paragraph)) {
      if (piece.kind === 'text') out.push(new TextRun({ text: piece.text, font: FONT }));
      else if (piece.kind === 'image') out.push(await this.image(piece.url, piece.alt));
      else
        out.push(
          ImportedXmlComponent.fromXmlString(
            latexToOmmlMath(piece.latex),
          ) as unknown as ParagraphChild,
        );
    }
    return out;
  }

  /** Rich text as blocks; the first paragraph starts with `lead`. Pipe rows become a table. */
  async blocks(text: string, lead = '', indent = 0): Promise<Block[]> {
    const out: Block[] = [];
    const paragraphs = paragraphsOf(text);
    if (paragraphs.length === 0 && lead) paragraphs.push('');
    for (const [i, p] of paragraphs.entries()) {
      const rows = p.split('\n');
      if (rows.every((r) => /^\|.*\|$/.test(r.trim()))) {
        if (i === 0 && lead) out.push(new Paragraph({ children: await this.runs('', lead) }));
        out.push(await this.table(rows));
        continue;
      }
      const children: ParagraphChild[] = [];
      for (const [j, line] of rows.entries()) {
        if (j > 0) children.push(new TextRun({ break: 1 }));
        children.push(...(await this.runs(line.trim(), i === 0 && j === 0 ? lead : '')));
      }
      out.push(new Paragraph({ children, indent: { left: indent }, spacing: { after: 60 } }));
    }
    return out;
  }

  private async table(rows: string[]): Promise<Table> {
    const cells = rows.map((r) =>
      r
        .trim()
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
    return new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      rows: await Promise.all(
        cells.map(
          async (row) =>
            new TableRow({
              children: await Promise.all(
                row.map(
                  async (cell) =>
                    new TableCell({
                      children: [new Paragraph({ children: await this.runs(cell) })],
                    }),
                ),
              ),
            }),
        ),
      ),
    });
  }

  async optionBlocks(options: string[], indent: number): Promise<Block[]> {
    const out: Block[] = [];
    for (const [i, option] of options.entries())
      out.push(...(await this.blocks(option, `${String.fromCharCode(65 + i)}．`, indent)));
    return out;
  }

  async question(number: number, item: BankQuestionItem, score: number | null): Promise<Block[]> {
    const lead = `${number}．${score !== null ? `（${score}分）` : ''}`;
    const out = await this.blocks(item.stem, lead);
    out.push(...(await this.optionBlocks(item.options, 360)));
    for (const [i, child] of item.children.entries()) {
      out.push(...(await this.blocks(child.stem, `（${i + 1}）`, 240)));
      out.push(...(await this.optionBlocks(child.options, 600)));
    }
    return out;
  }

  /** `n．【答案】…` and `【解析】…` for a question and its sub-questions. */
  async key(number: number, item: BankQuestionItem): Promise<Block[]> {
    const out = await this.blocks(item.answer ? `【答案】${item.answer}` : '', `${number}．`);
    if (item.analysis) out.push(...(await this.blocks(`【解析】${item.analysis}`)));
    for (const [i, child] of item.children.entries()) {
      out.push(...(await this.blocks(`【答案】${child.answer}`, `（${i + 1}）`, 240)));
      if (child.analysis) out.push(...(await this.blocks(`【解析】${child.analysis}`, '', 240)));
    }
    return out;
  }
}

/**
 * One line of rich text as Word paragraph children: text runs, `$…$` formulas as real Word
 * equations (OMML), pictures embedded when `loadImage` finds them. For other Word writers (the
 * 错题本) so every .docx of the bank writes formulas one way.
 */
export function richRuns(line: string, options: ExportOptions = {}): Promise<ParagraphChild[]> {
  return new Writer(options).runs(line);
}

const heading = (text: string, size: number) =>
  new Paragraph({
    alignment: AlignmentType.CENTER,
    spacing: { after: 120 },
    children: [new TextRun({ text, bold: true, size, font: { ...FONT, eastAsia: '黑体' } })],
  });

const sectionHeading = (index: number, name: string) =>
  new Paragraph({
    spacing: { before: 200, after: 100 },
    children: [
      new TextRun({
        text: /^[一二三四五六七八九十]+[、.．]/.test(name)
          ? name
          : `${NUMERALS[index] ?? index + 1}、${name}`,
        bold: true,
        font: { ...FONT, eastAsia: '黑体' },
      }),
    ],
  });

const pack = (blocks: Block[]) =>
  Packer.toBuffer(
    new Document({
      creator: 'examkit',
      title: 'examkit',
      styles: { default: { document: { run: { size: 21, font: FONT } } } },
      sections: [{ children: blocks }],
    }),
  );

/**
 * Writes a paper as .docx. With `answers: 'separate'` it answers the paper and a second document
 * titled `<title> 参考答案`; otherwise one document.
 */
export async function exportPaperDocx(
  doc: PaperDocx,
  options: ExportOptions = {},
): Promise<Buffer | { paper: Buffer; answers: Buffer }> {
  const writer = new Writer(options);
  const paper: Block[] = [heading(doc.title, 32)];
  if (doc.subtitle) paper.push(heading(doc.subtitle, 24));
  const key: Block[] = [];
  let number = 0;
  for (const [index, section] of doc.sections.entries()) {
    paper.push(sectionHeading(index, section.name));
    for (const { item, score } of section.questions) {
      number += 1;
      paper.push(...(await writer.question(number, item, score)));
      key.push(...(await writer.key(number, item)));
    }
  }
  if (doc.answers === 'none') return pack(paper);
  if (doc.answers === 'end') return pack([...paper, heading('参考答案与解析', 28), ...key]);
  return {
    paper: await pack(paper),
    answers: await pack([
      heading(`${doc.title} 参考答案`, 32),
      heading('参考答案与解析', 28),
      ...key,
    ]),
  };
}

/**
 * Bank questions as a .docx with answers at the end, one section a question type in the bank's
 * order (for an 导出Word button on a list of questions).
 */
export async function exportQuestionsDocx(
  title: string,
  items: BankQuestionItem[],
  options: ExportOptions = {},
): Promise<Buffer> {
  const types = Object.keys(QUESTION_TYPES) as (keyof typeof QUESTION_TYPES)[];
  const sections = types
    .map((type) => ({
      name: QUESTION_TYPES[type],
      questions: items.filter((i) => i.type === type).map((item) => ({ item, score: null })),
    }))
    .filter((s) => s.questions.length > 0);
  return (await exportPaperDocx({ title, sections, answers: 'end' }, options)) as Buffer;
}
