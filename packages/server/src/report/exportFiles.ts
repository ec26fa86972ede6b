import { existsSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { BrowserType } from 'playwright-core';
import { ApiError } from '../core/envelope';

/** How a column is shown: text, a count, a score (2 decimals) or a rate (percentage, 2 decimals). */
export type ColumnKind = 'text' | 'int' | 'score' | 'rate';
export type Cell = string | number | null;

/** One table of a report page, ready for `.xlsx`, HTML or PDF. */
export interface ReportTable {
  title: string;
  /** Starts a new printed page (one student a page in a grade's transcripts). @default false */
  newPage?: boolean;
  columns: { header: string; kind: ColumnKind }[];
  rows: Cell[][];
}

/** A cell for display: rounding only here, never in the figures (docs/analysis.md). */
export function displayCell(value: Cell, kind: ColumnKind): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'string') return value;
  if (kind === 'rate') return `${(value * 100).toFixed(2)}%`;
  if (kind === 'score') return Number.isInteger(value) ? String(value) : value.toFixed(2);
  return String(value);
}

const NUM_FORMATS: Record<ColumnKind, string | undefined> = {
  text: undefined,
  int: '0',
  score: '0.##',
  rate: '0.00%',
};

function sheetName(title: string, used: Set<string>): string {
  const base = title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 28) || 'Sheet';
  let name = base;
  for (let i = 2; used.has(name); i++) name = `${base.slice(0, 26)}-${i}`;
  used.add(name);
  return name;
}

/** The tables as a workbook, one sheet each; numbers stay numbers, shown rounded by format. */
export async function tablesToXlsx(title: string, tables: ReportTable[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'examkit';
  workbook.title = title;
  const used = new Set<string>();
  for (const table of tables) {
    const sheet = workbook.addWorksheet(sheetName(table.title, used));
    sheet.columns = table.columns.map((c) => ({
      header: c.header,
      width: Math.max(8, Math.min(40, c.header.length * 2 + 4)),
      ...(NUM_FORMATS[c.kind] ? { style: { numFmt: NUM_FORMATS[c.kind]! } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    for (const row of table.rows) sheet.addRow(row.map((v) => (v === null ? '' : v)));
  }
  if (tables.length === 0) workbook.addWorksheet('暂无数据').addRow(['暂无数据']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** A print-ready page of the tables (A4, repeated headers, no scripts or outside resources). */
export function tablesToHtml(title: string, subtitle: string, tables: ReportTable[]): string {
  const body = tables
    .map((t) => {
      const head = t.columns.map((c) => `<th>${escapeHtml(c.header)}</th>`).join('');
      const rows = t.rows.length
        ? t.rows
            .map(
              (r) =>
                `<tr>${r
                  .map(
                    (v, i) =>
                      `<td class="${t.columns[i]?.kind ?? 'text'}">${escapeHtml(displayCell(v, t.columns[i]?.kind ?? 'text'))}</td>`,
                  )
                  .join('')}</tr>`,
            )
            .join('')
        : `<tr><td colspan="${t.columns.length}" class="empty">暂无数据</td></tr>`;
      return `<section${t.newPage ? ' class="page"' : ''}><h2>${escapeHtml(t.title)}</h2><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></section>`;
    })
    .join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>
@page { size: A4 landscape; margin: 12mm; }
body { font-family: "Noto Sans CJK SC", "Noto Serif CJK SC", "Microsoft YaHei", sans-serif; font-size: 10pt; color: #222; }
h1 { font-size: 16pt; margin: 0 0 2mm; } .sub { color: #666; margin-bottom: 4mm; }
h2 { font-size: 12pt; margin: 5mm 0 2mm; }
table { border-collapse: collapse; width: 100%; } thead { display: table-header-group; }
tr { page-break-inside: avoid; } section.page { break-before: page; }
th, td { border: 1px solid #999; padding: 1mm 1.5mm; } th { background: #eef2f7; }
td.int, td.score, td.rate { text-align: right; } td.empty { text-align: center; color: #888; }
</style></head><body><h1>${escapeHtml(title)}</h1><div class="sub">${escapeHtml(subtitle)}</div>${body}</body></html>`;
}

/** Where Chromium lives: `CHROMIUM_PATH`, else the Debian and other usual places; null when absent. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = env.CHROMIUM_PATH
    ? [env.CHROMIUM_PATH]
    : ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((p) => existsSync(p)) ?? null;
}

export const NO_CHROMIUM_MESSAGE =
  '服务器未安装 Chromium，无法生成 PDF：请安装 chromium 软件包（Debian/Ubuntu：apt-get install chromium），或以 CHROMIUM_PATH 指定浏览器路径';
export const NO_DRIVER_MESSAGE =
  '服务器缺少 playwright-core，无法生成 PDF：请在服务器目录运行 npm install playwright-core';
/** Result code of a PDF asked for where Chromium is missing: the service is unavailable here. */
export const UNAVAILABLE = 503;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// One Chromium at a time: it is heavy, and the server shares its cores.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders print HTML to an A4 PDF with headless Chromium (landscape unless told otherwise); a
 * clear 503 when it is not installed.
 */
export async function htmlToPdf(
  html: string,
  options: { executablePath?: string | null; landscape?: boolean } = {},
): Promise<Buffer> {
  const executablePath =
    options.executablePath === undefined ? findChromium() : options.executablePath;
  if (!executablePath) throw new ApiError(UNAVAILABLE, NO_CHROMIUM_MESSAGE);
  let chromium: BrowserType;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    throw new ApiError(UNAVAILABLE, NO_DRIVER_MESSAGE);
  }
  const run = async () => {
    let browser;
    try {
      browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: 30_000 });
    } catch {
      throw new ApiError(UNAVAILABLE, `Chromium（${executablePath}）无法启动，无法生成 PDF`);
    }
    try {
      const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
      const page = await context.newPage();
      await page.setContent(html, { waitUntil: 'load', timeout: 30_000 });
      return await page.pdf({
        format: 'A4',
        landscape: options.landscape ?? true,
        printBackground: true,
      });
    } finally {
      await browser.close();
    }
  };
  const job = queue.then(run, run);
  queue = job.catch(() => undefined);
  return job;
}

/** The Chinese name of each exported report page, as its file names say it. */
export const REPORT_FILE_TITLES: Readonly<Record<string, string>> = {
  'class/basic': '班级成绩',
  'class/comment': '班级试卷讲评',
  'class/ability': '班级能力分析',
  'class/analysis': '班级学情分析',
  'class/transcript': '班级成绩单',
  'class/problemSet': '班级错题集',
  'student/transcript': '学生成绩单',
  'grade/basic': '年级成绩',
  'grade/comment': '年级试卷讲评',
  'grade/ability': '年级能力分析',
  'grade/rank': '年级排名分析',
  'grade/transcript': '年级成绩单',
  'grade/problemSet': '年级错题集',
  'grade/segments': '一分一段',
  'grade/transcripts': '全年级成绩单',
  'grade/customContrast': '年级自定义对比',
  quickReview: '快速讲评',
  warningReport: '预警报告',
  quality: '阅卷质量',
};

/**
 * A download's file name from its parts (exam, class, student, subject, report), the empty
 * ones left out and characters no file system takes replaced:
 * `2026期中考试-高一(1)班-班级成绩.xlsx`.
 */
export function downloadFileName(parts: readonly (string | null | undefined)[], ext: string) {
  const name = parts
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .map((p) => p.trim().replace(/[\\/:*?"<>|]/g, '_'))
    .join('-');
  return `${name}.${ext}`;
}
