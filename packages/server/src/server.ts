import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AiProviderConfig, ChatProvider } from './ai/provider';
import { registerAiRoutes } from './ai/routes';
import { registerAuthRoutes } from './auth/routes';
import type { SmsSender } from './auth/sms';
import { createOutboxSmsSender } from './auth/sms';
import { createDevWxProvider, type WxIdentityProvider } from './auth/wx';
import { systemClock, type Clock } from './core/clock';
import { createDatabase, type DatabaseConfig, type Db } from './core/database';
import { ok } from './core/envelope';
import { handleError, registerNotFound } from './core/errors';
import { REDACTED_PATHS, serializeRequest } from './core/logging';
import { migrate } from './core/migrations';
import {
  AccountLocks,
  AttemptLimiter,
  DEFAULT_RATE_LIMITS,
  type RateLimitSettings,
} from './core/rateLimit';
import { createRouter } from './core/router';
import { randomToken } from './core/secrets';
import { pruneExpired } from './core/housekeeping';
import { DEFAULT_SESSION_TIMEOUTS, type SessionTimeouts } from './core/session';
import { createMemoryFileStore, type FileStore } from './core/files';
import { registerStaticFiles } from './core/staticFiles';
import { createDownloadJobs } from './download/jobs';
import { registerDownloadRoutes } from './download/routes';
import { registerExamRoutes } from './exam/routes';
import { registerExamToolRoutes } from './examtool/routes';
import { startHomeworkDueSweep } from './homework/notices';
import { registerHomeworkRoutes } from './homework/routes';
import { registerHomeworkSubmissionRoutes } from './homework/submissions/routes';
import { registerHomeworkReportRoutes } from './homework/report/routes';
import { registerHomeworkOnlineRoutes } from './homework/online/routes';
import { registerHomeworkStoreRoutes } from './homework/storeRoutes';
import { registerHomeworkCompositionRoutes } from './homework/composition/routes';
import { registerHomeworkAssistantRoutes } from './homework/assistant/routes';
import { registerHomeworkPaperRoutes } from './homework/paperRoutes';
import { registerHomeworkCollateRoutes } from './homework/collateRoutes';
import { registerHomeworkDownloadRoutes } from './homework/downloadRoutes';
import { registerHomeworkGroupRoutes } from './homework/group/routes';
import { registerWordExerciseRoutes } from './homework/wordExercise/routes';
import { registerHomeworkWorkbookRoutes } from './homework/workbook/routes';
import { registerResourceRoutes } from './resource/routes';
import { registerGaokaoJointRoutes } from './gaokao/joint';
import { refreshGaokaoOfExam } from './gaokao/jointReport';
import { registerGaokaoRoutes } from './gaokao/routes';
import { registerMarkingRoutes } from './marking/routes';
import { registerPrintRoutes } from './print/routes';
import { registerOnlineRoutes } from './online/routes';
import { registerMessageRoutes } from './message/routes';
import { registerOssRoutes, registerUploadedFiles } from './oss/routes';
import { registerProcessRoutes } from './oss/processRoutes';
import { registerBasketRoutes } from './resource/basketRoutes';
import { registerPaperRoutes } from './resource/paperRoutes';
import { registerRegionCloudRoutes } from './resource/regionCloud';
import { registerResourceAnalysisRoutes } from './resource/analysis';
import { registerAssistantRoutes } from './resource/assistantRoutes';
import { registerReportRoutes } from './report/routes';
import { registerResourceWrongRoutes } from './resource/wrongRoutes';
import { scanQueueFromEnv, type ScanQueue } from './scan/queue';
import { registerScanRoutes } from './scan/routes';
import { registerAdministrationRoutes } from './school/adminRoutes';
import { registerSchoolRoutes } from './school/routes';
import { registerUserRoutes } from './user/routes';
import { registerRegionRoutes } from './region/routes';
import { registerOperatorRoutes } from './region/operator';
import { registerOperatorAccountRoutes } from './region/operatorAccounts';
import { registerJointRoutes } from './joint/routes';
import { registerJointPaperRoutes } from './joint/paper';
import { registerJointPoolRoutes } from './joint/pool';
import { registerJointOrganiseRoutes } from './joint/organise';
import type { JointDuckSettings } from './joint/duckSnapshot';
import { registerJointReportRoutes } from './joint/reportRoutes';
import {
  refreshJointsOfExam,
  registerJointSnapshotRoutes,
  type JointSnapshotDeps,
} from './joint/snapshots';
import { AJV_OPTIONS, lazyValidators } from './core/validators';
import { registerCrossSchoolRoutes } from './crossSchool/routes';
import { registerAnalyticRoutes } from './analytic/routes';
import { registerRegionAnalyticRoutes } from './analytic/regionRoutes';
import { registerTeachingRoutes } from './teaching/routes';
import { registerAppraiseRoutes } from './appraise/routes';
import { registerScopeRoutes } from './core/scopeRoutes';

