import {
  Envelope,
  type BodyOf,
  type DataOf,
  type QueryOf,
  type RouteContract,
} from '@examkit/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestHookHandler,
  onResponseHookHandler,
} from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import { attachment } from './attachment';
import type { Clock } from './clock';
import { coerceStrings } from './coerce';
import type { Db } from './database';
import { ApiError, forbidden, ok, sessionExpired, tooManyRequests } from './envelope';
import type { AttemptLimiter } from './rateLimit';
import { SEAT_READ_ONLY_MESSAGE, seatMayCall } from './seatAccess';
import { resolveSession, type SessionInfo, type SessionTimeouts } from './session';
import { resolveOperatorSession, type OperatorSession } from './operatorSession';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller on routes that need a session. */
    examkitSession: SessionInfo | null;
    /** The signed-in platform operator on the operator's routes. */
    examkitOperator: OperatorSession | null;
  }
}

/** What a route handler gets: the validated body and query, and the raw request. */
export interface RouteInput<C extends RouteContract> {
  body: BodyOf<C>;
  query: QueryOf<C>;
  request: FastifyRequest;
}

export type PublicHandler<C extends RouteContract> = (input: RouteInput<C>) => Promise<DataOf<C>>;
export type SessionHandler<C extends RouteContract> = (
  input: RouteInput<C> & { session: SessionInfo },
) => Promise<DataOf<C>>;

export type OperatorHandler<C extends RouteContract> = (
  input: RouteInput<C> & { operator: OperatorSession },
) => Promise<DataOf<C>>;

/** What a school or bureau session gets on an operator's route. */
export const NOT_OPERATOR_MESSAGE = '仅平台运营账号可用';

/** A file a download route answers with. */
export interface DownloadFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

/** A GET download: its URL, what it does, and its query schema. */
export interface DownloadContract<Q extends TSchema> {
  url: string;
  summary: string;
  query: Q;
}

export type DownloadHandler<Q extends TSchema> = (input: {
  query: Static<Q>;
  session: SessionInfo;
  request: FastifyRequest;
}) => Promise<DownloadFile>;

/** A POST that answers with its own stream (server-sent events) instead of an envelope. */
export type StreamHandler<C extends RouteContract> = (input: {
  body: BodyOf<C>;
  session: SessionInfo;
  request: FastifyRequest;
  reply: FastifyReply;
}) => Promise<void>;

export interface RouterDeps {
  db: Db;
  clock: Clock;
  sessionTimeouts: SessionTimeouts;
  /** Counts failed calls per client address on public (sign-in and code) routes. */
  addressFailures: AttemptLimiter;
  /** Counts every call per client address on public routes that cost something when they succeed (sending a code). */
  addressCalls: AttemptLimiter;
}

export interface PublicRouteOptions {
  /**
   * Count every call against the address, not only failures (a code send costs a message).
   * @default false
   */
  countEveryCall?: boolean;
}

/** Registers contract routes: schemas from the contract, the envelope around the handler's data. */
export interface Router {
  /**
   * A route open without a session. Its failed calls count against the client
   * address's limit (every call, with `countEveryCall`); an address over it is refused.
   */
  publicRoute<C extends RouteContract>(
    contract: C,
    tag: string,
    handler: PublicHandler<C>,
    options?: PublicRouteOptions,
  ): void;
  /** A route that needs a live session (header `token`) of the school in header `schoolId`, when sent. */
  sessionRoute<C extends RouteContract>(contract: C, tag: string, handler: SessionHandler<C>): void;
  /**
   * A route of the platform operator (docs/joint-exams.md#operator): needs an operator session
   * (header `token`); a school or bureau session is refused (403), no token answers 431. Its
   * failed calls count against the client address's limit, as the public routes'.
   */
  operatorRoute<C extends RouteContract>(
    contract: C,
    tag: string,
    handler: OperatorHandler<C>,
  ): void;
  /**
   * A GET that answers with a file (a PDF, an .xlsx template) instead of an envelope,
   * with the same session checks and query validation; a failure is still an envelope.
   */
  sessionDownload<Q extends TSchema>(
    contract: DownloadContract<Q>,
    tag: string,
    handler: DownloadHandler<Q>,
  ): void;
  /**
   * A POST with a validated JSON body that writes its own response (a text/event-stream),
   * with the same session checks; a failure before the handler writes is still an envelope.
   */
  sessionStream<C extends RouteContract>(contract: C, tag: string, handler: StreamHandler<C>): void;
}

const ErrorEnvelope = Envelope(Type.Unknown());
const FORM_TYPE = 'application/x-www-form-urlencoded';

