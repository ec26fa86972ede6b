import { Type } from 'typebox';
import { Id, Nullable, Obj, post, OneOf, pageFields } from './builders';
import { EmptyData, Paged } from './envelope';

const D = '/marking-download/job';
const Int = Type.Integer();
const Str = Type.String();

/** Days a finished file stays in the download centre before it is deleted. @see docs/downloads.md */
export const DOWNLOAD_RETENTION_DAYS = 7;

/**
 * What a job makes: a report page, scanned sheets (zip), answer sheets (zip of PDFs), a
 * question paper (PDF or Word), a class's 错题本 (one file, a student a part) or a class's
 * 综合评价 (xlsx).
 */
export const DownloadKind = OneOf([
  'report',
  'scans',
  'sheets',
  'paper',
  'notebook',
  'appraisal',
] as const);

/** `queued` → `running` → `done` (file ready) or `failed` (message); a restart fails running jobs. */
export const DownloadState = OneOf(['queued', 'running', 'done', 'failed'] as const);

/** One background export of the download centre. */
export const DownloadJob = Obj({
  jobId: Int,
  kind: DownloadKind,
  /** What is exported, in Chinese (`期中考试-年级成绩单（全部学生）`). */
  title: Str,
  state: DownloadState,
  /** 0–100. */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  /** The step being done, in Chinese (`正在生成成绩单 12/40`). */
  stage: Str,
  fileName: Nullable(Str),
  /** Bytes of the finished file. */
  size: Nullable(Int),
  /** Why it failed. */
  message: Nullable(Str),
  /** Milliseconds since 1970. */
  createdAt: Int,
  finishedAt: Nullable(Int),
  /** When the file is deleted (finished jobs only). */
  expiresAt: Nullable(Int),
});

/** A job started (or the same one already under way: a retry never starts a second). */
export const DownloadStarted = Obj({ jobId: Int });

/** The download centre's calls (examkit's own; the spec names the entry only, spec 000 §2). */
export const downloadRoutes = {
  downloadList: post(
    `${D}/list`,
    "the caller's background exports in this school, newest first",
    Obj({
      ...pageFields(100, 20),
    }),
    Paged(DownloadJob),
  ),
  downloadStatus: post(
    `${D}/status`,
    "one background export's progress; only its starter sees it",
    Obj({ jobId: Id }),
    DownloadJob,
  ),
  downloadDelete: post(
    `${D}/delete`,
    'deletes a background export and its file (a running one stops being listed)',
    Obj({ jobId: Id }),
    EmptyData,
  ),
  downloadScans: post(
    `${D}/scans`,
    "an exam subject's scanned sheets as a zip of page images, optionally of one class",
    Obj({ examSubjectId: Id, classId: Type.Optional(Id) }),
    DownloadStarted,
  ),
  downloadSheets: post(
    `${D}/sheets`,
    "an exam subject's answer sheets pre-printed for every student (a zip of PDFs, one a student)",
    Obj({ examSubjectId: Id, classId: Type.Optional(Id) }),
    DownloadStarted,
  ),
  downloadPaper: post(
    `${D}/paper`,
    'a school or cloud question paper as PDF or Word (answers adds the answers and analyses at the end)',
    Obj({
      paperId: Id,
      format: Type.Union([Type.Literal('pdf'), Type.Literal('docx')], { title: '格式' }),
      answers: Type.Boolean({ default: false, title: '含答案' }),
    }),
    DownloadStarted,
  ),
};

/** GET `?jobId=`: a finished job's file through the session download route. */
export const DOWNLOAD_FILE_URL = `${D}/file`;
