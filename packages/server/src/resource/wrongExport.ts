import { DEFAULT_FONT_FAMILY, DEFAULT_FONT_PATH } from '@examkit/answer-sheet/pdf';
import type { BankQuestionItem, WrongQuestion } from '@examkit/contracts';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import PDFDocument from 'pdfkit';

/**
 * The 错题本 and 错题练习 files: one plain document model written as .docx (the `docx` package)
 * or PDF (pdfkit with the CJK font the answer sheets embed). Formulas stay LaTeX text and images
 * read [图片] until the Word exporter of the bank writes real equations (docs/resources.md).
 */

/** A heading and its lines. */
export interface ExportSection {
  heading: string;
  lines: string[];
}

export interface ExportDocument {
  title: string;
  subtitle: string;
  sections: ExportSection[];
}

/** Rich text as plain lines: images become [图片], LaTeX stays between its dollars. */
export function plainLines(rich: string): string[] {
  return rich
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '[图片]')
    .split(/\n+/)
    .map((l) => l.trim())
    .filter(Boolean);
}

const LETTERS = 'ABCDEFGH';

/** A bank question's stem, options and sub-questions as lines, numbered. */
export function questionLines(n: number, q: BankQuestionItem): string[] {
  const [first = '', ...rest] = plainLines(q.stem);
  const lines = [`${n}. ${first}`, ...rest];
  q.options.forEach((o, i) => lines.push(`${LETTERS[i] ?? '?'}. ${plainLines(o).join(' ')}`));
  q.children.forEach((c, i) => {
    lines.push(`(${i + 1}) ${plainLines(c.stem).join(' ')}`);
    c.options.forEach((o, k) => lines.push(`${LETTERS[k] ?? '?'}. ${plainLines(o).join(' ')}`));
  });
  return lines;
}

/** A bank question's answer and analysis as lines. */
export function answerLines(n: number, q: BankQuestionItem): string[] {
  const lines = [`${n}. 答案：${plainLines(q.answer).join(' ') || '略'}`];
  q.children.forEach((c, i) => lines.push(`(${i + 1}) ${plainLines(c.answer).join(' ') || '略'}`));
  const analysis = plainLines(q.analysis);
  if (analysis.length) lines.push(`解析：${analysis.join(' ')}`);
  return lines;
}

const rate = (r: number | null) => (r === null ? '—' : `${(r * 100).toFixed(1)}%`);

/** A student's 错题本: the wrong questions, then the practice questions, then their answers. */
export function notebookDocument(
  student: { name: string; className: string; studentNo: string },
  questions: readonly WrongQuestion[],
): ExportDocument {
  const practice: BankQuestionItem[] = [];
  const seen = new Set<number>();
  for (const q of questions)
    for (const r of q.recommendations)
      if (!seen.has(r.question.id)) {
        seen.add(r.question.id);
        practice.push(r.question);
      }
  const wrong = questions.map((q) =>
    [
      `${q.examName}（${q.examDate}）${q.subjectName} 第${q.number}题`,
      `知识点：${q.knowledgePoints.join('、') || '—'}`,
      `得分：${q.score}/${q.fullMarks}\u3000班级得分率：${rate(q.classScoreRate)}`,
      q.answer ? `正确答案：${q.answer}${q.choice ? `\u3000你的作答：${q.choice}` : ''}` : '',
    ].filter(Boolean),
  );
  return {
    title: `${student.name}的错题本`,
    subtitle: `${student.className}\u3000学号 ${student.studentNo}\u3000共 ${questions.length} 道错题`,
    sections: [
      { heading: '一、考试错题', lines: wrong.length ? wrong.flat() : ['暂无错题'] },
      {
        heading: '二、巩固练习',
        lines: practice.length
          ? practice.flatMap((q, i) => questionLines(i + 1, q))
          : ['暂无推荐练习'],
      },
      { heading: '三、练习答案', lines: practice.flatMap((q, i) => answerLines(i + 1, q)) },
    ],
  };
}

/** A 错题练习 paper of chosen bank questions, answers at the end. */
export function practiceDocument(
  examName: string,
  questions: readonly BankQuestionItem[],
): ExportDocument {
  return {
    title: `${examName} 错题练习`,
    subtitle: `共 ${questions.length} 题`,
    sections: [
      { heading: '一、练习', lines: questions.flatMap((q, i) => questionLines(i + 1, q)) },
      { heading: '二、答案与解析', lines: questions.flatMap((q, i) => answerLines(i + 1, q)) },
    ],
  };
}

/** The document as .docx. */
export async function writeDocx(doc: ExportDocument): Promise<Buffer> {
  const children: Paragraph[] = [
    new Paragraph({ text: doc.title, heading: HeadingLevel.TITLE }),
    new Paragraph({ children: [new TextRun({ text: doc.subtitle, italics: true })] }),
  ];
  for (const section of doc.sections) {
    children.push(new Paragraph({ text: section.heading, heading: HeadingLevel.HEADING_1 }));
    for (const line of section.lines) children.push(new Paragraph({ text: line }));
  }
  const file = new Document({
    creator: 'examkit',
    title: doc.title,
    sections: [{ children }],
  });
  return Packer.toBuffer(file);
}

/** The document as an A4 PDF with the CJK font embedded (a subset). */
export function writePdf(doc: ExportDocument, fontPath = DEFAULT_FONT_PATH): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: doc.title, Creator: 'examkit' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('cjk', fontPath, DEFAULT_FONT_FAMILY);
  pdf.font('cjk').fontSize(20).text(doc.title, { align: 'center' });
  pdf.moveDown(0.3).fontSize(10).fillColor('#444444').text(doc.subtitle, { align: 'center' });
  pdf.fillColor('#000000');
  for (const section of doc.sections) {
    pdf.moveDown(1).fontSize(14).text(section.heading);
    pdf.moveDown(0.3).fontSize(11);
    for (const line of section.lines) pdf.text(line, { lineGap: 3 });
  }
  pdf.end();
  return done;
}
