import { Type, type Static } from 'typebox';
import { Paged } from './envelope';
import { Id, Nullable, OneOf, Obj } from './builders';
import { route } from './route';

const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256, lower-case hex' });
const SubjectRef = Obj({ examSubjectId: Id });
const BatchRef = Obj({ batchId: Id });

/** Largest chunk of an upload, bytes (its base64 fits the 1 MiB body limit). */
export const SCAN_CHUNK_SIZE = 512 * 1024;
/** Largest file of a batch, bytes. */
export const SCAN_MAX_FILE_SIZE = 1024 * 1024 * 1024;

export const SCAN_EXCEPTION_KINDS = [
  'unreadable',
  'wrong_exam',
  'exam_no_uncertain',
  'unknown_exam_no',
  'duplicate',
  'bubble_review',
  'page_owner',
  'no_sheet',
] as const;
export type ScanExceptionKind = (typeof SCAN_EXCEPTION_KINDS)[number];
// One list for both the schema and the type: a union mapped from the tuple would lose its literals.
export const ScanExceptionKind = Type.Unsafe<ScanExceptionKind>({
  type: 'string',
  enum: [...SCAN_EXCEPTION_KINDS],
});

export const ScanBatchProgress = Type.Object({
  batchId: Id,
  examSubjectId: Id,
  state: OneOf(['uploading', 'queued', 'recognizing', 'done'] as const),
  filesTotal: Type.Integer(),
  filesDone: Type.Integer(),
  /** Pages recognised so far. */
  pages: Type.Integer(),
  recognized: Type.Integer(),
  exceptions: Type.Integer(),
  duplicates: Type.Integer(),
  createdAt: Type.Number(),
});
export type ScanBatchProgress = Static<typeof ScanBatchProgress>;

const StudentRef = Type.Object({
  studentId: Id,
  examNo: Type.String(),
  name: Type.String(),
  className: Type.String(),
});

export const ScanException = Type.Object({
  id: Id,
  kind: ScanExceptionKind,
  reason: Type.String(),
  sheetId: Nullable(Id),
  batchId: Nullable(Id),
  /** The aligned page exists: GET `/marking-main/exam/scan/image?sheetId=`. */
  hasImage: Type.Boolean(),
  examNoRead: Nullable(Type.String()),
  student: Nullable(StudentRef),
  /** Objective answers of the sheet under review. */
  answers: Type.Array(
    Type.Object({
      questionId: Id,
      number: Type.String(),
      answer: Type.String(),
      status: Type.String(),
      confidence: Type.Number(),
      flags: Type.Array(Type.String()),
    }),
  ),
  createdAt: Type.Number(),
  resolvedAt: Nullable(Type.Number()),
  resolvedBy: Nullable(Type.String()),
  resolution: Nullable(Type.Record(Type.String(), Type.Unknown())),
});
export type ScanException = Static<typeof ScanException>;

export const ScanReconciliation = Type.Object({
  expected: Type.Integer(),
  matched: Type.Array(Type.Object({ ...StudentRef.properties, sheetIds: Type.Array(Id) })),
  duplicates: Type.Array(
    Type.Object({ sheetId: Id, student: Nullable(StudentRef), reason: Type.String() }),
  ),
  unknown: Type.Array(
    Type.Object({ sheetId: Id, examNoRead: Nullable(Type.String()), reason: Type.String() }),
  ),
  missingPages: Type.Array(
    Type.Object({ ...StudentRef.properties, missing: Type.Array(Type.Integer()) }),
  ),
  absent: Type.Array(StudentRef),
  noSheet: Type.Array(StudentRef),
  openExceptions: Type.Integer(),
});
export type ScanReconciliation = Static<typeof ScanReconciliation>;

/**
 * Where a student stands in the objective scoring of a subject: `scored` (every objective answer
 * scored), `review` (answers under review, no score for them until fixed), `missing_pages` (a
 * page of the sheet not scanned yet), `absent` (缺考), `no_sheet` (nothing scanned).
 */
export const SCAN_OBJECTIVE_STATUSES = [
  'scored',
  'review',
  'missing_pages',
  'absent',
  'no_sheet',
] as const;
export type ScanObjectiveStatus = (typeof SCAN_OBJECTIVE_STATUSES)[number];
export const ScanObjectiveStatus = Type.Unsafe<ScanObjectiveStatus>({
  type: 'string',
  enum: [...SCAN_OBJECTIVE_STATUSES],
});

/** One student of the subject with the sum of the objective scores written from the scan. */
export const ScanObjectiveStudent = Type.Object({
  ...StudentRef.properties,
  status: ScanObjectiveStatus,
  /** Sum of the student's objective scores (`source = 'objective'`); null when absent or without a sheet. */
  objectiveScore: Nullable(Type.Number()),
  /** Objective answers still under review. */
  reviewCount: Type.Integer(),
});
export type ScanObjectiveStudent = Static<typeof ScanObjectiveStudent>;