export function createRouter(app: FastifyInstance, deps: RouterDeps): Router {
  app.decorateRequest('examkitSession', null);
  app.decorateRequest('examkitOperator', null);

  const TOO_MANY = '请求过于频繁，请稍后再试';
  const addressKey = (request: FastifyRequest) => `ip:${request.ip}`;
  // Requests this limit refused itself: their answer is not counted again.
  const refused = new WeakSet<FastifyRequest>();
  const refuse = (request: FastifyRequest) => {
    refused.add(request);
    return tooManyRequests(TOO_MANY);
  };
  const limitFailures: onRequestHookHandler = async (request) => {
    if (deps.addressFailures.waitFor(addressKey(request)) > 0) throw refuse(request);
  };
  const limitCalls: onRequestHookHandler = async (request) => {
    if (deps.addressFailures.waitFor(addressKey(request)) > 0) throw refuse(request);
    if (deps.addressCalls.hit(addressKey(request)) > 0) throw refuse(request);
  };
  // Failures are known only from the answer.
  const countFailure: onResponseHookHandler = async (request, reply) => {
    if (reply.statusCode >= 400 && !refused.has(request))
      deps.addressFailures.record(addressKey(request));
  };

  const authenticate: onRequestHookHandler = async (request) => {
    const header = request.headers.token;
    const token = typeof header === 'string' ? header : undefined;
    const session = await resolveSession(deps.db, deps.clock, deps.sessionTimeouts, token);
    if (!session) throw sessionExpired();
    const claimed = request.headers.schoolid;
    if (claimed !== undefined && claimed !== '' && String(claimed) !== String(session.schoolId)) {
      throw forbidden('无权访问该学校的数据');
    }
    // A bureau seat reads; every route it may call is listed in seatAccess.
    if (session.bureauSeat && !seatMayCall(request.method, request.routeOptions.url ?? ''))
      throw forbidden(SEAT_READ_ONLY_MESSAGE);
    request.examkitSession = session;
  };

  const authenticateOperator: onRequestHookHandler = async (request) => {
    if (deps.addressFailures.waitFor(addressKey(request)) > 0) throw refuse(request);
    const header = request.headers.token;
    const token = typeof header === 'string' ? header : undefined;
    const operator = await resolveOperatorSession(deps.db, deps.clock, deps.sessionTimeouts, token);
    if (operator) {
      request.examkitOperator = operator;
      return;
    }
    // A school or bureau session is signed in, but not as the platform.
    const session = await resolveSession(deps.db, deps.clock, deps.sessionTimeouts, token);
    if (!session) throw sessionExpired();
    throw forbidden(session.bureauSeat ? SEAT_READ_ONLY_MESSAGE : NOT_OPERATOR_MESSAGE);
  };

  function register<C extends RouteContract>(
    contract: C,
    tag: string,
    run: (input: RouteInput<C>, request: FastifyRequest) => Promise<DataOf<C>>,
    limit: onRequestHookHandler = limitFailures,
    operator = false,
  ) {
    const schema: FastifySchema = {
      summary: contract.summary,
      tags: [tag],
      response: { 200: Envelope(contract.data), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.auth ? { security: [{ token: [] }] } : {}),
    };
    app.route({
      method: contract.method,
      url: contract.url,
      schema,
      onRequest: operator ? authenticateOperator : contract.auth ? authenticate : limit,
      ...(contract.auth && !operator ? {} : { onResponse: countFailure }),
      preValidation: async (request) => {
        if (contract.query) request.query = coerceStrings(contract.query, request.query);
        if (contract.body) {
          if (request.body === undefined || request.body === null) request.body = {};
          else if (request.headers['content-type']?.startsWith(FORM_TYPE)) {
            request.body = coerceStrings(contract.body, request.body);
          }
        }
      },
      handler: async (request) => {
        const input = { body: request.body, query: request.query, request } as RouteInput<C>;
        return ok(await run(input, request));
      },
    });
  }

  return {
    publicRoute(contract, tag, handler, options = {}) {
      if (contract.auth) throw new Error(`${contract.url} needs a session`);
      register(
        contract,
        tag,
        (input) => handler(input),
        options.countEveryCall ? limitCalls : limitFailures,
      );
    },
    sessionDownload(contract, tag, handler) {
      app.route({
        method: 'GET',
        url: contract.url,
        schema: {
          summary: contract.summary,
          tags: [tag],
          querystring: contract.query,
          security: [{ token: [] }],
        },
        onRequest: authenticate,
        preValidation: async (request) => {
          request.query = coerceStrings(contract.query, request.query);
        },
        handler: async (request, reply) => {
          const session = request.examkitSession;
          if (!session) throw new ApiError(500, 'session missing');
          const query = request.query as Static<typeof contract.query>;
          const file = await handler({ query, session, request });
          return reply
            .header('content-type', file.contentType)
            .header('content-disposition', attachment(file.fileName))
            .header('cache-control', 'no-store')
            .send(file.body);
        },
      });
    },
    sessionStream(contract, tag, handler) {
      app.route({
        method: 'POST',
        url: contract.url,
        schema: {
          summary: contract.summary,
          tags: [tag],
          ...(contract.body ? { body: contract.body } : {}),
          security: [{ token: [] }],
        },
        onRequest: authenticate,
        handler: async (request, reply) => {
          const session = request.examkitSession;
          if (!session) throw new ApiError(500, 'session missing');
          await handler({ body: request.body as BodyOf<typeof contract>, session, request, reply });
        },
      });
    },
    operatorRoute(contract, tag, handler) {
      if (!contract.auth) throw new Error(`${contract.url} is public`);
      register(
        contract,
        tag,
        (input, request) => {
          const operator = request.examkitOperator;
          if (!operator) throw new ApiError(500, 'operator missing');
          return handler({ ...input, operator });
        },
        limitFailures,
        true,
      );
    },
    sessionRoute(contract, tag, handler) {
      if (!contract.auth) throw new Error(`${contract.url} is public`);
      register(contract, tag, (input, request) => {
        const session = request.examkitSession;
        if (!session) throw new ApiError(500, 'session missing');
        return handler({ ...input, session });
      });
    },
  };
}
