import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Db } from '../core/database';
import { badRequest } from '../core/envelope';

/** The largest decoded upload: 700 KiB of spreadsheet (about 20,000 short rows). */
export const MAX_UPLOAD_BYTES = 700 * 1024;
export const MAX_IMPORT_ROWS = 20_000;

export interface SheetRow {
  /** Spreadsheet row number (header = 1). */
  row: number;
  values: Record<string, string>;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}

/**
 * Reads the first sheet of an `.xlsx` or `.csv` upload into rows keyed by the
 * header texts. Refuses a file that is too big, unreadable or without the
 * required columns; blank rows are skipped.
 */
export async function readSheet(
  fileName: string,
  contentBase64: string,
  required: readonly string[],
): Promise<SheetRow[]> {
  const buffer = Buffer.from(contentBase64, 'base64');
  if (buffer.length === 0) throw badRequest('文件为空');
  if (buffer.length > MAX_UPLOAD_BYTES) throw badRequest('文件过大，请分批导入');
  const workbook = new ExcelJS.Workbook();
  let sheet: ExcelJS.Worksheet | undefined;
  try {
    if (fileName.toLowerCase().endsWith('.csv')) {
      const text = buffer.toString('utf8').replace(/^\uFEFF/, '');
      sheet = await workbook.csv.read(Readable.from([text]));
    } else {
      await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
      sheet = workbook.worksheets[0];
    }
  } catch {
    throw badRequest('无法读取文件，请使用模板（.xlsx 或 .csv）');
  }
  if (!sheet) throw badRequest('文件中没有工作表');
  const header = sheet.getRow(1);
  const columns = new Map<number, string>();
  header.eachCell((cell, col) => columns.set(col, cellText(cell.value).trim()));
  const names = new Set(columns.values());
  const missing = required.filter((r) => !names.has(r));
  if (missing.length > 0) throw badRequest(`缺少列：${missing.join('、')}`);
  if (sheet.rowCount - 1 > MAX_IMPORT_ROWS) throw badRequest(`一次最多导入 ${MAX_IMPORT_ROWS} 行`);
  const rows: SheetRow[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Record<string, string> = {};
    let blank = true;
    for (const [col, name] of columns) {
      const text = cellText(row.getCell(col).value).trim();
      if (text !== '') blank = false;
      values[name] = text;
    }
    if (!blank) rows.push({ row: rowNumber, values });
  });
  return rows;
}

/** The school's name, which an exported list's file name starts with. */
export async function schoolNameOf(db: Db, schoolId: number): Promise<string> {
  const row = await db
    .selectFrom('schools')
    .select('name')
    .where('id', '=', schoolId)
    .executeTakeFirst();
  return row?.name ?? '';
}

/** `示范中学-高一(1)班-学生名单.xlsx`: the non-empty parts joined, unsafe characters replaced. */
export function listFileName(parts: readonly (string | null | undefined)[]): string {
  const name = parts
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .map((p) => p.trim().replace(/[\\/:*?"<>|]/g, '_'))
    .join('-');
  return `${name}.xlsx`;
}

/** An `.xlsx` of one sheet with a bold header, base64 encoded for the envelope. */
export async function writeSheet(
  fileName: string,
  sheetName: string,
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): Promise<{ fileName: string; contentBase64: string }> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow([...header]).font = { bold: true };
  for (const row of rows) sheet.addRow([...row]);
  sheet.columns.forEach((c) => (c.width = 16));
  const buffer = await workbook.xlsx.writeBuffer();
  return { fileName, contentBase64: Buffer.from(buffer).toString('base64') };
}
