import type { RawImage } from '../types';

type Rect = { x: number; y: number; w: number; h: number };
interface Element extends Rect {
  kind: string;
  page: number;
  digit?: number;
  value?: number;
  questionId?: string;
  option?: string;
}

/** A pencil-like mark: darkens an ellipse over a rectangle given in mm (v' = v · (1 − alpha)). */
function mark(img: RawImage, r: Rect, alpha: number, dpi: number): void {
  const k = dpi / 25.4;
  const cx = (r.x + r.w / 2) * k;
  const cy = (r.y + r.h / 2) * k;
  const a = (r.w / 2) * k;
  const b = (r.h / 2) * k;
  for (let y = Math.floor(cy - b); y <= Math.ceil(cy + b); y++)
    for (let x = Math.floor(cx - a); x <= Math.ceil(cx + a); x++) {
      if (((x - cx) / a) ** 2 + ((y - cy) / b) ** 2 > 1) continue;
      const i = y * img.width + x;
      img.data[i] = Math.round(img.data[i]! * (1 - alpha));
    }
}

/**
 * A blank page (from {@link blankPage}) filled in as a student would: the exam number's digits
 * and the options of `answers` (`{ questionId: 'AC' }`) bubbled, those of `faint` lightly.
 * Returns a new image; the blank one is left as it is.
 */
export function fillSheet(
  blank: RawImage,
  template: { elements: readonly unknown[] },
  page: number,
  dpi: number,
  fill: { examNumber: string; answers: Record<string, string>; faint?: ReadonlySet<string> },
): RawImage {
  const img = { ...blank, data: new Uint8Array(blank.data) };
  for (const e of template.elements as readonly Element[]) {
    if (e.page !== page) continue;
    if (e.kind === 'examNumberCell' && fill.examNumber[e.digit!] === String(e.value))
      mark(img, e, 0.9, dpi);
    if (e.kind === 'bubble' && fill.answers[e.questionId!]?.includes(e.option!))
      mark(img, e, fill.faint?.has(e.questionId!) ? 0.3 : 0.9, dpi);
  }
  return img;
}
