import type { DomainDeps } from '../core/deps';
import type { DownloadJobs, DownloadRequest } from '../download/jobs';
import { downloadFileName, htmlToPdf, tablesToHtml, type ReportTable } from '../report/exportFiles';
import { pageTables } from '../report/pageTables';
import {
  gradeAbility,
  gradeBasic,
  gradeComment,
  gradeTranscript,
  type ReportContext,
} from '../report/views';
import type { JointRow } from './access';
import { ownCritical } from './privacy';

/** What the joint report routes need: the database, the clock, and the download centre for PDFs. */
export interface JointReportDeps extends Pick<DomainDeps, 'db' | 'clock'> {
  downloads?: DownloadJobs;
  /** Chromium for PDFs; null turns PDFs off. @default found on the usual paths */
  chromiumPath?: string | null;
}

/** The single-exam tables' words for a joint exam: a group is a school, the whole is the joint exam. */
function jointWords(table: ReportTable): ReportTable {
  const word = (text: string) => text.replace('班级', '学校').replace('年级', '联考');
  return {
    ...table,
    columns: table.columns.map((c) => ({ ...c, header: word(c.header) })),
    rows: table.rows.map((row) => row.map((cell) => (cell === '年级' ? '联考整体' : cell))),
  };
}

/**
 * The joint report as one PDF (docs/joint-exams.md#pdf), a download-centre job: the grade basic
 * page, each subject's 试卷讲评 and 能力分析, and the transcript of the viewer's own students (the
 * bureau: every student), cut by the same privacy rules as the pages.
 */
export function jointReportPdf(
  deps: Pick<JointReportDeps, 'chromiumPath'>,
  joint: JointRow,
  ctx: ReportContext,
  own: number | null | undefined,
): DownloadRequest {
  return {
    kind: 'report',
    title: `${joint.name}-联考报告（PDF）`,
    params: { jointExamId: joint.id, page: 'joint-report' },
    async run(progress) {
      const subjects = ctx.report.snapshot.subjects;
      const steps = 2 + subjects.length;
      progress(0, '正在读取报告数据');
      const tables: ReportTable[] = [
        ...pageTables('grade/basic', ownCritical(own, gradeBasic(ctx))),
      ];
      for (const [n, s] of subjects.entries()) {
        progress(((n + 1) / steps) * 80, `正在生成${s.name}`);
        for (const [i, t] of [
          ...pageTables('grade/comment', gradeComment(ctx, s.id, [])),
          ...pageTables('grade/ability', gradeAbility(ctx, s.id)),
        ].entries())
          tables.push({ ...t, newPage: i === 0 });
      }
      if (own !== undefined) {
        const transcript = gradeTranscript(ctx, {
          pageNum: 1,
          pageSize: Number.MAX_SAFE_INTEGER,
          ...(own !== null && { classId: own }),
        });
        for (const [i, t] of pageTables('grade/transcript', transcript).entries())
          tables.push({ ...t, title: '联考成绩单', newPage: i === 0 });
      }
      progress(85, '正在生成PDF');
      const exam = ctx.report.snapshot.exam;
      const html = tablesToHtml(
        `${joint.name} · 联考报告`,
        `${exam.gradeName} · ${exam.examType} · ${exam.examDate}`,
        tables.map(jointWords),
      );
      const pdf = await htmlToPdf(
        html,
        deps.chromiumPath === undefined ? {} : { executablePath: deps.chromiumPath },
      );
      return {
        fileName: downloadFileName([joint.name, '联考报告'], 'pdf'),
        contentType: 'application/pdf',
        body: pdf,
      };
    },
  };
}
