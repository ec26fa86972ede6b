/**
 * Public types of `@examkit/answer-sheet`. Every length is in millimetres,
 * measured from the top-left corner of the page.
 */

/** How a question is answered on the sheet. */
export type QuestionType = 'single' | 'multiple' | 'judge' | 'fill' | 'subjective';

/** One question (or sub-question) of a paper, as the exams server will map its records. */
export interface PaperQuestion {
  /** Stable id, unique in the paper; the recognition template reports it. */
  id: string;
  /** Printed number, e.g. `"13"`; a sub-question's number is appended to its parent's (`"13"` + `"(1)"`). */
  number: string;
  type: QuestionType;
  /** Full marks of the question. */
  fullMarks: number;
  /**
   * Options of a choice question (A, B, C, …).
   * @default 4 (a true/false question always has 2)
   */
  optionCount?: number;
  /**
   * Smallest score a marker can give; 0.5 allows half points.
   * @default 1
   */
  scoreStep?: number;
  /**
   * Blanks of a fill-in question.
   * @default 1
   */
  blankCount?: number;
  /**
   * Height of a subjective answer box.
   * @default 30 + 3 × fullMarks, between 30 and 150
   */
  answerHeightMm?: number;
  /**
   * A 作文格 instead of a plain box (a subjective question): squares for at least `characters`
   * characters (the 字数要求) and two rows to spare, the count printed under every 100th square;
   * the grid continues over columns and pages, splitting between rows. Replaces `answerHeightMm`.
   */
  essayGrid?: { characters: number };
  /** Question text, printed above the answer area when the sheet is not a template (`isTemplate: false`). */
  stem?: string;
  /** Sub-questions; when present, the question itself is only a heading and its leaves are laid out. */
  subQuestions?: readonly PaperQuestion[];
}

/** The paper an answer sheet is laid out for. */
export interface PaperStructure {
  /** Subject name, printed after the title when given, e.g. `"数学"`. */
  subject?: string;
  questions: readonly PaperQuestion[];
}

/**
 * Answer-sheet settings of spec 001 §3, with the spec's defaults.
 * @see DEFAULT_SHEET_SETTINGS
 */
export interface SheetSettings {
  /**
   * Title printed at the top of the first page.
   * @default '答题卡'
   */
  answerSheetTitle: string;
  /**
   * Attention notes, one note per line.
   * @default the four usual notes (fill in name and number, 2B pencil, write inside the boxes, keep the sheet clean)
   */
  attentionContent: string;
  /**
   * Student information fields on the first page, separated by `,` or `，`.
   * @default '姓名,考场,座位号'
   */
  studentInfoContent: string;
  /**
   * Student information fields printed along the seal line, separated by `,` or `，`.
   * @default '学校,班级,姓名,考号'
   */
  sealLineStudentInfoContent: string;
  /**
   * `true`: an answer-only card; `false`: each question's `stem` is printed above its answer area.
   * @default true
   */
  isTemplate: boolean;
  /**
   * Paper: `0` A4 portrait (one column), `1` A3 landscape (two or three columns).
   * @default 0
   */
  isHen: 0 | 1;
  /**
   * Columns per page; always 1 on A4 portrait, 2 or 3 on A3 landscape (1 becomes 2).
   * @default 1
   */
  column: 1 | 2 | 3;
  /**
   * Seal line (密封线) with its student fields along the left edge of every page.
   * @default false
   */
  hasSealLine: boolean;
  /**
   * Exam number: `1` a bubble grid of `examNumCount` digits, `2` a barcode sticker area.
   * @default 1
   */
  examNoType: 1 | 2;
  /**
   * Adds the 班级 and 考号 write-in fields to the student information.
   * @default true
   */
  isClassAndExamNo: boolean;
  /**
   * Objective bubbles stacked vertically under each number instead of in a row after it.
   * @default false
   */
  isObjectiveVertical: boolean;
  /**
   * A care tip (write inside the boxes) at the foot of every column.
   * @default false
   */
  hasCareTip: boolean;
  /**
   * Absent mark 缺考 filled in by the invigilator.
   * @default true
   */
  hasMissTag: boolean;
  /**
   * Hides the QR code area of the first page.
   * @default true
   */
  isHiddenQrcode: boolean;
  /**
   * Digits of the exam number, between 4 and 20.
   * @default 8
   */
  examNumCount: number;
  /**
   * Page numbers (第 1 页 共 2 页) at the foot of every page.
   * @default true
   */
  showPagination: boolean;
  /**
   * True/false symbols: `1` √ and ×, `2` T and F.
   * @default 1
   */
  isJudgeSymbol: 1 | 2;
  /**
   * Shows the correct and wrong filling examples (正确填涂 / 错误填涂) beside the attention notes.
   * @default false
   */
  isShowCorrectStand: boolean;
  /**
   * Adds a 0.5 cell to the score bars of subjective questions.
   * @default true
   */
  isShowHalfPoint: boolean;
}