/** Options of {@link createServer}. */
export interface ServerOptions {
  /** Where the data lives, or an open Kysely instance that the caller keeps and closes. */
  database: DatabaseConfig | { db: Db; schema?: string };
  /** @default the wall clock */
  clock?: Clock;
  /** Built reference app to serve, with SPA fallback for non-API GET paths. */
  staticDir?: string;
  /** Fastify/pino logger options; tokens, passwords and phone numbers are always redacted. @default false */
  logger?: boolean | (Record<string, unknown> & { level?: string });
  /** Origins allowed by CORS; none when empty. @default [] */
  corsOrigins?: string[];
  /**
   * Origin of the separately deployed AbilityGrowth sub-application ({host}, spec 000 §2): the CSP
   * lets the app load its entry page, scripts, stylesheets, images and fonts (docs/ability-growth.md).
   * @default none
   */
  abilityGrowthHost?: string;
  /** @default 30 minutes idle, 12 hours absolute */
  session?: Partial<SessionTimeouts>;
  /** @default 30 attempts a minute per address; 5 failures in 15 minutes lock an account for 15 minutes */
  rateLimit?: Partial<RateLimitSettings>;
  /** Decides development conveniences (SMS echo, `dev:` messaging-app codes). @default 'production' */
  nodeEnv?: string;
  /** Key of the HMACs over phone numbers and codes. @default random per process */
  secret?: string;
  /** Messaging-app identity; null turns that sign-in off. @default the dev provider outside production */
  wx?: WxIdentityProvider | null;
  /** @default writes to `sms_outbox` (and prints in development) */
  smsSender?: SmsSender;
  /** Trust X-Forwarded-For for the client address. @default false */
  trustProxy?: boolean;
  /** Where scans, crops and generated files live. @default in memory (pass a disk or S3 store to keep them) */
  files?: FileStore;
  /**
   * Where recognition jobs run; closed with the server.
   * @default BullMQ when `REDIS_URL` is set, else worker threads in this process
   */
  scanQueue?: ScanQueue;
  /**
   * The AI model (OpenAI-compatible chat completions); null or absent turns the assistant off.
   * @default none (the CLI reads AI_BASE_URL, AI_API_KEY, AI_MODEL)
   */
  ai?: AiProviderConfig | ChatProvider | null;
  /** Questions a user may ask the assistant a minute. @default 10 */
  aiQuestionsPerMinute?: number;
  /** Run migrations before serving. @default true */
  migrate?: boolean;
  /** How often the homework-due sweep runs (docs/messages.md); 0 turns it off. @default 60000 */
  homeworkDueSweepMs?: number;
  /**
   * When a joint exam's snapshot is computed in DuckDB, and where it spills
   * (docs/joint-exams.md#snapshots). @default 50,000 students, spilling to the temp folder
   */
  jointDuck?: JointDuckSettings;
}

