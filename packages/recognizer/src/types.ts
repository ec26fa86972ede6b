import type { RecognitionTemplate } from '@examkit/answer-sheet';

export type { RecognitionTemplate };

/** A grey image: one byte a pixel, 0 black, 255 white, rows top to bottom. */
export interface RawImage {
  width: number;
  height: number;
  data: Uint8Array;
  /**
   * The page was black and white (1-bit or dithered) before `decodeScan` averaged it down to the
   * reading resolution; unset: measured on the pixels.
   */
  bilevel?: boolean;
  /**
   * The same page at the scan's own resolution, kept by `decodeScan` when it averaged the page
   * down to the reading resolution: subjective crops (and an aligned page finer than the reading
   * resolution) are cut from it, so what a teacher marks from stays at the scan's resolution.
   */
  full?: RawImage;
}

/** Why a sheet could not be recognised. */
export type FailureCode =
  'decode' | 'markers' | 'orientation' | 'wrongExam' | 'template' | 'internal';

/** A sheet that could not be recognised; `reason` is Chinese text for the operator. */
export interface FailedSheet {
  status: 'failed';
  code: FailureCode;
  reason: string;
  /** Job id (pool) and page of the scanned file (0-based), when known. */
  id?: string;
  scanPage?: number;
}

/** Reading of one bubble (objective option, exam-number cell or absent box). */
export type MarkState = 'blank' | 'filled' | 'faint';

export interface BubbleReading {
  option: string;
  /** Darkness of the bubble centre above the printed empty bubble: 0 empty, 1 solid black. */
  darkness: number;
  state: MarkState;
  /**
   * Set when the bubble holds a mark that is not a fill: `'stroke'` (a cross, tick, bar, centre
   * dot or a part-filled bubble) or `'circled'` (a ring drawn round a bubble left empty). The
   * question then goes to review (flag `notFilled`).
   */
  shape?: 'stroke' | 'circled';
}

export type AnswerFlag = 'faint' | 'multiple' | 'erasure' | 'blank' | 'notFilled';

export interface ObjectiveAnswer {
  questionId: string;
  number: string;
  questionType: 'single' | 'multiple' | 'judge';
  /** Marked options in order (`'AC'`), `''` when none. Only to be trusted when `status` is `'ok'`. */
  answer: string;
  status: 'ok' | 'review';
  flags: AnswerFlag[];
  /** 0–1: how far the least certain bubble lies from a threshold. */
  confidence: number;
  bubbles: BubbleReading[];
  /** Score when an answer key was given (`null` when under review). */
  score?: number | null;
}

export interface ExamNumberDigit {
  digit: number;
  /** 0–9, or null when blank, faint or several. */
  value: number | null;
  state: 'ok' | 'blank' | 'faint' | 'multiple';
  confidence: number;
}

/** A subjective or fill-in answer region, cut out with a 1 mm margin and straightened. */
export interface AnswerCrop {
  questionId: string;
  number: string;
  kind: 'subjective' | 'fill';
  part: number;
  fullMarks: number;
  /** The rectangle cut out, in template millimetres (margin included). */
  rectMm: { x: number; y: number; w: number; h: number };
  image: RawImage;
}

export interface AlignmentInfo {
  markersFound: number;
  /** Pixels per millimetre measured from the corner markers. */
  pxPerMm: number;
  rotationDeg: number;
  upsideDown: boolean;
  /** Residual of the marker fit (affine check) in mm; 0 with three markers. */
  markerResidualMm: number;
  anchorsExpected: number;
  anchorsFound: number;
  /** Largest distance between a found anchor and where the markers put it, in mm. */
  anchorResidualMm: number;
  /** Template → image homography (row-major 3×3, h33 = 1). */
  homography: number[];
}

export interface RecognizedSheet {
  status: 'ok' | 'review';
  /** Chinese reasons why a person must look at this sheet (empty when `ok`). */
  reviewReasons: string[];
  id?: string;
  scanPage?: number;
  /** Template page (0-based) read from the page code. */
  page: number;
  /** Exam number when every digit is certain, else null (`status` is then `'review'`). */
  examNumber: string | null;
  examNumberDigits: ExamNumberDigit[];
  /** Absent mark: true/false, null when this page has no absent box or the mark is faint. */
  absent: boolean | null;
  /**
   * The sheet's QR code where the template expects one on this page: the payload read (equal to
   * the template's, else the sheet fails as `wrongExam`), or null when the code could not be read
   * (the layout already matched, so the sheet is not failed for it). Absent when not expected.
   */
  qrcode?: string | null;
  answers: ObjectiveAnswer[];
  crops: AnswerCrop[];
  /** The page straightened into template space at `alignedPageDpi`, for review (see `alignedPage`). */
  alignedPage?: RawImage;
  alignment: AlignmentInfo;
  /** The scan is black and white only (1-bit or dithered): empty questions go to review. */
  bilevel: boolean;
  timings?: { recognizeMs: number };
}

export type SheetResult = RecognizedSheet | FailedSheet;

/** Answer key: question id → correct options (`'B'`, `'ACD'`, `'T'`) and marks. */
export type AnswerKey = Record<
  string,
  {
    answer: string;
    marks: number;
    /** Marks for a correct non-empty subset (multiple choice). */ partialMarks?: number;
  }
>;

export interface RecognizeOptions {
  /** Dots per inch of the aligned page; 0 leaves it out. @default 100 */
  alignedPageDpi?: number;
  /** Which sheets keep the aligned page: those going to review (default), all, or none. */
  alignedPage?: 'review' | 'always' | 'never';
  /** Leave out the subjective crops. @default false */
  skipCrops?: boolean;
  /** Known exam numbers; a number read but not in the list goes to review. */
  examNumbers?: ReadonlySet<string> | readonly string[];
  answerKey?: AnswerKey;
  /** Thresholds (see docs/recognition.md); defaults are the tuned ones. */
  thresholds?: Partial<MarkThresholds>;
  /** Job id copied into the result. */
  id?: string;
}

export interface MarkThresholds {
  /** Below: blank. */
  blank: number;
  /** At or above: filled. Between blank and filled: faint (review). */
  filled: number;
  /** A non-filled option of a question with a filled one, at or above this: erasure suspected. */
  erasure: number;
  /** Largest marker fit residual accepted, mm. */
  maxMarkerResidualMm: number;
  /** Largest anchor displacement from the marker fit accepted, mm (beyond: wrong exam). */
  maxAnchorResidualMm: number;
}
