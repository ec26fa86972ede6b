import type { GaokaoReport } from '@examkit/contracts';
import { writeSheet } from '../exam/spreadsheets';

/** The transcript as .xlsx: raw, level and converted score of each subject, total and rank. */
export async function transcriptFile(
  analysisName: string,
  report: GaokaoReport,
  track: 'all' | 'physics' | 'history',
  label: string,
) {
  const header = ['学号', '姓名', '班级', '类别'];
  for (const s of report.subjects)
    header.push(
      ...(s.role === 'converted'
        ? [`${s.name}原始分`, `${s.name}等级`, `${s.name}赋分`]
        : [s.name]),
    );
  header.push('总分', '类内排名');
  const rows = report.students
    .filter((s) => track === 'all' || s.track === track)
    .map((s) => {
      const cells: (string | number)[] = [
        s.studentNo,
        s.name,
        s.className,
        s.track === 'physics' ? '物理类' : '历史类',
      ];
      report.subjects.forEach((subject, j) => {
        const raw = s.raw[j] ?? '';
        if (subject.role === 'converted') cells.push(raw, s.levels[j] ?? '', s.converted[j] ?? '');
        else cells.push(raw);
      });
      cells.push(s.total ?? '', s.rank ?? '');
      return cells;
    });
  const body = await writeSheet('新高考成绩单', header, rows);
  return {
    fileName: `${analysisName}-新高考成绩单（${label}）.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body,
  };
}
