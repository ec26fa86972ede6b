import { ResultCode, type ApiEnvelope } from '@examkit/contracts';

export const OK_MESSAGE = '操作成功';

/** The success envelope. */
export function ok<T>(data: T, message = OK_MESSAGE): ApiEnvelope<T> {
  return { code: ResultCode.Ok, data, msg: message, message };
}

/** Any other envelope; `msg` and `message` always mirror each other. */
export function envelope<T>(code: number, message: string, data: T): ApiEnvelope<T> {
  return { code, data, msg: message, message };
}

/** The HTTP status a result code travels with (431 goes out as 401; 6002 and 6003 are answers, not errors). */
export function httpStatusOf(code: number): number {
  if (code === ResultCode.SessionExpired) return 401;
  if (code >= 200 && code < 600) return code;
  return 200;
}

/** A failure the client should see as-is: a result code, a Chinese message and optional data. */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

export const SESSION_EXPIRED_MESSAGE = '账号过期，请重新登录';
export const sessionExpired = () =>
  new ApiError(ResultCode.SessionExpired, SESSION_EXPIRED_MESSAGE);
export const badRequest = (message: string) => new ApiError(ResultCode.BadRequest, message);
export const forbidden = (message: string) => new ApiError(ResultCode.Forbidden, message);
export const notFound = (message: string) => new ApiError(ResultCode.NotFound, message);
export const tooManyRequests = (message: string) =>
  new ApiError(ResultCode.TooManyRequests, message);
