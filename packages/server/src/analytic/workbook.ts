import type { AnalyticReport, RegionAnalysisReport } from '@examkit/contracts';
import ExcelJS from 'exceljs';
import type { Static } from 'typebox';

type Report = Static<typeof AnalyticReport>;
type Cell = string | number;

/** A stored figure as the page shows it: two decimals, empty where there is none. */
const fig = (value: number | null | undefined): Cell =>
  value === null || value === undefined ? '' : Math.round(value * 100) / 100;

function addSheet(workbook: ExcelJS.Workbook, name: string, header: Cell[], rows: Cell[][]) {
  const sheet = workbook.addWorksheet(name);
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.columns.forEach((column, i) => {
    column.width = i < 2 ? 16 : 12;
  });
}

/**
 * An analysis as .xlsx, the same figures as its report page (docs/analytic-centre.md#export):
 * 考试概况, the class or school means (班级趋势 / 学校趋势), 学科趋势 (each subject's mean per exam,
 * for the whole exam and each group) and 学生趋势 (each student's total, grade rank and percentile).
 */
export async function analysisWorkbook(report: Report): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const examNames = report.exams.map((e) => e.name);
  const groupWord = report.analysis.kind === 'multiple' ? '学校' : '班级';
  const groupName = new Map(report.groups.map((g) => [g.key, g.name]));

  addSheet(
    workbook,
    '考试概况',
    ['考试', '日期', '满分', '人数', '平均分'],
    report.exams.map((e) => [e.name, e.examDate, e.fullMarks, e.count, fig(e.mean)]),
  );
  addSheet(
    workbook,
    `${groupWord}趋势`,
    [groupWord, ...examNames],
    [
      ['全体', ...report.exams.map((e) => fig(e.mean))],
      ...report.groups.map((g) => [g.name, ...g.means.map(fig)]),
    ],
  );
  const subjectRows: Cell[][] = [];
  for (const subject of report.subjects) {
    subjectRows.push([subject.name, '全体', ...subject.means.map(fig)]);
    for (const g of subject.groups)
      subjectRows.push([subject.name, groupName.get(g.key) ?? g.key, ...g.means.map(fig)]);
  }
  addSheet(workbook, '学科趋势', ['学科', groupWord, ...examNames], subjectRows);
  addSheet(
    workbook,
    '学生趋势',
    [
      '学号',
      '姓名',
      groupWord === '学校' ? '学校/班级' : '班级',
      ...examNames.flatMap((name) => [`${name}总分`, `${name}排名`, `${name}百分位`]),
    ],
    report.students.list.map((s) => [
      s.studentNo,
      s.name,
      s.className,
      ...s.points.flatMap((p) => [fig(p?.score), p?.gradeRank ?? '', fig(p?.percentile)]),
    ]),
  );
  const data = await workbook.xlsx.writeBuffer();
  return Buffer.from(data as ArrayBuffer);
}

/**
 * A region analysis as .xlsx (docs/analytic-centre.md#region): one sheet for 总分 and one for each
 * subject, a row per school with per joint exam its 均分, 名次 and 百分位 — the page's figures.
 */
export async function regionWorkbook(report: Static<typeof RegionAnalysisReport>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const header = [
    '学校',
    ...report.exams.flatMap((e) => [`${e.name}均分`, `${e.name}名次`, `${e.name}百分位`]),
  ];
  for (const subject of report.subjects)
    addSheet(
      workbook,
      subject.name.replace(/[*?:\\/[\]]/g, ' ').slice(0, 31),
      header,
      subject.schools.map((s) => [
        s.name,
        ...s.points.flatMap((p) => [fig(p?.mean), p?.rank ?? '', fig(p?.percentile)]),
      ]),
    );
  const data = await workbook.xlsx.writeBuffer();
  return Buffer.from(data as ArrayBuffer);
}
