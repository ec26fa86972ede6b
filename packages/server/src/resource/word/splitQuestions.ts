import type { BankQuestionType, BankSubQuestionInput } from '@examkit/contracts';

/**
 * Splits a paper's lines (from {@link linesOf}) into questions: numbered questions (`1.` `1、`),
 * sub-questions (`（1）`), options A–H (one line or several), `【答案】`/`答案：`, `【解析】`/`解析：`,
 * section headings (`一、选择题`) giving the type, composite questions (a material followed by
 * sub-questions with options or in a 阅读/材料 section), and an answer key at the end
 * (`参考答案` then `1．【答案】…`). Rules: docs/resources.md "Word in and out".
 */
export interface SplitQuestion {
  /** The number printed in the paper. */
  number: number;
  /** The score printed after the number (`1．（5分）…`), or null. */
  points: number | null;
  /** The section heading it stands under, '' before any. */
  section: string;
  type: BankQuestionType;
  stem: string;
  options: string[];
  answer: string;
  analysis: string;
  children: BankSubQuestionInput[];
}

type Field = 'stem' | 'options' | 'answer' | 'analysis';
interface Part {
  stem: string;
  options: string[];
  answer: string;
  analysis: string;
  field: Field;
}
interface Draft extends Part {
  number: number;
  points: number | null;
  section: string;
  sectionType: BankQuestionType | null;
  parts: Part[];
}

const SECTION = /^([一二三四五六七八九十]+)\s*[、.．]\s*(.+)$/;
const QUESTION = /^(\d{1,3})\s*[.．、](?!\d)\s*(.*)$/s;
const SUB = /^[（(](\d{1,2})[)）]\s*(.*)$/s;
const ANSWER = /^(?:【答案】|答案\s*[:：])\s*(.*)$/s;
const ANALYSIS = /^(?:【(?:解析|分析|详解|点睛|点评|解答)】|解析\s*[:：])\s*(.*)$/s;
const POINTS = /^\s*[（(](\d{1,3}(?:\.\d)?)\s*分[)）]\s*/;
const KEY_HEADING = /^(?:参考)?答案(?:[与和及]解析)?$/;
const OPTION_MARK = /(^|\s)([A-H])\s*[.．、:：]\s*/g;

/** The type a section heading names, or null. */
export function sectionType(heading: string): BankQuestionType | null {
  if (/多选|多项选择|不定项/.test(heading)) return 'multiple';
  if (/选择/.test(heading)) return 'single';
  if (/填空/.test(heading)) return 'blank';
  if (/判断/.test(heading)) return 'judge';
  if (/作文|写作/.test(heading)) return 'essay';
  if (/阅读|材料|综合|完形/.test(heading)) return 'composite';
  if (/解答|计算|证明|应用|简答|实验|探究/.test(heading)) return 'answer';
  return null;
}

/** Options written in `text` starting at letter `first`: what comes before them, and each option. */
export function splitOptions(text: string, first = 0): { before: string; options: string[] } {
  const marks: { at: number; end: number }[] = [];
  for (const m of text.matchAll(OPTION_MARK)) {
    const letter = m[2]!.charCodeAt(0) - 65;
    if (letter !== first + marks.length) continue;
    marks.push({ at: m.index + m[1]!.length, end: m.index + m[0].length });
  }
  if (marks.length === 0) return { before: text, options: [] };
  const options = marks.map((m, i) => text.slice(m.end, marks[i + 1]?.at ?? text.length).trim());
  return { before: text.slice(0, marks[0]!.at).trim(), options };
}

const newPart = (stem: string): Part => ({
  stem,
  options: [],
  answer: '',
  analysis: '',
  field: 'stem',
});

const addParagraph = (old: string, line: string) => (old ? `${old}\n\n${line}` : line);

function append(part: Part, line: string): void {
  if (part.field === 'options' && part.options.length) {
    part.options[part.options.length - 1] += ` ${line}`;
  } else if (part.field === 'options' || part.field === 'stem') {
    part.stem = addParagraph(part.stem, line);
  } else part[part.field] = addParagraph(part[part.field], line);
}

/** Reads one line into a question or sub-question: markers switch the field being written. */
function readLine(part: Part, line: string): void {
  const answer = ANSWER.exec(line);
  if (answer) {
    part.field = 'answer';
    part.answer = addParagraph(part.answer, answer[1]!.trim());
    return;
  }
  const analysis = ANALYSIS.exec(line);
  if (analysis) {
    part.field = 'analysis';
    part.analysis = addParagraph(part.analysis, analysis[1]!.trim());
    return;
  }
  if (part.field !== 'answer' && part.field !== 'analysis') {
    const { before, options } = splitOptions(line, part.options.length);
    if (options.length && (before === '' || options.length >= 2)) {
      if (before) append(part, before);
      part.options.push(...options);
      part.field = 'options';
      return;
    }
  }
  append(part, line);
}