/** One objective question of a student: what was read, the key, the points. */
export const ScanObjectiveAnswer = Type.Object({
  questionId: Id,
  /** Full printed number, e.g. `3` or `5(1)`. */
  number: Type.String(),
  kind: OneOf(['single', 'multiple', 'judge'] as const),
  fullMarks: Type.Number(),
  /** Multiple choice: marks for a strict subset of the key; null = none. */
  partialMarks: Nullable(Type.Number()),
  /** The answer key; null when not set. */
  key: Nullable(Type.String()),
  /** The options read (as fixed), '' when none marked; null when no scanned page holds the question. */
  read: Nullable(Type.String()),
  /** `ok`, `review` (waiting for a person) or `fixed`; null with `read`. */
  readStatus: Nullable(Type.String()),
  /** The points written; null while under review, or when absent or unscanned. */
  score: Nullable(Type.Number()),
});
export type ScanObjectiveAnswer = Static<typeof ScanObjectiveAnswer>;

/** Objective totals of a page of students, with the subject's objective full marks. */
export const ScanObjectivePage = Type.Object({
  ...Paged(ScanObjectiveStudent).properties,
  /** Sum of the full marks of the subject's objective questions. */
  fullMarks: Type.Number(),
  /** Number of objective questions of the subject. */
  questionCount: Type.Integer(),
});
export type ScanObjectivePage = Static<typeof ScanObjectivePage>;

/** One student's objective answers question by question. */
export const ScanObjectiveDetail = Type.Object({
  student: ScanObjectiveStudent,
  fullMarks: Type.Number(),
  questions: Type.Array(ScanObjectiveAnswer),
});
export type ScanObjectiveDetail = Static<typeof ScanObjectiveDetail>;

/** Largest page of `objectiveScores`. */
export const SCAN_OBJECTIVE_MAX_PAGE_SIZE = 200;

/** Scan state of one subject of an exam, for the 答题卡上传 hub (/exam/single/up_charm). */
export const ScanSubjectOverview = Type.Object({
  examSubjectId: Id,
  /** Students expected to hand in a sheet (the subject's roster). */
  expected: Type.Integer(),
  /** Scanned pages kept (not discarded), duplicates and unmatched pages included. */
  uploaded: Type.Integer(),
  /** Students with a matched sheet (absent students apart), as `reconcile` counts them. */
  matched: Type.Integer(),
  /** Exceptions of the subject still open. */
  openExceptions: Type.Integer(),
});
export type ScanSubjectOverview = Static<typeof ScanSubjectOverview>;

export const ScanFixAction = OneOf([
  'assign',
  'answer',
  'absent',
  'discard',
  'rescan',
  'replace',
  'accept',
] as const);
export type ScanFixAction = Static<typeof ScanFixAction>;

