/**
 * Result codes carried in the envelope's `code`.
 * 200, 431 and 6002 come from the spec (000 §8, §4); the rest are examkit's own,
 * chosen to match the HTTP status they travel with. See docs/errors.md.
 */
export const ResultCode = {
  Ok: 200,
  BadRequest: 400,
  /** Second client: stored login data cleared, root page after 1 s. */
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  TooManyRequests: 429,
  /** Session expired, revoked, unknown or malformed: "账号过期，请重新登录". */
  SessionExpired: 431,
  ServerError: 500,
  /** The sign-in matched accounts in several schools: choose one (data holds the schools). */
  ChooseSchool: 6002,
  /** Messaging-app sign-in found no bound account (data holds a bind ticket). */
  WxNotBound: 6003,
  /** The sign-in is a platform operator's: data holds the operator token (docs/joint-exams.md#operator). */
  PlatformOperator: 6004,
} as const;

export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];