/** A blank area inserted by the designer after a question (or at the start when `afterQuestionId` is null). */
export interface BlankArea {
  id: string;
  afterQuestionId: string | null;
  heightMm: number;
}

/** What the designer changes on top of the paper and the settings. */
export interface SheetOverrides {
  /** Leaf question ids in display order; ids missing here keep their paper order after the listed ones. */
  questionOrder?: readonly string[];
  /** Subjective answer box heights by question id. */
  answerHeights?: Readonly<Record<string, number>>;
  blankAreas?: readonly BlankArea[];
}

/** What the designer edits: the paper, the settings and the overrides. */
export interface SheetDesign {
  paper: PaperStructure;
  settings: Partial<SheetSettings>;
  overrides: SheetOverrides;
}

/** An axis-aligned rectangle in millimetres (top-left origin). */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A bubble to fill: an objective option, a true/false symbol or an exam-number digit. */
export interface Bubble {
  rect: Rect;
  /** Printed inside the bubble: `A`, `√`, `T`, `7`… */
  label: string;
}

/** One objective question inside an objective block. */
export interface ObjectiveItem {
  questionId: string;
  number: string;
  type: 'single' | 'multiple' | 'judge';
  fullMarks: number;
  labelRect: Rect;
  /** Options in order; `option` is the letter (A, B…) or `T`/`F` for true/false. */
  options: readonly (Bubble & { option: string })[];
}

/** A cell of a score bar. */
export interface ScoreCell {
  rect: Rect;
  /** The score the cell stands for; tens cells are 10, 20…; the half cell is 0.5. */
  value: number;
  label: string;
}

interface RegionBase {
  /** Outer rectangle; regions of a page never overlap. */
  rect: Rect;
}

/** Everything drawn on a sheet, by kind. */
export type SheetRegion =
  | (RegionBase & { kind: 'title'; text: string; fontSizeMm: number })
  | (RegionBase & {
      kind: 'studentInfo';
      fields: readonly { label: string; rect: Rect; lineY: number }[];
    })
  | (RegionBase & {
      kind: 'examNumber';
      anchors: readonly Rect[];
      writeBoxes: readonly Rect[];
      /** `digits[d][v]` is the bubble of value `v` in digit position `d`. */
      digits: readonly (readonly Bubble[])[];
    })
  | (RegionBase & { kind: 'barcode' })
  | (RegionBase & { kind: 'attention'; lines: readonly string[]; fontSizeMm: number })
  | (RegionBase & { kind: 'fillExample'; correct: Rect; wrong: readonly Rect[] })
  | (RegionBase & { kind: 'missTag'; box: Rect })
  | (RegionBase & {
      kind: 'qrcode';
      /** The square of the code, quiet zone included (the caption 二维码 sits below it). */
      code: Rect;
      /** What the code holds: the document's `identity`, or null when it has none (an empty labelled box is printed). */
      payload: string | null;
    })
  | (RegionBase & { kind: 'careTip'; text: string })
  | (RegionBase & { kind: 'sealLine'; fields: readonly string[] })
  | (RegionBase & { kind: 'objective'; anchors: readonly Rect[]; items: readonly ObjectiveItem[] })
  | (RegionBase & {
      kind: 'stem';
      questionId: string;
      lines: readonly string[];
      fontSizeMm: number;
    })
  | (RegionBase & {
      kind: 'fill';
      questionId: string;
      number: string;
      fullMarks: number;
      /** Writing lines as thin rectangles (their top edge is the line). */
      lines: readonly Rect[];
    })
  | (RegionBase & {
      kind: 'subjective';
      questionId: string;
      number: string;
      fullMarks: number;
      /** 0 for the first part; later parts continue the answer in a later column or page. */
      part: number;
      /** A later part follows in the next column or page. */
      continues: boolean;
      /** Header text: `14．（12分）` or `14 题（续）`. */
      heading: string;
      scoreCells: readonly ScoreCell[];
      /** The 作文格 of an `essayGrid` question in this part, else absent. */
      grid?: EssayGrid;
    })
  | (RegionBase & { kind: 'blank'; blankId: string })
  | (RegionBase & { kind: 'pageCode'; cells: readonly { rect: Rect; filled: boolean }[] })
  | (RegionBase & { kind: 'pageNumber'; text: string });

