import type { GaokaoReport } from '@examkit/contracts';
import type { SessionInfo } from '../core/session';
import type { DownloadJobs } from '../download/jobs';
import { writeSheet } from '../exam/spreadsheets';

type Track = 'all' | 'physics' | 'history';

/** The transcript as .xlsx: raw, level and converted score of each subject, total and rank. */
export async function transcriptFile(
  analysisName: string,
  report: GaokaoReport,
  track: Track,
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

/**
 * Starts the transcript of a track as a download-centre job (`<analysis>-新高考成绩单（<track>）`),
 * of the report read when asked; `analysis` names the analysis in the job's params (a school's or
 * a joint one's id), so the same user asking again gets the same job.
 */
export async function startTranscriptJob(
  downloads: DownloadJobs,
  session: SessionInfo,
  request: {
    name: string;
    analysis: Record<string, number>;
    report: GaokaoReport;
    track: Track;
  },
): Promise<{ jobId: number }> {
  const { name, report, track } = request;
  const label = { all: '全部', physics: '物理类', history: '历史类' }[track];
  const { jobId } = await downloads.start(session, {
    kind: 'report',
    title: `${name}-新高考成绩单（${label}）`,
    params: { ...request.analysis, track },
    async run(progress) {
      progress(10, '正在生成成绩单');
      return transcriptFile(name, report, track, label);
    },
  });
  return { jobId };
}
