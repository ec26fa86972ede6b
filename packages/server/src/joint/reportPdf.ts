import type { Db } from '../core/database';
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
import type { D } from '../report/views/context';
import type { JointRow } from './access';
import {
  duckGradeAbility,
  duckGradeBasic,
  duckGradeComment,
  duckGradeTranscript,
  type DuckRead,
} from './duckReport';
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

/** Every student on one page: the PDF's transcript. */
const WHOLE = { pageNum: 1, pageSize: Number.MAX_SAFE_INTEGER } as const;

/**
 * Where the joint PDF's pages come from, cut by the viewer's privacy rules: the in-process report
 * or the snapshot's DuckDB rows (docs/joint-exams.md#snapshots). `transcript` is null before the
 * viewer's own school has finished.
 */
export interface JointPdfSource {
  exam: { gradeName: string; examType: string; examDate: string };
  subjects: { id: number; name: string }[];
  basic(): Promise<D<'gradeBasic'>>;
  comment(subjectId: number): Promise<D<'gradeComment'>>;
  ability(subjectId: number): Promise<D<'gradeAbility'>>;
  transcript: (() => Promise<D<'gradeTranscript'>>) | null;
}

/** The PDF's pages from the in-process report as `viewerContext` cut it. */
export function processPdfSource(
  ctx: ReportContext,
  own: number | null | undefined,
): JointPdfSource {
  return {
    exam: ctx.report.snapshot.exam,
    subjects: ctx.report.snapshot.subjects,
    basic: async () => ownCritical(own, gradeBasic(ctx)),
    comment: async (subjectId) => gradeComment(ctx, subjectId, []),
    ability: async (subjectId) => gradeAbility(ctx, subjectId),
    transcript:
      own === undefined
        ? null
        : async () => gradeTranscript(ctx, { ...WHOLE, ...(own !== null && { classId: own }) }),
  };
}

/** The PDF's pages from the DuckDB rows (which need the papers the comment and ability read). */
export function duckPdfSource(db: Db, read: DuckRead): JointPdfSource {
  return {
    exam: read.head.exam,
    subjects: read.head.subjects,
    basic: () => duckGradeBasic(db, read),
    comment: (subjectId) => duckGradeComment(db, read, subjectId),
    ability: (subjectId) => duckGradeAbility(db, read, subjectId),
    transcript: read.own === undefined ? null : () => duckGradeTranscript(db, read, WHOLE),
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
  source: JointPdfSource,
): DownloadRequest {
  return {
    kind: 'report',
    title: `${joint.name}-联考报告（PDF）`,
    params: { jointExamId: joint.id, page: 'joint-report' },
    async run(progress) {
      const subjects = source.subjects;
      const steps = 2 + subjects.length;
      progress(0, '正在读取报告数据');
      const tables: ReportTable[] = [...pageTables('grade/basic', await source.basic())];
      for (const [n, s] of subjects.entries()) {
        progress(((n + 1) / steps) * 80, `正在生成${s.name}`);
        for (const [i, t] of [
          ...pageTables('grade/comment', await source.comment(s.id)),
          ...pageTables('grade/ability', await source.ability(s.id)),
        ].entries())
          tables.push({ ...t, newPage: i === 0 });
      }
      if (source.transcript) {
        for (const [i, t] of pageTables('grade/transcript', await source.transcript()).entries())
          tables.push({ ...t, title: '联考成绩单', newPage: i === 0 });
      }
      progress(85, '正在生成PDF');
      const exam = source.exam;
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