const choiceLetters = (answer: string) => answer.replace(/[^A-H]/g, '');

/** The type of a question or sub-question from what it holds. */
function inferType(part: Part, hint: BankQuestionType | null): BankSubQuestionInput['type'] {
  if (part.options.length >= 2) {
    if (hint === 'multiple') return 'multiple';
    return choiceLetters(part.answer).length > 1 ? 'multiple' : 'single';
  }
  if (hint === 'judge' || /^(对|错|正确|错误|√|×|T|F)$/.test(part.answer.trim())) return 'judge';
  if (hint === 'blank' || /_{3,}|＿{2,}|（\s*）|\(\s*\)/.test(part.stem)) return 'blank';
  return 'answer';
}

function finish(draft: Draft): SplitQuestion {
  const isComposite =
    draft.parts.length > 0 &&
    (draft.sectionType === 'composite' || draft.parts.some((p) => p.options.length >= 2));
  const base = {
    number: draft.number,
    points: draft.points,
    section: draft.section,
    options: draft.options,
    analysis: draft.analysis,
  };
  if (isComposite) {
    return {
      ...base,
      type: 'composite',
      stem: draft.stem,
      answer: draft.answer,
      children: draft.parts.map((p) => ({
        type: inferType(p, null),
        stem: p.stem,
        options: p.options,
        answer: p.answer,
        analysis: p.analysis,
      })),
    };
  }
  // Parts of an ordinary question (a 解答题's （1）（2）) stay in its text; an answer or analysis
  // only after the last part is the whole question's.
  for (const field of ['answer', 'analysis'] as const) {
    const holders = draft.parts.filter((p) => p[field]);
    const last = draft.parts[draft.parts.length - 1];
    if (last && holders.length === 1 && holders[0] === last && !draft[field]) {
      draft[field] = last[field];
      last[field] = '';
    }
  }
  const numbered = (pick: (p: Part) => string) =>
    draft.parts
      .map((p, i) => (pick(p) ? `（${i + 1}）${pick(p)}` : ''))
      .filter(Boolean)
      .join('\n\n');
  const stem = [draft.stem, numbered((p) => p.stem)].filter(Boolean).join('\n\n');
  const answer = [draft.answer, numbered((p) => p.answer)].filter(Boolean).join('\n\n');
  const analysis = [draft.analysis, numbered((p) => p.analysis)].filter(Boolean).join('\n\n');
  const whole: Part = { stem, options: draft.options, answer, analysis, field: 'stem' };
  const hint = draft.sectionType === 'composite' ? null : draft.sectionType;
  const type = draft.sectionType === 'essay' ? 'essay' : inferType(whole, hint);
  return { ...base, type, stem, answer, analysis, children: [] };
}

/** Splits the lines of a paper into questions. Lines before the first question are its header. */
export function splitQuestions(lines: string[]): SplitQuestion[] {
  const drafts: Draft[] = [];
  let section = '';
  let sectionKind: BankQuestionType | null = null;
  let current: Draft | null = null;
  let part: Part | null = null;
  let keyMode = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    const heading = SECTION.exec(line);
    if (KEY_HEADING.test(line.replace(/[\s:：、.．【】]/g, ''))) {
      keyMode = true;
      current = null;
      part = null;
      continue;
    }
    if (heading) {
      section = line;
      sectionKind = sectionType(heading[2]!);
      if (!keyMode) current = null;
      part = null;
      continue;
    }
    const question = QUESTION.exec(line);
    if (question) {
      const number = Number(question[1]);
      if (keyMode) {
        current = drafts.find((d) => d.number === number) ?? null;
        part = null;
        if (current) {
          current.field = 'answer';
          if (question[2]!.trim()) readLine(current, question[2]!.trim());
        }
        continue;
      }
      const score = POINTS.exec(question[2]!);
      const rest = score ? question[2]!.slice(score[0].length) : question[2]!;
      current = {
        ...newPart(''),
        number,
        points: score ? Number(score[1]) : null,
        section,
        sectionType: sectionKind,
        parts: [],
      };
      part = null;
      drafts.push(current);
      if (rest.trim()) readLine(current, rest.trim());
      continue;
    }
    if (!current) continue;
    const sub = SUB.exec(line);
    if (sub) {
      const index = Number(sub[1]) - 1;
      if (keyMode) {
        part = current.parts[index] ?? null;
        if (part) {
          part.field = 'answer';
          if (sub[2]!.trim()) readLine(part, sub[2]!.trim());
        }
        continue;
      }
      if (current.field === 'stem' || current.field === 'options' || current.parts.length) {
        part = newPart('');
        current.parts.push(part);
        if (sub[2]!.trim()) readLine(part, sub[2]!.trim());
        continue;
      }
    }
    readLine(part ?? current, line);
  }
  return drafts.map(finish);
}
