import { Type } from 'typebox';
import { Id, Obj, OneOf, pageFields } from '../builders';

/** Shapes and fields the administration calls share. */

/** Prefix of the administration calls. */
export const U = '/marking-user/user';

/** Ids of a batch call: 1 to 1000. */
export const Ids = Type.Array(Id, { minItems: 1, maxItems: 1000 });
/** A name as forms take it: 1 to 64 characters. */
export const Name = Type.String({ minLength: 1, maxLength: 64 });
/** A mainland mobile number. */
export const Tel = Type.String({ pattern: '^1[0-9]{10}$', description: 'mainland mobile number' });
/** 0 unknown, 1 男, 2 女. */
export const Sex = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], {
  description: '0 unknown, 1 男, 2 女',
});
/** 0 or 1. */
export const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);
/** A body with no fields. */
export const Empty = Obj({});
/** Data of a call that answers nothing. */
export const Null = Type.Null();
/** The id of a created row. */
export const NewId = Obj({ id: Type.Integer() });
/** A body naming one row. */
export const ById = Obj({ id: Id });
/** How many rows a call changed. */
export const Count = Obj({ count: Type.Integer() });

/** A paged list request: `pageNum` from 1, at most 200 a page. */
export const PageBody = Obj({
  ...pageFields(200, 20),
  gradeId: Type.Optional(Id),
  classId: Type.Optional(Id),
  subjectId: Type.Optional(Id),
  roleId: Type.Optional(Id),
  keyWord: Type.Optional(Type.String({ maxLength: 64 })),
});

/** A file in both directions: an `.xlsx` (or `.csv` on import), base64 encoded, under 1 MiB in all. */
export const FileData = Obj({
  fileName: Type.String({ minLength: 1, maxLength: 128, pattern: '\\.(xlsx|csv)$' }),
  contentBase64: Type.String({ minLength: 1, maxLength: 1_000_000 }),
});

/** One bad cell of an import. */
export const ImportError = Obj({
  row: Type.Integer({ description: 'spreadsheet row, the header being row 1' }),
  column: Type.String(),
  reason: Type.String(),
});

/** The outcome of an import: `rejected` means nothing was written and `errors` lists every bad row. */
export const ImportResult = Obj({
  jobId: Type.Integer(),
  status: OneOf(['ok', 'rejected'] as const),
  total: Type.Integer(),
  inserted: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  errors: Type.Array(ImportError),
  createdAt: Type.Integer(),
});

/** A subject of the school. */
export const Subject = Obj({ id: Type.Integer(), name: Type.String(), code: Type.String() });
