import { ResultCode } from '@examkit/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, envelope, httpStatusOf } from './envelope';
import { validationMessage, type SchemaIssue } from './validationMessage';

const FRAMEWORK_MESSAGES: Record<string, [code: number, message: string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [ResultCode.PayloadTooLarge, '请求体过大，不能超过 1 MiB'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    ResultCode.BadRequest,
    '请求格式错误：不支持的 Content-Type，请使用 JSON 或表单',
  ],
  FST_ERR_CTP_EMPTY_JSON_BODY: [ResultCode.BadRequest, '请求格式错误：JSON 请求体不能为空'],
  FST_ERR_CTP_INVALID_JSON_BODY: [ResultCode.BadRequest, '请求格式错误：JSON 无法解析'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    ResultCode.BadRequest,
    '请求格式错误：Content-Length 与请求体不符',
  ],
};

/** Turns every failure into the envelope with a fitting status; never lets a client error become a 500. */
export function handleError(
  error: FastifyError | ApiError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof ApiError) {
    return send(reply, error.code, error.message, error.data);
  }
  if (error.validation) {
    const schemas = request.routeOptions.schema as Record<string, unknown> | undefined;
    const part = error.validationContext === 'querystring' ? 'querystring' : 'body';
    return send(
      reply,
      ResultCode.BadRequest,
      validationMessage(error.validation as SchemaIssue[], schemas?.[part]),
      null,
    );
  }
  const known = FRAMEWORK_MESSAGES[error.code];
  if (known) return send(reply, known[0], known[1], null);
  if (error instanceof SyntaxError || (error.statusCode !== undefined && error.statusCode < 500)) {
    if (error.statusCode === 413)
      return send(reply, ResultCode.PayloadTooLarge, '请求体过大，不能超过 1 MiB', null);
    return send(reply, ResultCode.BadRequest, '请求格式错误：无法解析请求内容', null);
  }
  request.log.error({ err: error }, 'unhandled error');
  return send(reply, ResultCode.ServerError, '服务器内部错误，请稍后再试', null);
}

function send(reply: FastifyReply, code: number, message: string, data: unknown) {
  return reply.code(httpStatusOf(code)).send(envelope(code, message, data));
}

/** API paths answer 404 in the envelope; with a static app, other GETs fall back to its index.html. */
export function registerNotFound(app: FastifyInstance, options: { spaFallback: boolean }) {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (
      options.spaFallback &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(path)
    ) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return send(reply, ResultCode.NotFound, '接口不存在', null);
  });
}

const API_PREFIXES = ['/marking-', '/chatgpt-server', '/openapi.json', '/health'];

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path.startsWith(prefix));
}