export const scanRoutes = {
  batchCreate: route({
    method: 'POST',
    url: '/marking-main/exam/scan/batch/create',
    encoding: 'json',
    auth: true,
    body: Obj({
      examSubjectId: Id,
      files: Type.Array(
        Obj({
          fileName: Type.String({ minLength: 1, maxLength: 255 }),
          size: Type.Integer({ minimum: 1, maximum: SCAN_MAX_FILE_SIZE }),
          sha256: Sha256,
        }),
        { minItems: 1, maxItems: 2000 },
      ),
    }),
    query: undefined,
    data: Type.Object({
      batchId: Id,
      chunkSize: Type.Integer(),
      files: Type.Array(Type.Object({ fileIndex: Type.Integer(), chunkCount: Type.Integer() })),
    }),
    summary: 'Starts a scan batch: its files (name, size, SHA-256) are then uploaded in chunks',
  }),
  batchChunk: route({
    method: 'POST',
    url: '/marking-main/exam/scan/batch/chunk',
    encoding: 'json',
    auth: true,
    body: Obj({
      batchId: Id,
      fileIndex: Type.Integer({ minimum: 0, default: 0 }),
      index: Type.Integer({ minimum: 0 }),
      contentBase64: Type.String({ maxLength: Math.ceil(SCAN_CHUNK_SIZE / 3) * 4 }),
      sha256: Sha256,
    }),
    query: undefined,
    data: Type.Object({ received: Type.Integer(), chunkCount: Type.Integer() }),
    summary: 'Uploads one chunk (≤ 512 KiB) of a batch file; sending a chunk again is harmless',
  }),
  batchChunks: route({
    method: 'POST',
    url: '/marking-main/exam/scan/batch/chunks',
    encoding: 'json',
    auth: true,
    body: BatchRef,
    query: undefined,
    data: Type.Object({
      files: Type.Array(
        Type.Object({
          fileIndex: Type.Integer(),
          chunkCount: Type.Integer(),
          received: Type.Array(Type.Integer()),
        }),
      ),
    }),
    summary: 'Which chunks of a batch arrived (to resume an upload)',
  }),
  batchComplete: route({
    method: 'POST',
    url: '/marking-main/exam/scan/batch/complete',
    encoding: 'json',
    auth: true,
    body: BatchRef,
    query: undefined,
    data: ScanBatchProgress,
    summary: 'Assembles the files, checks their SHA-256 and starts recognition',
  }),
  batchProgress: route({
    method: 'POST',
    url: '/marking-main/exam/scan/batch/progress',
    encoding: 'json',
    auth: true,
    body: BatchRef,
    query: undefined,
    data: ScanBatchProgress,
    summary: 'Progress of a batch while it is recognised',
  }),
  batchList: route({
    method: 'POST',
    url: '/marking-main/exam/scan/batch/list',
    encoding: 'json',
    auth: true,
    body: SubjectRef,
    query: undefined,
    data: Type.Object({ list: Type.Array(ScanBatchProgress) }),
    summary: 'Scan batches of an exam subject, newest first',
  }),
  reconcile: route({
    method: 'POST',
    url: '/marking-main/exam/scan/reconcile',
    encoding: 'json',
    auth: true,
    body: SubjectRef,
    query: undefined,
    data: ScanReconciliation,
    summary:
      'Sheets against the roster: matched, duplicates, unknown, missing pages, absent, no sheet',
  }),
  exceptions: route({
    method: 'POST',
    url: '/marking-main/exam/scan/exception/list',
    encoding: 'json',
    auth: true,
    body: Obj({
      examSubjectId: Id,
      state: Type.Union([Type.Literal('open'), Type.Literal('resolved'), Type.Literal('all')], {
        default: 'open',
      }),
      kind: Type.Optional(ScanExceptionKind),
    }),
    query: undefined,
    data: Type.Object({ list: Type.Array(ScanException) }),
    summary: 'The exception queue of /exam/single/scanpaper/{id}',
  }),
  resolve: route({
    method: 'POST',
    url: '/marking-main/exam/scan/exception/resolve',
    encoding: 'json',
    auth: true,
    body: Obj({
      exceptionId: Id,
      action: ScanFixAction,
      /** assign: the student the sheet belongs to. */
      studentId: Type.Optional(Id),
      /** answer: corrected bubbles. */
      answers: Type.Optional(
        Type.Array(Obj({ questionId: Id, answer: Type.String({ maxLength: 26 }) }), {
          maxItems: 500,
        }),
      ),
      note: Type.Optional(Type.String({ maxLength: 500 })),
    }),
    query: undefined,
    data: ScanException,
    summary: 'Fixes an exception by hand; the fix is recorded with who and when',
  }),
  confirmAbsent: route({
    method: 'POST',
    url: '/marking-main/exam/scan/absent/confirm',
    encoding: 'json',
    auth: true,
    body: Obj({ examSubjectId: Id, studentId: Id }),
    query: undefined,
    data: Type.Null(),
    summary: 'Confirms that a student without a sheet was absent (recorded as a fix)',
  }),
  rescore: route({
    method: 'POST',
    url: '/marking-main/exam/scan/rescore',
    encoding: 'json',
    auth: true,
    body: SubjectRef,
    query: undefined,
    data: Type.Object({ students: Type.Integer() }),
    summary: 'Scores every scanned objective answer again with the current answer key',
  }),
  overview: route({
    method: 'POST',
    url: '/marking-main/exam/scan/overview',
    encoding: 'json',
    auth: true,
    body: Obj({ examId: Id }),
    query: undefined,
    data: Type.Object({ subjects: Type.Array(ScanSubjectOverview) }),
    summary:
      'Scan counts of every subject of an exam: pages uploaded, students matched, open exceptions',
  }),
  objectiveScores: route({
    method: 'POST',
    url: '/marking-main/exam/scan/objective/list',
    encoding: 'json',
    auth: true,
    body: Obj({
      examSubjectId: Id,
      /** @default 1 */
      pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
      /** @default 50 */
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: SCAN_OBJECTIVE_MAX_PAGE_SIZE })),
      /** Part of a name or an exam number. */
      keyWord: Type.Optional(Type.String({ maxLength: 64 })),
    }),
    query: undefined,
    data: ScanObjectivePage,
    summary:
      'Every student of the subject by exam number, paged, with the objective score from the scan',
  }),
  objectiveDetail: route({
    method: 'POST',
    url: '/marking-main/exam/scan/objective/detail',
    encoding: 'json',
    auth: true,
    body: Obj({ examSubjectId: Id, studentId: Id }),
    query: undefined,
    data: ScanObjectiveDetail,
    summary: "One student's objective questions: the options read, the key and the points",
  }),
  handToMarking: route({
    method: 'POST',
    url: '/marking-main/exam/scan/marking/register',
    encoding: 'json',
    auth: true,
    body: SubjectRef,
    query: undefined,
    data: Type.Object({
      blocks: Type.Array(Type.Object({ blockId: Id, registered: Type.Integer() })),
    }),
    summary: "Registers the matched students' crops as papers of the subject's marking blocks",
  }),
};

/** GET download of a sheet's aligned page (no `questionId`) or one crop, PNG. */
export const SCAN_IMAGE_URL = '/marking-main/exam/scan/image';
