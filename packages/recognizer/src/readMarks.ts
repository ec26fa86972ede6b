import type { Mat3 } from './geometry';
import type { PreparedPage } from './prepare';
import { measureShape, shapeKind } from './markShape';
import { readQuestion, scoreOf } from './readQuestion';
import { inkOf, type Scan } from './scanImage';
import type {
  BubbleReading,
  ExamNumberDigit,
  MarkThresholds,
  ObjectiveAnswer,
  RecognizeOptions,
} from './types';

/** Below this confidence (a cell within 0.03 of a threshold) an exam-number digit is reviewed. */
const EXAM_DIGIT_MIN_CONFIDENCE = 0.2;

/** Everything pencilled on a page: answers, exam number and the absent mark. */
export interface PageMarks {
  answers: ObjectiveAnswer[];
  examNumberDigits: ExamNumberDigit[];
  examNumber: string | null;
  absent: boolean | null;
  /** Review reasons from the marks, in reading order. */
  reviewReasons: string[];
}

function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const v = [...values].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.floor(q * v.length))]!;
}

/**
 * Reads the marks of a page: every bubble's ink under its block's map (`blockMaps`, else the
 * page map `h`), the printed empty bubble's level from the sheet itself, then questions, exam
 * number digits and the absent box by the thresholds.
 */
export function readMarks(
  scan: Scan,
  page: PreparedPage,
  h: Mat3,
  blockMaps: (Mat3 | null)[],
  th: MarkThresholds,
  bilevel: boolean,
  options: RecognizeOptions,
): PageMarks {
  const mapOf = (block: number): Mat3 => (block >= 0 ? (blockMaps[block] ?? h) : h);

  // Marks: every bubble's ink, then the printed empty bubble's level from the sheet itself.
  const qInk = page.questions.map((q) => q.options.map((o) => inkOf(scan, mapOf(o.block), o.rect)));
  const dInk = page.examDigits.map((col) => col.map((c) => inkOf(scan, mapOf(c.block), c.rect)));
  const all = [...qInk.flat(), ...dInk.flat()];
  const empty = Math.max(0, Math.min(0.3, all.length >= 8 ? percentile(all, 0.25) : 0));
  const norm = (f: number): number => (f - empty) / (1 - empty);
  // Shape of every objective bubble's mark (markShape.ts), each cell and ring point measured
  // above the page's own printed level at that place (letters inside, numbers beside bubbles).
  const qShape = page.questions.map((q) =>
    q.options.map((o) => measureShape(scan, mapOf(o.block), o.rect)),
  );
  const flatShapes = qShape.flat();
  const levelOf = (values: number[]): number =>
    Math.max(0, Math.min(0.5, values.length >= 8 ? percentile(values, 0.25) : 0));
  const cellLevel = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((c) =>
    levelOf(flatShapes.map((x) => x.cells[c]!)),
  );
  const ringLevel = [0, 1, 2, 3, 4, 5, 6, 7].map((p) => levelOf(flatShapes.map((x) => x.ring[p]!)));
  const above = (v: number, level: number): number => (v - level) / (1 - level);
  const stateOf = (m: number): BubbleReading['state'] =>
    m >= th.filled ? 'filled' : m < th.blank ? 'blank' : 'faint';
  const confOf = (m: number): number => {
    const d =
      m >= th.filled
        ? m - th.filled
        : m < th.blank
          ? th.blank - m
          : Math.min(m - th.blank, th.filled - m);
    return Math.max(0, Math.min(1, d / 0.15));
  };

  const reviewReasons: string[] = [];
  const answers = page.questions.map((q, qi) => {
    const ms = qInk[qi]!.map(norm);
    const shapes = qShape[qi]!.map((x, i) =>
      shapeKind(
        x.cells.map((v, c) => above(v, cellLevel[c]!)),
        x.ring.map((v, p) => above(v, ringLevel[p]!)),
        ms[i]! >= th.filled,
      ),
    );
    return readQuestion(q, ms, stateOf, confOf, th, shapes);
  });
  for (const a of answers) {
    // A black-and-white (thresholded) scan loses light pencil: an empty question may hide a faint mark.
    if (bilevel && a.answer === '' && a.status === 'ok') a.status = 'review';
    const odd = a.bubbles.filter((b) => b.shape);
    if (odd.length > 0) {
      // A mark that is not a fill: the reason names the option and what was seen.
      for (const b of odd)
        reviewReasons.push(
          b.shape === 'circled'
            ? `第 ${a.number} 题 ${b.option} 选项被圈出而未填涂，请人工确认`
            : `第 ${a.number} 题 ${b.option} 选项不是完整填涂（勾、叉、横线、圆点或只涂一部分），请人工确认`,
        );
    } else if (a.status === 'review') {
      const why = a.flags.includes('multiple')
        ? '多选/重复填涂'
        : a.flags.includes('erasure')
          ? '疑似擦除'
          : bilevel && a.flags.includes('blank')
            ? '未作答（黑白扫描无法区分空白与浅涂）'
            : '填涂过浅';
      reviewReasons.push(`第 ${a.number} 题${why}`);
    }
    const key = options.answerKey?.[a.questionId];
    if (key) a.score = a.status === 'review' ? null : scoreOf(a, key);
  }

  const examNumberDigits: ExamNumberDigit[] = dInk.map((col, digit) => {
    const ms = col.map(norm);
    const filled = ms.flatMap((m, v) => (m >= th.filled ? [v] : []));
    const faint = ms.filter((m) => m >= th.blank && m < th.filled).length;
    const conf = Math.min(...ms.map(confOf));
    // A cell close to a threshold makes the digit uncertain: the exam number is never a guess.
    if (filled.length === 1 && faint === 0 && conf >= EXAM_DIGIT_MIN_CONFIDENCE)
      return { digit, value: filled[0]!, state: 'ok', confidence: conf };
    if (filled.length === 1 && faint === 0)
      return { digit, value: null, state: 'faint', confidence: conf };
    const state = filled.length > 1 ? 'multiple' : faint > 0 ? 'faint' : 'blank';
    return { digit, value: null, state, confidence: conf };
  });
  let examNumber: string | null = null;
  if (examNumberDigits.length > 0) {
    const bad = examNumberDigits.filter((d) => d.value === null);
    if (bad.length === 0) examNumber = examNumberDigits.map((d) => d.value).join('');
    for (const d of bad) {
      const why = d.state === 'multiple' ? '多个填涂' : d.state === 'faint' ? '填涂过浅' : '未填涂';
      reviewReasons.push(`考号第 ${d.digit + 1} 位${why}`);
    }
    if (examNumber !== null && options.examNumbers) {
      const known =
        options.examNumbers instanceof Set
          ? options.examNumbers
          : new Set(options.examNumbers as readonly string[]);
      if (!known.has(examNumber)) {
        reviewReasons.push(`考号 ${examNumber} 不在本场考生名单中`);
        examNumber = null;
      }
    }
  }
  let absent: boolean | null = null;
  if (page.absent) {
    const m = norm(inkOf(scan, h, page.absent));
    const st = stateOf(m);
    absent = st === 'filled' ? true : st === 'blank' ? false : null;
    if (absent === null) reviewReasons.push('缺考标记填涂过浅');
  }
  return { answers, examNumberDigits, examNumber, absent, reviewReasons };
}
