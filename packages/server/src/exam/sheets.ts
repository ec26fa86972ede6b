import { createHash } from 'node:crypto';
import {
  layoutSheet,
  toRecognitionTemplate,
  type PaperStructure,
  type SheetDocument,
  type SheetOverrides,
  type SheetSettings,
} from '@examkit/answer-sheet';
import type { Db } from '../core/database';
import { badRequest } from '../core/envelope';
import { loadQuestionRows, toPaperStructure, toQuestionTree } from './paper';

/** What `exam_subjects.sheet_design` holds: the design without its paper. */
export interface StoredDesign {
  settings: Partial<SheetSettings>;
  overrides: SheetOverrides;
}

export function parseDesign(json: string | null): StoredDesign {
  if (json === null) return { settings: {}, overrides: {} };
  const value = JSON.parse(json) as Partial<StoredDesign>;
  return { settings: value.settings ?? {}, overrides: value.overrides ?? {} };
}

const BOOLEAN_SETTINGS = [
  'isTemplate',
  'hasSealLine',
  'isClassAndExamNo',
  'isObjectiveVertical',
  'hasCareTip',
  'hasMissTag',
  'isHiddenQrcode',
  'showPagination',
  'isShowCorrectStand',
  'isShowHalfPoint',
] as const;
const TEXT_SETTINGS = [
  'answerSheetTitle',
  'attentionContent',
  'studentInfoContent',
  'sealLineStudentInfoContent',
] as const;
const CHOICES: Record<string, readonly number[]> = {
  isHen: [0, 1],
  column: [1, 2, 3],
  examNoType: [1, 2],
  isJudgeSymbol: [1, 2],
};

/** The designer's Chinese name of each setting, for messages. */
const SETTING_LABELS: Record<string, string> = {
  isTemplate: '仅答题区',
  hasSealLine: '密封线',
  isClassAndExamNo: '填写班级和考号',
  isObjectiveVertical: '客观题竖排',
  hasCareTip: '温馨提示',
  hasMissTag: '缺考标记',
  isHiddenQrcode: '显示二维码',
  showPagination: '页码',
  isShowCorrectStand: '填涂示例',
  isShowHalfPoint: '打分栏含半分',
  answerSheetTitle: '答题卡标题',
  attentionContent: '注意事项',
  studentInfoContent: '考生信息',
  sealLineStudentInfoContent: '密封线考生信息',
  isHen: '纸张',
  column: '栏数',
  examNoType: '考号形式',
  isJudgeSymbol: '判断题符号',
  examNumCount: '考号位数',
};
const settingName = (key: string) => SETTING_LABELS[key] ?? key;

/** Checks settings from the wire against the spec's settings; throws 400 naming the bad one. */
export function checkSettings(raw: Record<string, unknown>): Partial<SheetSettings> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if ((BOOLEAN_SETTINGS as readonly string[]).includes(key)) {
      if (typeof value !== 'boolean') throw badRequest(`答题卡设置“${settingName(key)}”应为是或否`);
    } else if ((TEXT_SETTINGS as readonly string[]).includes(key)) {
      if (typeof value !== 'string' || value.length > 2000)
        throw badRequest(`答题卡设置“${settingName(key)}”应为不超过 2000 字的文字`);
    } else if (key in CHOICES) {
      if (typeof value !== 'number' || !CHOICES[key]?.includes(value))
        throw badRequest(`答题卡设置“${settingName(key)}”的值无效`);
    } else if (key === 'examNumCount') {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 4 || value > 20)
        throw badRequest('考号位数应为 4–20');
    } else throw badRequest('未知的答题卡设置');
    out[key] = value;
  }
  return out as Partial<SheetSettings>;
}

