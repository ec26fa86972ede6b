import type { BankPaperDetail, BankQuestionItem } from '@examkit/contracts';
import type { Static } from 'typebox';
import {
  escapeHtml,
  loadImages,
  printPage,
  printPdf,
  richHtml,
  type ImageLoader,
  type ImageMap,
} from './printHtml';

/**
 * A paper as an A4 PDF: header (title, subtitle, time, full marks), sections with their
 * questions and scores, and optionally the answers and analyses at the end. The paper is written
 * as print HTML with its formulas as MathML and its images embedded, and printed by headless
 * Chromium (`printHtml.ts`), so formulas come out typeset.
 */

type Detail = Static<typeof BankPaperDetail>;

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const NUMERALS = '一二三四五六七八九十';

/** Every rich text of a question (stem, options, answer, analysis, sub-questions). */
export const textsOf = (q: BankQuestionItem): string[] => [
  q.stem,
  ...q.options,
  q.answer,
  q.analysis,
  ...q.children.flatMap((c) => [c.stem, ...c.options, c.answer]),
];

const optionsHtml = (options: readonly string[], images: ImageMap) =>
  options.length
    ? `<div class="options">${options
        .map((o, k) => `<span>${LETTERS[k]}．${richHtml(o, images, 'span')}</span>`)
        .join('')}</div>`
    : '';

/** A question as print HTML: the number (and score), stem, options and sub-questions. */
export function questionHtml(
  number: string,
  q: BankQuestionItem,
  images: ImageMap,
  score?: number,
): string {
  const lead = `${escapeHtml(number)}．${score === undefined ? '' : `（${score}分）`}`;
  const children = q.children
    .map(
      (c, k) =>
        `<div class="child">${richHtml(c.stem, images, 'p', `（${k + 1}）`)}${optionsHtml(c.options, images)}</div>`,
    )
    .join('');
  return `<div class="question">${richHtml(q.stem, images, 'p', lead)}${optionsHtml(q.options, images)}${children}</div>`;
}

/** A question's answer and analysis as print HTML. */
export function answerHtml(number: string, q: BankQuestionItem, images: ImageMap): string {
  const answer = q.children.length
    ? q.children
        .map((c, k) => `（${k + 1}）${richHtml(c.answer, images, 'span') || '略'}`)
        .join('\u3000')
    : richHtml(q.answer, images, 'span') || '略';
  const analysis = q.analysis.trim()
    ? `<p>【解析】${richHtml(q.analysis, images, 'span')}</p>`
    : '';
  return `<div class="question"><p>${escapeHtml(number)}．【答案】${answer}</p>${analysis}</div>`;
}

/** The paper as print HTML (exported for tests and for a print preview). */
export function paperHtml(paper: Detail, answers: boolean, images: ImageMap): string {
  const header = [
    `<h1>${escapeHtml(paper.title)}</h1>`,
    paper.subtitle ? `<p class="sub">${escapeHtml(paper.subtitle)}</p>` : '',
    `<p class="info">考试时间：${paper.durationMinutes} 分钟\u3000满分：${paper.fullMarks} 分</p>`,
  ].join('');
  const sections = paper.sections
    .map((section, i) => {
      const sum = section.questions.reduce((s, q) => s + q.score, 0);
      const questions = section.questions
        .map((item) => questionHtml(String(item.number), item.question, images, item.score))
        .join('');
      return `<section><h2>${NUMERALS[i] ?? i + 1}、${escapeHtml(section.title)}（共 ${sum} 分）</h2>${questions}</section>`;
    })
    .join('');
  const key = answers
    ? `<section class="answers"><h1>参考答案与解析</h1>${paper.sections
        .flatMap((s) => s.questions)
        .map((item) => answerHtml(String(item.number), item.question, images))
        .join('')}</section>`
    : '';
  return printPage(paper.title, header + sections + key);
}

export async function renderPaperPdf(
  paper: Detail,
  options: { answers: boolean; loadImage?: ImageLoader; chromiumPath?: string | null },
): Promise<Buffer> {
  const texts = paper.sections.flatMap((s) => s.questions.flatMap((q) => textsOf(q.question)));
  const images = await loadImages(texts, options.loadImage);
  return printPdf(paperHtml(paper, options.answers, images), options.chromiumPath);
}