/** 1 MiB: the largest request body accepted. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Builds the examkit reference server: every call of the wire contract under
 * its spec path, `{ code, data, msg, message }` envelopes, `/openapi.json`.
 * Call `listen` on the result, or `inject` in tests.
 */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const ownsDb = !('db' in options.database);
  const db = 'db' in options.database ? options.database.db : createDatabase(options.database);
  const schema = 'db' in options.database ? options.database.schema : undefined;
  const clock = options.clock ?? systemClock;
  const nodeEnv = options.nodeEnv ?? 'production';
  const sessionTimeouts = { ...DEFAULT_SESSION_TIMEOUTS, ...options.session };
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimit };

  if (options.migrate !== false) await migrate(db, schema ? { schema } : {});
  // Hourly chores of the domains (expired download files), beside the sessions' pruning.
  const housekeepingTasks: (() => Promise<unknown>)[] = [];
  await pruneExpired(db, clock, sessionTimeouts);

  const app = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    schemaController: { compilersFactory: { buildValidator: lazyValidators } },
    ajv: AJV_OPTIONS,
  });
  const housekeeping = setInterval(() => {
    pruneExpired(db, clock, sessionTimeouts).catch((error: unknown) =>
      app.log.warn({ err: error }, 'pruning failed'),
    );
    housekeepingTasks.forEach((task) =>
      task().catch((error: unknown) => app.log.warn({ err: error }, 'pruning failed')),
    );
  }, 3_600_000);
  housekeeping.unref();
  app.addHook('onClose', async () => {
    clearInterval(housekeeping);
    if (ownsDb) await db.destroy();
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler(handleError);
  // Only JSON and form bodies are part of the contract; plain text would reach validation as a string.
  app.removeContentTypeParser('text/plain');

  const growth = options.abilityGrowthHost ? [new URL(options.abilityGrowthHost).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...growth],
        styleSrc: ["'self'", "'unsafe-inline'", ...growth],
        imgSrc: ["'self'", 'data:', 'blob:', ...growth],
        mediaSrc: ["'self'", 'blob:', 'data:'],
        fontSrc: ["'self'", 'data:', ...growth],
        connectSrc: ["'self'", ...growth],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        // Schools often serve over plain HTTP on their LAN; upgrading would break every asset there.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: options.corsOrigins?.length ? options.corsOrigins : false,
    methods: ['GET', 'POST'],
    allowedHeaders: ['content-type', 'token', 'schoolId', 'plantform'],
    // A download's file name (`fileNameOf`) read by a page on another origin (the partner portal).
    exposedHeaders: ['Content-Disposition'],
    maxAge: 600,
  });
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  await app.register(swagger, {
    openapi: {
      info: { title: 'examkit API', version: '0.1.0', description: 'examkit reference server' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
  });
  if (options.staticDir) await registerStaticFiles(app, options.staticDir);

  const router = createRouter(app, {
    db,
    clock,
    sessionTimeouts,
    addressFailures: new AttemptLimiter(clock, limits.addressLimit, limits.addressWindowMs),
    addressCalls: new AttemptLimiter(clock, limits.addressLimit, limits.addressWindowMs),
  });
  registerAuthRoutes(router, {
    db,
    clock,
    secret: options.secret ?? randomToken(32),
    accountLocks: new AccountLocks(clock, limits),
    smsSender:
      options.smsSender ??
      createOutboxSmsSender(
        db,
        clock,
        nodeEnv === 'development'
          ? { kind: 'full' }
          : { kind: 'masked', log: (line) => app.log.info(line) },
      ),
    wx:
      options.wx === undefined
        ? nodeEnv === 'production'
          ? null
          : createDevWxProvider()
        : options.wx,
  });
  registerSchoolRoutes(router, { db, clock });
  registerScopeRoutes(router, { db });
  const files = options.files ?? createMemoryFileStore();
  registerAiRoutes(router, {
    db,
    clock,
    files,
    ai: options.ai ?? null,
    ...(options.aiQuestionsPerMinute ? { questionsPerMinute: options.aiQuestionsPerMinute } : {}),
    log: app.log,
    onGenerations: (generations) =>
      app.addHook('onClose', async () => {
        generations.stopAll();
        await generations.settle();
      }),
  });
  registerAdministrationRoutes(router, { db, clock, files });
  registerUserRoutes(router, { db, clock, files });
  // The joint reports' snapshots need the download centre's queue, created below.
  let jointSnapshots: JointSnapshotDeps | null = null;
  registerExamRoutes(router, {
    db,
    clock,
    files,
    onStateChanged: async (examId, to) => {
      // Not awaited: reading the schools' reports may take a while; the job records its end.
      if (jointSnapshots && (to === 'finished' || to === 'published')) {
        void refreshJointsOfExam(jointSnapshots, examId).catch(() => undefined);
        void refreshGaokaoOfExam(jointSnapshots, examId).catch(() => undefined);
      }
    },
  });
  registerPrintRoutes(router, { db, clock, files });
  registerExamToolRoutes(router, { db, clock });
  registerResourceRoutes(router, { db, clock });
  registerMarkingRoutes(router, { db, clock, files });
  registerOnlineRoutes(router, { db, clock, files });
  registerHomeworkRoutes(router, { db, clock, files, ai: options.ai ?? null });
  registerHomeworkSubmissionRoutes(router, { db, clock, files });
  registerHomeworkReportRoutes(router, { db, clock });
  registerHomeworkOnlineRoutes(router, { db, clock, files });
  const sweepMs = options.homeworkDueSweepMs ?? 60_000;
  if (sweepMs > 0) {
    const stopSweep = startHomeworkDueSweep(db, clock, sweepMs, (error) =>
      app.log.warn({ err: error }, 'homework due sweep failed'),
    );
    app.addHook('onClose', () => stopSweep());
  }
  registerHomeworkStoreRoutes(router, { db, clock, files });
  registerHomeworkCompositionRoutes(router, {
    db,
    clock,
    files,
    ai: options.ai ?? null,
    ...(options.aiQuestionsPerMinute ? { aiRequestsPerMinute: options.aiQuestionsPerMinute } : {}),
  });
  registerHomeworkAssistantRoutes(router, { db, clock, files });
  registerHomeworkPaperRoutes(router, { db, clock, files });
  registerHomeworkCollateRoutes(router, { db, clock, files });
  registerHomeworkGroupRoutes(router, { db, clock, files });
  registerWordExerciseRoutes(router, { db, clock, files });
  registerHomeworkWorkbookRoutes(router, { db, clock, files });
  const scanQueue =
    options.scanQueue ??
    scanQueueFromEnv(process.env, (job, error) =>
      app.log.error(
        { err: error, batchId: job.batchId, fileIndex: job.fileIndex },
        'scan job failed',
      ),
    );
  app.addHook('onClose', () => scanQueue.close());
  registerScanRoutes(router, { db, clock, files, queue: scanQueue });
  // Jobs a previous process left running cannot finish: they are failed (docs/downloads.md).
  const downloads = createDownloadJobs({ db, clock, files });
  await downloads.recover();
  await downloads.prune();
  housekeepingTasks.push(() => downloads.prune());
  app.addHook('onClose', () => downloads.settle());
  registerDownloadRoutes(router, { db, clock, files, downloads });
  registerReportRoutes(router, { db, clock, files, downloads });
  registerResourceWrongRoutes(router, { db, clock, downloads });
  registerHomeworkDownloadRoutes(router, { db, clock, files, downloads });
  registerGaokaoRoutes(router, { db, clock, downloads });
  registerGaokaoJointRoutes(router, { db, clock, downloads });
  registerMessageRoutes(router, { db, clock, files });
  registerRegionRoutes(router, { db, clock });
  registerOperatorRoutes(router, { db, clock });
  registerOperatorAccountRoutes(router, { db, clock });
  registerJointRoutes(router, { db, clock });
  registerJointPaperRoutes(router, { db, clock });
  registerJointPoolRoutes(router, { db, clock, files });
  registerJointOrganiseRoutes(router, { db });
  registerJointReportRoutes(router, { db, clock, downloads });
  jointSnapshots = {
    db,
    clock,
    downloads,
    ...(options.jointDuck ? { duck: options.jointDuck } : {}),
  };
  registerJointSnapshotRoutes(router, jointSnapshots);
  registerCrossSchoolRoutes(router, { db, clock });
  registerAnalyticRoutes(router, { db, clock, downloads });
  // The region analysis starts the same joint snapshots, under the same DuckDB threshold.
  registerRegionAnalyticRoutes(router, { ...jointSnapshots, downloads });
  registerTeachingRoutes(router, { db, clock });
  registerAppraiseRoutes(router, { db, clock, downloads });
  registerOssRoutes(router, { db, clock, files });
  registerProcessRoutes(router, { db, clock, files });
  registerUploadedFiles(app, files);
  registerBasketRoutes(router, { db, clock, files });
  registerPaperRoutes(router, { db, clock, files, downloads });
  registerRegionCloudRoutes(router, { db, clock });
  registerResourceAnalysisRoutes(router, { db });
  registerAssistantRoutes(router, { db, clock });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/health', { schema: { hide: true } }, async () => ok({ status: 'ok' }));
  registerNotFound(app, { spaFallback: options.staticDir !== undefined });
  return app;
}

function loggerOptions(
  logger: ServerOptions['logger'],
): NonNullable<FastifyServerOptions['logger']> {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return {
    level: 'info',
    ...base,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest },
  } as NonNullable<FastifyServerOptions['logger']>;
}