/** Checks the designer's overrides: order and heights by question id, blank areas. */
export function checkOverrides(raw: Record<string, unknown>): SheetOverrides {
  const out: { -readonly [K in keyof SheetOverrides]: SheetOverrides[K] } = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'questionOrder') {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
        throw badRequest('题目顺序格式错误');
      out.questionOrder = value as string[];
    } else if (key === 'answerHeights') {
      if (
        typeof value !== 'object' ||
        value === null ||
        Object.values(value).some((v) => typeof v !== 'number' || v < 5 || v > 400)
      )
        throw badRequest('答题区高度格式错误');
      out.answerHeights = value as Record<string, number>;
    } else if (key === 'blankAreas') {
      const ok =
        Array.isArray(value) &&
        value.every(
          (b: unknown) =>
            typeof b === 'object' &&
            b !== null &&
            typeof (b as { id?: unknown }).id === 'string' &&
            typeof (b as { heightMm?: unknown }).heightMm === 'number' &&
            ((b as { afterQuestionId?: unknown }).afterQuestionId === null ||
              typeof (b as { afterQuestionId?: unknown }).afterQuestionId === 'string'),
        );
      if (!ok) throw badRequest('空白区域格式错误');
      out.blankAreas = value as NonNullable<SheetOverrides['blankAreas']>;
    } else throw badRequest('未知的答题卡调整项');
  }
  return out;
}

/**
 * The identity a subject's sheet prints in its QR code: `EK1|<examSubjectId>|<layout version>`,
 * the version being the first 8 hex digits of the SHA-256 of the recognition template laid out
 * without an identity, question ids left out (the subject is in the identity already). It
 * changes when a sheet printed earlier would no longer fit the template; a re-save that moves
 * nothing keeps it. @see docs/answer-sheet.md
 */
export function sheetIdentity(examSubjectId: number, plain: SheetDocument): string {
  const template = JSON.stringify(toRecognitionTemplate(plain), (key, value: unknown) =>
    key === 'questionId' ? undefined : value,
  );
  const version = createHash('sha256').update(template).digest('hex').slice(0, 8);
  return `EK1|${examSubjectId}|${version}`;
}

