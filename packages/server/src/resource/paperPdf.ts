import PDFDocument from 'pdfkit';
import type { BankPaperDetail } from '@examkit/contracts';
import type { Static } from 'typebox';
import { DEFAULT_FONT_FAMILY, DEFAULT_FONT_PATH } from '@examkit/answer-sheet/pdf';

/**
 * A paper as an A4 PDF: header (title, subtitle, time, full marks), sections with their
 * questions and scores, and optionally the answers and analyses at the end. Text is set in the
 * CJK font the answer sheets embed (a subset travels with the file). Formulas print as their
 * LaTeX source between `$…$`; images print as `[图]`.
 */

type Detail = Static<typeof BankPaperDetail>;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** The ideographic space that indents and separates in Chinese print. */
const GAP = '\u3000';

/** Rich text as plain lines for the PDF: images named, paragraphs kept. */
export const plainOf = (text: string) => text.replace(/!\[[^\]]*\]\([^)]*\)/g, '[图]').trim();

export function renderPaperPdf(
  paper: Detail,
  options: { answers: boolean; fontPath?: string },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: paper.title, Creator: 'examkit' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', options.fontPath ?? DEFAULT_FONT_PATH, DEFAULT_FONT_FAMILY);
  doc.font('cjk');
  doc.fontSize(18).text(paper.title, { align: 'center' });
  if (paper.subtitle) doc.moveDown(0.3).fontSize(12).text(paper.subtitle, { align: 'center' });
  doc
    .moveDown(0.3)
    .fontSize(10.5)
    .text(`考试时间：${paper.durationMinutes} 分钟${GAP}满分：${paper.fullMarks} 分`, {
      align: 'center',
    });
  doc.moveDown();
  const numerals = '一二三四五六七八九十';
  for (const [i, section] of paper.sections.entries()) {
    const sum = section.questions.reduce((s, q) => s + q.score, 0);
    doc
      .fontSize(12)
      .text(`${numerals[i] ?? i + 1}、${section.title}（共 ${sum} 分）`)
      .moveDown(0.3);
    doc.fontSize(10.5);
    for (const item of section.questions) {
      const q = item.question;
      doc.text(`${item.number}．（${item.score}分）${plainOf(q.stem)}`);
      q.options.forEach((o, k) => doc.text(`${GAP}${GAP}${LETTERS[k]}．${plainOf(o)}`));
      q.children.forEach((c, k) => {
        doc.text(`${GAP}（${k + 1}）${plainOf(c.stem)}`);
        c.options.forEach((o, n) => doc.text(`${GAP}${GAP}${GAP}${LETTERS[n]}．${plainOf(o)}`));
      });
      doc.moveDown(0.5);
    }
  }
  if (options.answers) {
    doc.addPage().fontSize(14).text('参考答案与解析', { align: 'center' }).moveDown();
    doc.fontSize(10.5);
    for (const item of paper.sections.flatMap((s) => s.questions)) {
      const q = item.question;
      const answer = q.children.length
        ? q.children.map((c, k) => `（${k + 1}）${plainOf(c.answer)}`).join(GAP)
        : plainOf(q.answer);
      doc.text(`${item.number}．【答案】${answer || '略'}`);
      if (q.analysis.trim()) doc.text(`${GAP}【解析】${plainOf(q.analysis)}`);
      doc.moveDown(0.3);
    }
  }
  doc.end();
  return done;
}
