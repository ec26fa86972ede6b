import type { RecognitionTemplate } from './types';

type Rect = { x: number; y: number; w: number; h: number };

export interface PreparedBlock {
  kind: 'objective' | 'examNumber';
  anchors: Rect[];
  bounds: Rect;
}

export interface PreparedQuestion {
  questionId: string;
  number: string;
  questionType: 'single' | 'multiple' | 'judge';
  options: { option: string; rect: Rect; block: number }[];
}

export interface PreparedPage {
  page: number;
  /** Corner marker centres: top-left, top-right, bottom-left, bottom-right. */
  markers: { x: number; y: number }[];
  pageCode: { bit: number; filled: boolean; rect: Rect }[];
  blocks: PreparedBlock[];
  questions: PreparedQuestion[];
  /** digits[d][v]. */
  examDigits: { rect: Rect; block: number }[][];
  absent: Rect | null;
  regions: {
    kind: 'subjective' | 'fill';
    questionId: string;
    number: string;
    part: number;
    fullMarks: number;
    rect: Rect;
  }[];
  frames: Rect[];
}

export interface PreparedTemplate {
  template: RecognitionTemplate;
  pages: PreparedPage[];
  pageCodeBits: number;
}

const cache = new WeakMap<RecognitionTemplate, PreparedTemplate>();

const CORNERS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight'] as const;

/** Groups a template's elements by page, blocks and questions once (cached per template object). */
export function prepareTemplate(template: RecognitionTemplate): PreparedTemplate {
  const hit = cache.get(template);
  if (hit) return hit;
  if (template?.version !== 1 || !Array.isArray(template.elements))
    throw new Error('识别模板无效（需要 version 1 的识别模板）');
  const pages: PreparedPage[] = [];
  for (let p = 0; p < template.pageCount; p++) {
    pages.push({
      page: p,
      markers: [],
      pageCode: [],
      blocks: [],
      questions: [],
      examDigits: [],
      absent: null,
      regions: [],
      frames: [],
    });
  }
  const markerRects = new Map<string, Rect>();
  const anchorRuns: { page: number; kind: 'objective' | 'examNumber'; rect: Rect }[] = [];
  for (const e of template.elements) {
    const pg = pages[e.page];
    if (!pg) continue;
    const rect = { x: e.x, y: e.y, w: e.w, h: e.h };
    switch (e.kind) {
      case 'marker':
        markerRects.set(`${e.page}:${e.corner}`, rect);
        break;
      case 'pageCode':
        pg.pageCode.push({ bit: e.bit, filled: e.filled, rect });
        break;
      case 'anchor':
        anchorRuns.push({ page: e.page, kind: e.block, rect });
        break;
      case 'absent':
        pg.absent = rect;
        break;
      case 'subjective':
      case 'fill':
        pg.regions.push({
          kind: e.kind,
          questionId: e.questionId,
          number: e.number,
          part: e.part,
          fullMarks: e.fullMarks,
          rect,
        });
        if (e.kind === 'subjective') pg.frames.push(rect);
        break;
      default:
        break;
    }
  }
  // Anchors come four to a block, in template order.
  for (let i = 0; i + 3 < anchorRuns.length; i += 4) {
    const run = anchorRuns.slice(i, i + 4);
    const pg = pages[run[0]!.page]!;
    const xs = run.flatMap((a) => [a.rect.x, a.rect.x + a.rect.w]);
    const ys = run.flatMap((a) => [a.rect.y, a.rect.y + a.rect.h]);
    const bounds = {
      x: Math.min(...xs),
      y: Math.min(...ys),
      w: Math.max(...xs) - Math.min(...xs),
      h: Math.max(...ys) - Math.min(...ys),
    };
    pg.blocks.push({ kind: run[0]!.kind, anchors: run.map((a) => a.rect), bounds });
  }
  const blockOf = (pg: PreparedPage, r: Rect, kind: 'objective' | 'examNumber'): number => {
    const cx = r.x + r.w / 2;
    const cy = r.y + r.h / 2;
    return pg.blocks.findIndex(
      (b) =>
        b.kind === kind &&
        cx >= b.bounds.x &&
        cx <= b.bounds.x + b.bounds.w &&
        cy >= b.bounds.y &&
        cy <= b.bounds.y + b.bounds.h,
    );
  };
  const byQuestion = new Map<string, PreparedQuestion>();
  for (const e of template.elements) {
    const pg = pages[e.page];
    if (!pg) continue;
    const rect = { x: e.x, y: e.y, w: e.w, h: e.h };
    if (e.kind === 'bubble') {
      const key = `${e.page}:${e.questionId}`;
      let q = byQuestion.get(key);
      if (!q) {
        q = {
          questionId: e.questionId,
          number: e.number,
          questionType: e.questionType,
          options: [],
        };
        byQuestion.set(key, q);
        pg.questions.push(q);
      }
      q.options.push({ option: e.option, rect, block: blockOf(pg, rect, 'objective') });
    } else if (e.kind === 'examNumberCell') {
      (pg.examDigits[e.digit] ??= [])[e.value] = { rect, block: blockOf(pg, rect, 'examNumber') };
    }
  }
  for (const pg of pages) {
    for (const c of CORNERS) {
      const r = markerRects.get(`${pg.page}:${c}`);
      if (!r) throw new Error(`识别模板缺少第 ${pg.page + 1} 页的定位标记`);
      pg.markers.push({ x: r.x + r.w / 2, y: r.y + r.h / 2 });
    }
    pg.pageCode.sort((a, b) => a.bit - b.bit);
  }
  const prepared = { template, pages, pageCodeBits: template.pageCodeBits };
  cache.set(template, prepared);
  return prepared;
}
