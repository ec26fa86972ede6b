/** What a generated test sheet really holds: the truth its reading is scored against. */

export type ScanFileFormat = 'jpeg' | 'png' | 'tiff' | 'pdf' | 'raw';

export interface QuestionTruth {
  questionId: string;
  /** The answer the student meant (`''` none); for `double` on a single choice the two options. */
  answer: string;
  kind:
    | 'clear'
    | 'blank'
    | 'faint'
    | 'double'
    | 'erasure'
    | 'stray'
    | 'partial'
    // Marks that are not fills (see pencil.ts): must go to review, never read silently.
    | 'cross'
    | 'tick'
    | 'bar'
    | 'dot'
    | 'circle';
}

export interface SheetTruth {
  seed: number;
  page: number;
  examNumber: string;
  /** False when a digit was deliberately made faint or doubled (must go to review). */
  examNumberClear: boolean;
  absent: boolean;
  upsideDown: boolean;
  dpi: number;
  rotationDeg: number;
  scale: number;
  format: ScanFileFormat;
  degradations: string[];
  hiddenMarker: number | null;
  questions: QuestionTruth[];
  /** Bubbles with their intended state, for the bubble error rate. */
  bubbles: {
    questionId: string;
    option: string;
    intended: 'filled' | 'blank' | 'faint' | 'erased';
  }[];
}