/** The squares of a 作文格 in one part of an answer box. */
export interface EssayGrid {
  /** Top left of the first square, mm. */
  x: number;
  y: number;
  /** Side of a square and the distance between rows (the gap holds the count marks), mm. */
  cellMm: number;
  rowPitchMm: number;
  /** Squares a row and rows in this part. */
  perRow: number;
  rows: number;
  /** How many squares came before this part (0 in the first part). */
  first: number;
  /** The count marks under the squares: `{ after: 100, … }`, with their positions. */
  marks: readonly { after: number; rect: Rect }[];
}

/** The kinds of `SheetRegion`. */
export type SheetRegionKind = SheetRegion['kind'];

/** A solid corner marker of a page. */
export interface CornerMarker {
  corner: 'topLeft' | 'topRight' | 'bottomLeft' | 'bottomRight';
  rect: Rect;
}

/** One page (one side of a sheet) of the laid-out document. */
export interface SheetPage {
  /** 0-based. */
  index: number;
  /** Column frames in which questions flow. */
  columns: readonly Rect[];
  markers: readonly CornerMarker[];
  /** In drawing and reading order. */
  regions: readonly SheetRegion[];
}

/** The laid-out answer sheet: what the preview, the PDF and the recognition template are made from. */
export interface SheetDocument {
  version: 1;
  paperSize: 'A4' | 'A3';
  widthMm: number;
  heightMm: number;
  /** Where content may go: clear of the corner markers and the footer band. */
  contentArea: Rect;
  /** Where a printer can print. */
  printableArea: Rect;
  settings: SheetSettings;
  /** The sheet's identity printed in its QR code (see `LayoutOptions.identity`). */
  identity?: string;
  pages: readonly SheetPage[];
}

/** Options of `layoutSheet` that are not answer-sheet settings. */
export interface LayoutOptions {
  /**
   * A short identity of the sheet, printed as the QR code of the first page when the code is
   * shown (`isHiddenQrcode: false`) and expected back by the recogniser: 1 to 62 printable ASCII
   * characters, e.g. `EK1|<examSubjectId>|<layout version>`. Never personal data.
   * Without it the QR area stays an empty labelled box.
   * @see docs/answer-sheet.md
   */
  identity?: string;
}

/** One recognisable element of the recognition template. */
export type TemplateElement =
  | {
      kind: 'marker';
      page: number;
      corner: CornerMarker['corner'];
      x: number;
      y: number;
      w: number;
      h: number;
    }
  | {
      kind: 'anchor';
      page: number;
      block: 'objective' | 'examNumber';
      x: number;
      y: number;
      w: number;
      h: number;
    }
  | {
      kind: 'pageCode';
      page: number;
      bit: number;
      filled: boolean;
      x: number;
      y: number;
      w: number;
      h: number;
    }
  | {
      kind: 'bubble';
      page: number;
      questionId: string;
      number: string;
      questionType: 'single' | 'multiple' | 'judge';
      option: string;
      x: number;
      y: number;
      w: number;
      h: number;
    }
  | {
      kind: 'examNumberCell';
      page: number;
      digit: number;
      value: number;
      x: number;
      y: number;
      w: number;
      h: number;
    }
  | { kind: 'barcode'; page: number; x: number; y: number; w: number; h: number }
  | {
      kind: 'qrcode';
      page: number;
      /** The square of the code, quiet zone included. */
      x: number;
      y: number;
      w: number;
      h: number;
      /** The text the code must read as: the sheet's identity. */
      payload: string;
    }
  | { kind: 'absent'; page: number; x: number; y: number; w: number; h: number }
  | {
      kind: 'subjective' | 'fill';
      page: number;
      questionId: string;
      number: string;
      fullMarks: number;
      part: number;
      x: number;
      y: number;
      w: number;
      h: number;
    }
  | {
      kind: 'scoreCell';
      page: number;
      questionId: string;
      value: number;
      x: number;
      y: number;
      w: number;
      h: number;
    };

/** The versioned recognition template the scanning side reads. */
export interface RecognitionTemplate {
  version: 1;
  unit: 'mm';
  paperSize: 'A4' | 'A3';
  widthMm: number;
  heightMm: number;
  pageCount: number;
  examNoType: 1 | 2;
  examNumCount: number;
  /** Page code: bit 0 always filled, bit 7 always empty, bits 1–6 the page number (most significant first). */
  pageCodeBits: number;
  elements: readonly TemplateElement[];
}

/** Options of `renderSheetPdf`. */
export interface RenderSheetPdfOptions {
  /**
   * A font file with CJK glyphs; embedded as a subset.
   * @default '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'
   */
  fontPath?: string;
  /**
   * Face inside a font collection (`.ttc`).
   * @default 'NotoSansCJKsc-Regular'
   */
  fontFamily?: string;
  /** Pre-prints a student: name and exam number written, exam-number bubbles filled. */
  student?: { examNumber: string; name?: string };
}