/** Runs a layout, turning the engine's refusal into a 400 the designer can show. */
function laidOut<T>(layout: () => T): T {
  try {
    return layout();
  } catch (error) {
    throw badRequest(`答题卡无法排版：${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The identity of a subject's sheet laid out from `paper` and `design` (see `sheetIdentity`). */
function subjectSheetIdentity(
  examSubjectId: number,
  paper: PaperStructure,
  design: StoredDesign,
): string {
  return laidOut(() =>
    sheetIdentity(examSubjectId, layoutSheet(paper, design.settings, design.overrides)),
  );
}

/**
 * The identity a saved sheet's PDF prints, for the designer to preview; null before the sheet is
 * saved or while the paper has no questions.
 */
export function savedSheetIdentity(
  subject: { id: number; sheet_saved_at: number | null },
  paper: PaperStructure,
  design: StoredDesign,
): string | null {
  if (subject.sheet_saved_at === null || paper.questions.length === 0) return null;
  return subjectSheetIdentity(subject.id, paper, design);
}

/**
 * The answer-sheet design of a subject as `examRoutes.sheetGet` answers it: the paper from its
 * questions, the saved settings and overrides (with the default 考号位数), the recognition
 * template and the saved sheet's identity. Shared by the single-exam and joint-exam pages.
 */
export async function sheetDesignData(
  db: Db,
  subject: {
    id: number;
    subject_name: string;
    sheet_design: string | null;
    sheet_template: string | null;
    sheet_saved_at: number | null;
  },
  editable: boolean,
) {
  const tree = toQuestionTree(await loadQuestionRows(db, subject.id));
  const numberLength = await examNumberLength(db, subject.id);
  const design = withExamNumberDefault(parseDesign(subject.sheet_design), numberLength);
  const paper = toPaperStructure(subject.subject_name, tree);
  return {
    examNumberLength: numberLength,
    examSubjectId: subject.id,
    saved: subject.sheet_saved_at !== null,
    savedAt: subject.sheet_saved_at,
    editable,
    design: {
      paper,
      settings: design.settings as Record<string, unknown>,
      overrides: design.overrides as Record<string, unknown>,
    },
    template:
      subject.sheet_template === null ? null : (JSON.parse(subject.sheet_template) as unknown),
    identity: savedSheetIdentity(subject, paper, design),
  };
}

/**
 * The length of the longest exam number (考号) among the students of the subject's exam; 0
 * when the exam has no students yet.
 */
export async function examNumberLength(db: Db, examSubjectId: number): Promise<number> {
  const row = await db
    .selectFrom('exam_subjects as s')
    .innerJoin('exam_students as st', 'st.exam_id', 's.exam_id')
    .select((eb) => eb.fn.max(eb.fn<number>('length', ['st.exam_no'])).as('n'))
    .where('s.id', '=', examSubjectId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * A design whose 考号位数 (`examNumCount`) was never set takes the length of the exam's exam
 * numbers, so a new sheet holds them (docs/answer-sheet.md); a chosen value stays.
 */
export function withExamNumberDefault(design: StoredDesign, length: number): StoredDesign {
  if (design.settings.examNumCount !== undefined || length <= 0) return design;
  return { ...design, settings: { ...design.settings, examNumCount: length } };
}

/** The subject's sheet from its questions and a design, with its identity; 400 without questions. */
async function laySubjectSheet(
  db: Db,
  subject: { id: number; subject_name: string },
  stored: StoredDesign,
): Promise<{ document: SheetDocument; identity: string }> {
  const design = withExamNumberDefault(stored, await examNumberLength(db, subject.id));
  const tree = toQuestionTree(await loadQuestionRows(db, subject.id));
  if (tree.length === 0) throw badRequest('请先录入试卷结构，再制作答题卡');
  const paper = toPaperStructure(subject.subject_name, tree);
  const identity = subjectSheetIdentity(subject.id, paper, design);
  const document = laidOut(() =>
    layoutSheet(paper, design.settings, design.overrides, { identity }),
  );
  return { document, identity };
}

/**
 * Lays out the subject's sheet from its questions and a design, carrying the sheet's identity
 * (see `sheetIdentity`); 400 when there are no questions.
 */
export async function layoutSubjectSheet(
  db: Db,
  subject: { id: number; subject_name: string },
  design: StoredDesign,
): Promise<SheetDocument> {
  return (await laySubjectSheet(db, subject, design)).document;
}

/** What saving a sheet gives back: its page count and the identity its QR code holds. */
export interface SavedSheet {
  pageCount: number;
  identity: string;
}

/** Saves a design and its recognition template. */
export async function saveSheet(
  trx: Db,
  subject: { id: number; subject_name: string },
  stored: StoredDesign,
  now: number,
): Promise<SavedSheet> {
  // The default 考号位数 is kept with the design: the template and every later PDF agree even
  // when the exam's students change.
  const design = withExamNumberDefault(stored, await examNumberLength(trx, subject.id));
  const { document, identity } = await laySubjectSheet(trx, subject, design);
  await trx
    .updateTable('exam_subjects')
    .set({
      sheet_design: JSON.stringify(design),
      sheet_template: JSON.stringify(toRecognitionTemplate(document)),
      sheet_saved_at: now,
    })
    .where('id', '=', subject.id)
    .execute();
  return { pageCount: document.pages.length, identity };
}

/** After a structure change: lays a saved sheet out again so its template matches the questions. */
export async function relayoutSavedSheet(
  trx: Db,
  examSubjectId: number,
  now: number,
): Promise<void> {
  const subject = await trx
    .selectFrom('exam_subjects')
    .select(['id', 'subject_name', 'sheet_design'])
    .where('id', '=', examSubjectId)
    .executeTakeFirstOrThrow();
  if (subject.sheet_design === null) return;
  await saveSheet(trx, subject, parseDesign(subject.sheet_design), now);
}
