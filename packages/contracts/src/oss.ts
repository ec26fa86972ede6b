import { Type, type Static } from 'typebox';
import { Id, Obj, OneOf, post } from './builders';
import { BankQuestionInput } from './resource';

/**
 * Uploads (/marking-oss) and the processing of uploaded Word papers (/marking-resources
 * resource/process), issue #15. Files are images (PNG, JPEG, GIF, WEBP) and Word documents
 * (.docx). @see docs/resources.md "Uploads" and "Word in and out"
 */

/** Kinds of file an upload may be. */
export const UPLOAD_KINDS = ['image', 'docx'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Largest file sent through the server as base64 JSON (its base64 fits the 1 MiB body limit). */
export const UPLOAD_MAX_BYTES = 700 * 1024;
/** Largest file the browser may send straight to the object store with an STS answer. */
export const DIRECT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** Where stored images are served, public by unguessable content key: `${FILE_URL}<sha256>.<ext>`. */
export const UPLOAD_FILE_URL = '/marking-oss/file/';

/** A stored upload. */
export const UploadItem = Type.Object({
  id: Type.Integer(),
  kind: OneOf(UPLOAD_KINDS),
  fileName: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
  /** Address pages use: `/marking-oss/file/<sha256>.<ext>`. */
  url: Type.String(),
  createdAt: Type.Integer(),
});
export type UploadItem = Static<typeof UploadItem>;

const FileName = Type.String({ minLength: 1, maxLength: 200 });

/**
 * How the browser uploads a file: straight to the S3-compatible store with a presigned PUT
 * (`direct`, then `upload/register`), or to the server's `upload/file` (`server`).
 */
export const UploadTicket = Type.Union([
  Type.Object({
    mode: Type.Literal('direct'),
    method: Type.Literal('PUT'),
    url: Type.String(),
    /** Headers the PUT must carry exactly (the signature covers them). */
    headers: Type.Record(Type.String(), Type.String()),
    key: Type.String(),
    maxBytes: Type.Integer(),
    expiresAt: Type.Integer(),
  }),
  Type.Object({
    mode: Type.Literal('server'),
    /** The call to send the file to, as base64 JSON. */
    url: Type.String(),
    maxBytes: Type.Integer(),
  }),
]);
export type UploadTicket = Static<typeof UploadTicket>;

const TicketBody = Obj({
  fileName: FileName,
  contentType: Type.String({ minLength: 1, maxLength: 100 }),
  size: Type.Integer({ minimum: 1 }),
});

/** A question split from a Word paper, editable before it enters the bank. */
export const ImportQuestion = Type.Object({
  number: Type.Integer(),
  section: Type.String(),
  points: Type.Union([Type.Number(), Type.Null()]),
  question: BankQuestionInput,
});
export type ImportQuestion = Static<typeof ImportQuestion>;

export const IMPORT_STATES = ['parsed', 'imported'] as const;

/** A processed upload (试卷加工): one Word paper and what became of it. */
export const ImportSummary = Type.Object({
  id: Type.Integer(),
  uploadId: Type.Integer(),
  fileName: Type.String(),
  subjectCode: Type.String(),
  gradeNum: Type.Integer(),
  /** `parsed`: waiting for confirmation; `imported`: its questions are in the bank. */
  state: OneOf(IMPORT_STATES),
  questionCount: Type.Integer(),
  /** Bank ids of the imported questions, in paper order. */
  questionIds: Type.Array(Type.Integer()),
  createdAt: Type.Integer(),
  userName: Type.String(),
});
export type ImportSummary = Static<typeof ImportSummary>;

export const ImportDetail = Type.Object({
  summary: ImportSummary,
  /** The paper as sanitized HTML. */
  html: Type.String(),
  questions: Type.Array(ImportQuestion),
});
export type ImportDetail = Static<typeof ImportDetail>;

const ImportIdBody = Obj({ importId: Id });

/** The /marking-oss calls. */
export const ossRoutes = {
  uploadFile: post(
    '/marking-oss/upload/file',
    'store an image or .docx sent as base64 (type and size checked); same bytes, same address',
    Obj({
      fileName: FileName,
      data: Type.String({ minLength: 1, maxLength: 1_000_000, description: 'the file, base64' }),
    }),
    UploadItem,
  ),
  uploadSts: post(
    '/marking-oss/sts/upload',
    'how to upload a file: a presigned PUT limited to the school’s upload folder, or to the server',
    TicketBody,
    UploadTicket,
  ),
  cloudSts: post(
    '/marking-oss/sts/cloud',
    'the same for large files (up to 50 MB) of the cloud-storage folder: presigned PUT or server',
    TicketBody,
    UploadTicket,
  ),
  register: post(
    '/marking-oss/upload/register',
    'record a file the browser PUT straight to the store (its key from an STS answer)',
    Obj({ key: Type.String({ minLength: 1, maxLength: 300 }), fileName: FileName }),
    UploadItem,
  ),
  word2html: post(
    '/marking-oss/word2html',
    'a stored .docx of the school as sanitized HTML (pictures stored, formulas as LaTeX)',
    Obj({ uploadId: Id }),
    Type.Object({ html: Type.String() }),
  ),
};

/** The resource/process calls: Word papers split into questions and confirmed into the bank. */
export const resourceProcessRoutes = {
  create: post(
    '/marking-resources/resource/process/create',
    'split an uploaded .docx paper into questions for confirmation',
    Obj({
      uploadId: Id,
      subjectCode: Type.String({ minLength: 1, maxLength: 20 }),
      gradeNum: Type.Integer({ minimum: 1, maximum: 12 }),
    }),
    ImportSummary,
  ),
  list: post(
    '/marking-resources/resource/process/list',
    'the school’s processed uploads, newest first',
    Obj({}),
    Type.Array(ImportSummary),
  ),
  detail: post(
    '/marking-resources/resource/process/detail',
    'a processed upload: its HTML and its split questions',
    ImportIdBody,
    ImportDetail,
  ),
  save: post(
    '/marking-resources/resource/process/save',
    'keep corrected questions of a processed upload (before confirming)',
    Obj({
      importId: Id,
      questions: Type.Array(ImportQuestion, { maxItems: 200 }),
    }),
    ImportDetail,
  ),
  confirm: post(
    '/marking-resources/resource/process/confirm',
    '确认入库: the questions go into the school bank in one transaction; twice does nothing more',
    ImportIdBody,
    ImportSummary,
  ),
};
