import type { QuestionInput, QuestionKind, RowError } from '@examkit/contracts';
import ExcelJS from 'exceljs';
import { badRequest } from '../core/envelope';

/** Rows of the first worksheet as trimmed texts (formula results, rich text and dates flattened). */
export async function readSheetRows(
  file: Buffer,
  options: { csvHeader?: string } = {},
): Promise<string[][]> {
  // A UTF-8 CSV starting with the expected first header (the raw scores export's .csv) is read
  // as CSV; everything else must be an .xlsx.
  const { csvHeader } = options;
  if (
    csvHeader &&
    file
      .toString('utf8', 0, 64)
      .replace(/^\uFEFF/, '')
      .startsWith(csvHeader)
  )
    return parseCsv(file);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  } catch {
    throw badRequest('文件无法读取，请上传 .xlsx 格式的 Excel 文件');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('文件中没有工作表');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c).value));
    rows[rowNumber - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}

/** Rows of a UTF-8 CSV (RFC 4180 quotes, optional BOM), cells trimmed. */
export function parseCsv(file: Buffer): string[][] {
  const text = file.toString('utf8').replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell.trim());
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell.trim());
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell.trim());
    rows.push(row);
  }
  return rows;
}

/** A CSV file of rows (UTF-8 with BOM, so Excel opens Chinese text correctly). */
export function writeCsv(rows: readonly (readonly (string | number | null)[])[]): Buffer {
  const quote = (v: string | number | null) => {
    const t = v === null ? '' : String(v);
    return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
  };
  return Buffer.from('\uFEFF' + rows.map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n');
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value)
      return value.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if ('text' in value) return String(value.text).trim();
  }
  return '';
}

/** Decodes a base64 upload; throws 400 when it is not base64. */
export function decodeUpload(base64: string): Buffer {
  const clean = base64.replace(/^data:[^,]*,/, '');
  if (!/^[A-Za-z0-9+/=\s]+$/.test(clean)) throw badRequest('文件内容不是有效的 base64');
  return Buffer.from(clean, 'base64');
}

/** Writes one worksheet; the header row bold and frozen. */
export async function writeSheet(
  name: string,
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  sheet.addRow([...header]).font = { bold: true };
  for (const row of rows) sheet.addRow([...row]);
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.columns.forEach((column, i) => {
    column.width = i < 2 ? 14 : 8;
  });
  const data = await workbook.xlsx.writeBuffer();
  return Buffer.from(data as ArrayBuffer);
}

export const QUESTION_HEADER = [
  '题号',
  '小题号',
  '题型',
  '满分',
  '选项数',
  '答案',
  '部分得分',
  '知识点',
  '能力',
] as const;

const KIND_NAMES: Record<string, QuestionKind> = {
  单选: 'single',
  单选题: 'single',
  single: 'single',
  多选: 'multiple',
  多选题: 'multiple',
  multiple: 'multiple',
  判断: 'judge',
  判断题: 'judge',
  judge: 'judge',
  填空: 'fill',
  填空题: 'fill',
  fill: 'fill',
  主观: 'subjective',
  主观题: 'subjective',
  解答: 'subjective',
  解答题: 'subjective',
  subjective: 'subjective',
};

const splitTags = (text: string) =>
  text
    .split(/[,，、;；]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/**
 * Reads a paper structure from rows with the columns of {@link QUESTION_HEADER} (a header
 * row is skipped). A row with 小题号 is a sub-question of the row with the same 题号; a missing
 * parent row is made a heading whose full marks are the sum of its sub-questions.
 */
export function parseQuestionRows(rows: readonly (readonly string[])[]): {
  questions: QuestionInput[];
  errors: RowError[];
} {
  const questions: QuestionInput[] = [];
  const errors: RowError[] = [];
  const byNumber = new Map<string, QuestionInput>();
  const autoParents = new Set<QuestionInput>();
  rows.forEach((cells, index) => {
    const row = index + 1;
    const [number = '', sub = '', kindText = '', marksText = '', optionsText = ''] = cells;
    const [, , , , , answer = '', partialText = '', points = '', abilities = ''] = cells;
    if (cells.every((c) => c === '')) return;
    if (number === '题号' || (index === 0 && /题号/.test(cells.join('')))) return;
    if (number === '') return errors.push({ row, message: '题号为空' });
    const kind = KIND_NAMES[kindText.trim().toLowerCase()] ?? KIND_NAMES[kindText.trim()];
    if (!kind) return errors.push({ row, key: number, message: `题型“${kindText}”无法识别` });
    const fullMarks = Number(marksText);
    if (marksText === '' || !Number.isFinite(fullMarks) || fullMarks <= 0)
      return errors.push({ row, key: number, message: `满分“${marksText}”不是大于 0 的数字` });
    const question: QuestionInput = { number, kind, fullMarks };
    if (optionsText !== '') {
      const optionCount = Number(optionsText);
      if (!Number.isInteger(optionCount) || optionCount < 2 || optionCount > 26)
        return errors.push({ row, key: number, message: `选项数“${optionsText}”应为 2–26 的整数` });
      question.optionCount = optionCount;
    }
    if (answer !== '') question.answer = answer;
    if (partialText !== '') {
      const partial = Number(partialText);
      if (!Number.isFinite(partial) || partial < 0)
        return errors.push({ row, key: number, message: `部分得分“${partialText}”不是数字` });
      question.partialMarks = partial;
    }
    if (points !== '') question.knowledgePoints = splitTags(points);
    if (abilities !== '') question.abilities = splitTags(abilities);
    if (sub === '') {
      if (byNumber.has(number) && !autoParents.has(byNumber.get(number) as QuestionInput))
        return errors.push({ row, key: number, message: `题号 ${number} 重复` });
      const existing = byNumber.get(number);
      if (existing) {
        // The heading row came after its sub-questions: keep them.
        Object.assign(existing, question, { children: existing.children ?? [] });
        autoParents.delete(existing);
        return;
      }
      byNumber.set(number, question);
      questions.push(question);
      return;
    }
    const { number: _own, ...rest } = question;
    let parent = byNumber.get(number);
    if (!parent) {
      parent = { number, kind: 'subjective', fullMarks: 0, children: [] };
      autoParents.add(parent);
      byNumber.set(number, parent);
      questions.push(parent);
    }
    parent.children = [...(parent.children ?? []), { number: sub, ...rest }];
    if (autoParents.has(parent)) parent.fullMarks += fullMarks;
  });
  return { questions, errors };
}

/** Splits pasted spreadsheet text (tab-separated, one row a line) into cells. */
export function splitPasted(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.split('\t').map((c) => c.trim()));
}
