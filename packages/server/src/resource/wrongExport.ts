import type { BankQuestionItem, HomeworkWrongQuestion, WrongQuestion } from '@examkit/contracts';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { escapeHtml, inlineHtml, printPage, printPdf } from './printHtml';
import { richRuns } from './word/exportDocx';

/**
 * The 错题本 and 错题练习 files: one plain document model written as .docx (the `docx` package)
 * or PDF (print HTML through Chromium, formulas typeset). In the .docx formulas are real Word
 * equations, written by the paper export's `richRuns`; images read [图片] in both
 * (docs/resources.md).
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
  return stemLines(`${n}. `, q);
}

/** A bank question's stem (its first line after `prefix`), options and sub-questions as lines. */
function stemLines(prefix: string, q: BankQuestionItem): string[] {
  const [first = '', ...rest] = plainLines(q.stem);
  const lines = [`${prefix}${first}`, ...rest];
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

/**
 * A wrong homework question as lines: the question's label, the homework's name and date, the
 * bank question's stem (homework from the bank), the score, the key and the student's answer,
 * and the rubric items applied.
 */
function homeworkLines(h: HomeworkWrongQuestion): string[] {
  const key = h.answer ?? (h.bankQuestion ? plainLines(h.bankQuestion.answer).join(' ') : '');
  return [
    `${h.homeworkName}（${h.date}）${h.subjectName} 第${h.label}题`,
    ...(h.bankQuestion ? stemLines('题目：', h.bankQuestion) : []),
    h.knowledgePoints.length ? `知识点：${h.knowledgePoints.join('、')}` : '',
    `得分：${h.score}/${h.fullMarks}${h.choice !== null ? `\u3000你的作答：${h.choice || '未作答'}` : ''}`,
    key ? `正确答案：${key}` : '',
    h.rubricItems.length ? `扣分原因：${h.rubricItems.join('；')}` : '',
  ].filter(Boolean);
}

/**
 * A student's 错题本: the exam's wrong questions, the homework's, then the practice questions
 * recommended for both, then their answers.
 */
export function notebookDocument(
  student: { name: string; className: string; studentNo: string },
  questions: readonly WrongQuestion[],
  homework: readonly HomeworkWrongQuestion[] = [],
): ExportDocument {
  const practice: BankQuestionItem[] = [];
  const seen = new Set<number>();
  for (const q of [...questions, ...homework])
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
    subtitle: `${student.className}\u3000学号 ${student.studentNo}\u3000考试错题 ${questions.length} 道\u3000作业错题 ${homework.length} 道`,
    sections: [
      { heading: '一、考试错题', lines: wrong.length ? wrong.flat() : ['暂无错题'] },
      {
        heading: '二、作业错题',
        lines: homework.length ? homework.flatMap(homeworkLines) : ['暂无错题'],
      },
      {
        heading: '三、巩固练习',
        lines: practice.length
          ? practice.flatMap((q, i) => questionLines(i + 1, q))
          : ['暂无推荐练习'],
      },
      { heading: '四、练习答案', lines: practice.flatMap((q, i) => answerLines(i + 1, q)) },
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

/** One document, or several (a class's 错题本: a student a part). */
type Documents = ExportDocument | readonly ExportDocument[];
const listOf = (docs: Documents): readonly ExportDocument[] => ('title' in docs ? [docs] : docs);

/** The document(s) as .docx; each further document starts on a new page. */
export async function writeDocx(docs: Documents): Promise<Buffer> {
  const list = listOf(docs);
  const children: Paragraph[] = [];
  for (const [i, doc] of list.entries()) {
    children.push(
      new Paragraph({ text: doc.title, heading: HeadingLevel.TITLE, pageBreakBefore: i > 0 }),
      new Paragraph({ children: [new TextRun({ text: doc.subtitle, italics: true })] }),
    );
    for (const section of doc.sections) {
      children.push(new Paragraph({ text: section.heading, heading: HeadingLevel.HEADING_1 }));
      for (const line of section.lines)
        children.push(new Paragraph({ children: await richRuns(line) }));
    }
  }
  const file = new Document({
    creator: 'examkit',
    title: list[0]?.title ?? '',
    sections: [{ children }],
  });
  return Packer.toBuffer(file);
}

/**
 * The document(s) as an A4 PDF: print HTML with the formulas of each line as MathML, printed by
 * headless Chromium (`printHtml.ts`), so formulas come out typeset. Each further document starts
 * on a new page.
 */
export function writePdf(docs: Documents, chromiumPath?: string | null): Promise<Buffer> {
  const list = listOf(docs);
  const body = list
    .map((doc, i) => {
      const sections = doc.sections
        .map(
          (section) =>
            `<h2>${escapeHtml(section.heading)}</h2>${section.lines.map((line) => `<p>${inlineHtml(line)}</p>`).join('')}`,
        )
        .join('');
      return `<div${i > 0 ? ' class="part"' : ''}><h1>${escapeHtml(doc.title)}</h1><p class="sub">${escapeHtml(doc.subtitle)}</p>${sections}</div>`;
    })
    .join('');
  return printPdf(printPage(list[0]?.title ?? '', body), chromiumPath);
}
