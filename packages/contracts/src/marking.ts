import { Type, type Static, type TSchema } from 'typebox';
import { EmptyData } from './envelope';
import { Id, Nullable, OneOf, post, Obj } from './builders';

/** Points, in steps of 0.5. */
const Points = Type.Number({ minimum: 0, maximum: 1000, multipleOf: 0.5 });
/** A client-made UUID: a retried call with the same key is written once. */
const IdempotencyKey = Type.String({
  pattern: '^[0-9a-fA-F-]{16,64}$',
  description: 'client UUID; a retry with the same key is written once',
});
const BlockRef = Obj({ blockId: Id });
const ListOf = <T extends TSchema>(item: T) => Type.Object({ list: Type.Array(item) });

export const MARKING_MODES = ['single', 'double', 'triple'] as const;
export const MarkingMode = OneOf(MARKING_MODES);
export type MarkingMode = Static<typeof MarkingMode>;

export const BLOCK_STATES = ['setup', 'open', 'paused', 'finished'] as const;
export const BlockState = OneOf(BLOCK_STATES);
export type BlockState = Static<typeof BlockState>;

/** 问题卷 reasons: unclear image, wrong region, suspected copying, other. */
export const PROBLEM_REASONS = ['unclear', 'wrong_region', 'copying', 'other'] as const;
export const ProblemReason = OneOf(PROBLEM_REASONS);
export type ProblemReason = Static<typeof ProblemReason>;

/** Set-up of a question block (题块). */
export const BlockSetup = Obj({
  examSubjectId: Id,
  name: Type.String({ minLength: 1, maxLength: 64 }),
  /** Leaf subjective questions of the subject, marked together. */
  questionIds: Type.Array(Id, { minItems: 1, maxItems: 50 }),
  mode: MarkingMode,
  /** Largest difference between two marks whose mean is taken, points. */
  tolerance: Points,
  scoreStep: Type.Union([Type.Literal(1), Type.Literal(0.5)]),
  /** Shared pool, or a fixed quota of papers per marker. */
  distribution: OneOf(['pool', 'quota'] as const),
  /** Markers never see student names or numbers. @default true */
  anonymous: Type.Boolean({ default: true }),
  /** Scoring guide shown to markers. */
  guide: Type.String({ maxLength: 20000, default: '' }),
  /** Answer shown to markers. */
  answer: Type.String({ maxLength: 20000, default: '' }),
  /** Percent of a marker's papers sent back to them blind (re-mark consistency). @default 0 */
  recheckPercent: Type.Integer({ minimum: 0, maximum: 50, default: 0 }),
  /** Minutes a fetched paper stays with a marker before it returns to the pool. @default 5 */
  leaseMinutes: Type.Integer({ minimum: 1, maximum: 120, default: 5 }),
  markers: Type.Array(
    Obj({ userId: Id, quota: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))) }),
    { maxItems: 500 },
  ),
  arbitrators: Type.Array(Id, { maxItems: 50, default: [] }),
  /** Block leaders: problem papers, checks, re-marks. */
  leaders: Type.Array(Id, { maxItems: 50, default: [] }),
});
export type BlockSetup = Static<typeof BlockSetup>;

export const MarkingBlock = Type.Object({
  blockId: Type.Integer(),
  examId: Type.Integer(),
  examName: Type.String(),
  examSubjectId: Type.Integer(),
  subjectName: Type.String(),
  name: Type.String(),
  state: BlockState,
  mode: MarkingMode,
  fullScore: Type.Number(),
  /** Full marks of each question, in `questionIds` order. */
  questionFullScores: Type.Array(Type.Number()),
  questionIds: Type.Array(Type.Integer()),
  tolerance: Type.Number(),
  scoreStep: Type.Number(),
  distribution: Type.String(),
  anonymous: Type.Boolean(),
  guide: Type.String(),
  answer: Type.String(),
  recheckPercent: Type.Integer(),
  leaseMinutes: Type.Number(),
  /** The caller's roles on the block. */
  roles: Type.Array(Type.String()),
  papers: Type.Object({
    total: Type.Integer(),
    done: Type.Integer(),
    marking: Type.Integer(),
    arbitration: Type.Integer(),
    problem: Type.Integer(),
  }),
  markers: Type.Array(
    Type.Object({ userId: Type.Integer(), name: Type.String(), quota: Nullable(Type.Integer()) }),
  ),
  arbitrators: Type.Array(Type.Integer()),
  leaders: Type.Array(Type.Integer()),
});
export type MarkingBlock = Static<typeof MarkingBlock>;

/** A paper leased to the caller. Anonymous blocks carry no student name or number. */
export const LeasedPaper = Type.Object({
  taskId: Type.Integer(),
  paperId: Type.Integer(),
  /** 'mark', 'arbitration' (scores of the marks attached), 'check' or 'seed' look the same to a marker. */
  kind: OneOf(['mark', 'arbitration'] as const),
  leaseToken: Type.String(),
  leaseExpiresAt: Type.Integer(),
  /** Marks so far, for the arbitrator. */
  marks: Type.Array(Type.Object({ score: Type.Number(), parts: Type.Array(Type.Number()) })),
  studentName: Nullable(Type.String()),
  studentNo: Nullable(Type.String()),
});
export type LeasedPaper = Static<typeof LeasedPaper>;

const ScoreFields = {
  /** The block score (blocks of one question). */
  score: Type.Optional(Points),
  /** One score per question of the block, in `questionIds` order. */
  parts: Type.Optional(Type.Array(Points, { minItems: 1, maxItems: 50 })),
};

export const SubmitResult = Type.Object({
  taskId: Type.Integer(),
  paperId: Type.Integer(),
  score: Type.Number(),
  /** The key was seen before: nothing new was written. */
  duplicate: Type.Boolean(),
});

const PaperMark = Type.Object({
  kind: Type.String(),
  slot: Nullable(Type.Integer()),
  userId: Type.Integer(),
  userName: Type.String(),
  score: Type.Number(),
  at: Type.Integer(),
  /** Why the leader re-marked the paper (组长改分); null for other marks. */
  reason: Nullable(Type.String()),
});

export const PaperDetail = Type.Object({
  paperId: Type.Integer(),
  blockId: Type.Integer(),
  blockName: Type.String(),
  studentId: Type.Integer(),
  studentName: Nullable(Type.String()),
  studentNo: Nullable(Type.String()),
  state: Type.String(),
  finalScore: Nullable(Type.Number()),
  finalSource: Nullable(Type.String()),
  problem: Nullable(
    Type.Object({
      reason: Type.String(),
      note: Type.String(),
      userId: Nullable(Type.Integer()),
      at: Nullable(Type.Integer()),
    }),
  ),
  sample: Nullable(Type.Object({ kind: Type.String(), note: Type.String() })),
  marks: Type.Array(PaperMark),
});
export type PaperDetail = Static<typeof PaperDetail>;

const MarkerProgress = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  marked: Type.Integer(),
  leased: Type.Integer(),
  lastHour: Type.Integer(),
  speedPerHour: Type.Number(),
  quota: Nullable(Type.Integer()),
  remaining: Nullable(Type.Integer()),
  estimatedFinishAt: Nullable(Type.Integer()),
});

export const BlockProgress = Type.Object({
  blockId: Type.Integer(),
  name: Type.String(),
  state: Type.String(),
  papers: Type.Object({
    total: Type.Integer(),
    done: Type.Integer(),
    marking: Type.Integer(),
    arbitration: Type.Integer(),
    problem: Type.Integer(),
  }),
  remainingMarks: Type.Integer(),
  doneMarks: Type.Integer(),
  speedPerHour: Type.Number(),
  estimatedFinishAt: Nullable(Type.Integer()),
  markers: Type.Array(MarkerProgress),
});

const ScoreStats = {
  count: Type.Integer(),
  mean: Type.Number(),
  stdDev: Type.Number(),
  zeroShare: Type.Number(),
  fullShare: Type.Number(),
  distribution: Type.Record(Type.String(), Type.Integer()),
};

export const BlockQuality = Type.Object({
  block: Type.Object(ScoreStats),
  markers: Type.Array(
    Type.Object({
      userId: Type.Integer(),
      name: Type.String(),
      ...ScoreStats,
      pairs: Type.Integer(),
      disagreementRate: Nullable(Type.Number()),
      rechecks: Type.Integer(),
      recheckSameShare: Nullable(Type.Number()),
      recheckMeanDiff: Nullable(Type.Number()),
      seeds: Type.Integer(),
      seedExactShare: Nullable(Type.Number()),
      seedMeanError: Nullable(Type.Number()),
    }),
  ),
});

/** 隐藏样卷: a seed paper of a block, its known score and how many markers marked it. */
export const SeedPaper = Type.Object({
  paperId: Type.Integer(),
  studentId: Type.Integer(),
  studentName: Nullable(Type.String()),
  studentNo: Nullable(Type.String()),
  /** The known score, points. */
  seedScore: Type.Number(),
  /** Markers it is handed to (one seed task each; none before the block starts). */
  assigned: Type.Integer(),
  /** Markers who marked it; a seed with marks cannot be removed. */
  marked: Type.Integer(),
  /** Of those, markers who gave exactly the known score. */
  exact: Type.Integer(),
  createdAt: Type.Integer(),
});
export type SeedPaper = Static<typeof SeedPaper>;

/** A student's paper of a block, as the set-up page offers it for a seed. */
export const BlockPaperOption = Type.Object({
  paperId: Type.Integer(),
  studentId: Type.Integer(),
  studentName: Nullable(Type.String()),
  studentNo: Nullable(Type.String()),
  state: Type.String(),
  finalScore: Nullable(Type.Number()),
  /** The student's answer already is a seed paper of the block. */
  seeded: Type.Boolean(),
});
export type BlockPaperOption = Static<typeof BlockPaperOption>;

const M = '/marking-main/exam/marking';

/**
 * The online marking calls (/marking-main/exam and the marking screen); each entry is a {@link RouteContract} made with `route()`.
 * Every call needs Exam-Wuhen; docs/marking.md lists who may call which.
 */
export const markingRoutes = {
  list: post(
    `${M}/list`,
    'blocks to mark (the caller’s, or all for a marking manager), by state',
    Obj({ state: Type.Optional(BlockState), examId: Type.Optional(Id) }),
    ListOf(MarkingBlock),
  ),
  saveBlock: post(
    `${M}/block/save`,
    'create a question block, or update one (blockId)',
    Obj({ blockId: Type.Optional(Id), setup: BlockSetup }),
    Type.Object({ blockId: Type.Integer() }),
  ),
  getBlock: post(`${M}/block/get`, 'a block’s set-up, guide and answer', BlockRef, MarkingBlock),
  blockState: post(
    `${M}/block/state`,
    'start, pause or finish a block',
    Obj({
      blockId: Id,
      action: OneOf(['start', 'pause', 'finish'] as const),
    }),
    Type.Object({ state: BlockState }),
  ),
  registerPapers: post(
    `${M}/papers/register`,
    'register the papers (student and crop) of a block; seedScore makes a hidden seed paper',
    Obj({
      blockId: Id,
      papers: Type.Array(
        Obj({
          studentId: Id,
          cropKey: Type.String({ minLength: 1, maxLength: 512 }),
          seedScore: Type.Optional(Points),
        }),
        { minItems: 1, maxItems: 5000 },
      ),
    }),
    Type.Object({ registered: Type.Integer() }),
  ),
  searchPapers: post(
    `${M}/papers/search`,
    'leader: papers of a block by exam number or student name (done: finished papers only), to pick a seed',
    Obj({
      blockId: Id,
      /** Part of the exam number or the student name; empty lists the first papers. */
      keyword: Type.String({ maxLength: 32, default: '' }),
      done: Type.Boolean({ default: false }),
      limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
    }),
    ListOf(BlockPaperOption),
  ),
  seeds: post(
    `${M}/seed/list`,
    'leader: the hidden seed papers (隐藏样卷) of a block with their known score',
    BlockRef,
    ListOf(SeedPaper),
  ),
  addSeed: post(
    `${M}/seed/add`,
    'leader: make a hidden seed paper from a paper of the block (its crop) with a known score; every marker gets it once',
    Obj({ blockId: Id, paperId: Id, seedScore: Points }),
    Type.Object({ paperId: Type.Integer() }),
  ),
  removeSeed: post(
    `${M}/seed/remove`,
    'leader: remove a hidden seed paper nobody has marked or is marking',
    Obj({ paperId: Id }),
    EmptyData,
  ),
  fetch: post(
    `${M}/fetch`,
    'lease the next papers to mark (or to arbitrate); live leases of the caller come back first',
    Obj({
      blockId: Id,
      count: Type.Integer({ minimum: 1, maximum: 20, default: 3 }),
      arbitration: Type.Boolean({ default: false }),
    }),
    ListOf(LeasedPaper),
  ),
  crop: post(
    `${M}/crop`,
    'the crop image of a leased paper (marker: taskId + leaseToken) or of any paper (leader: paperId)',
    Obj({
      taskId: Type.Optional(Id),
      leaseToken: Type.Optional(Type.String({ maxLength: 64 })),
      paperId: Type.Optional(Id),
    }),
    Type.Object({ contentType: Type.String(), dataUrl: Type.String() }),
  ),
  submit: post(
    `${M}/submit`,
    'submit the score of a leased paper, exactly once per idempotency key',
    Obj({
      taskId: Id,
      leaseToken: Type.String({ minLength: 1, maxLength: 64 }),
      idempotencyKey: IdempotencyKey,
      ...ScoreFields,
    }),
    SubmitResult,
  ),
  release: post(
    `${M}/release`,
    'hand back the caller’s leased papers (closing the marking screen)',
    BlockRef,
    Type.Object({ released: Type.Integer() }),
  ),
  reviewList: post(
    `${M}/review/list`,
    '回评: the caller’s recent papers in a block, newest first',
    Obj({ blockId: Id, limit: Type.Integer({ minimum: 1, maximum: 200, default: 20 }) }),
    ListOf(
      Type.Object({
        taskId: Type.Integer(),
        paperId: Type.Integer(),
        score: Type.Number(),
        submittedAt: Type.Integer(),
        canRescore: Type.Boolean(),
      }),
    ),
  ),
  rescore: post(
    `${M}/review/submit`,
    '回评: change a score the caller gave while the block is open',
    Obj({ taskId: Id, idempotencyKey: IdempotencyKey, ...ScoreFields }),
    SubmitResult,
  ),
  flagProblem: post(
    `${M}/problem/flag`,
    '问题卷: flag a leased paper; it leaves the pool for the block leader',
    Obj({ taskId: Id, reason: ProblemReason, note: Type.String({ maxLength: 500, default: '' }) }),
    EmptyData,
  ),
  problemList: post(
    `${M}/problem/list`,
    'the problem-paper queue of a block (leader)',
    BlockRef,
    ListOf(PaperDetail),
  ),
  resolve: post(
    `${M}/problem/resolve`,
    'leader: return a problem paper to the pool, or give any paper its final score (re-mark)',
    Obj({
      paperId: Id,
      action: OneOf(['return', 'score'] as const),
      idempotencyKey: IdempotencyKey,
      ...ScoreFields,
    }),
    EmptyData,
  ),
  remark: post(
    `${M}/paper/remark`,
    '组长改分 (leader, manager): set a paper’s final score with a reason; recorded as a leader mark, shown in checkPaper',
    Obj({
      paperId: Id,
      reason: Type.String({ minLength: 1, maxLength: 200 }),
      idempotencyKey: IdempotencyKey,
      ...ScoreFields,
    }),
    Type.Object({
      paperId: Type.Integer(),
      score: Type.Number(),
      duplicate: Type.Boolean(),
    }),
  ),
  sample: post(
    `${M}/sample`,
    '样卷: mark a paper as exemplary or a typical mistake (kind null clears)',
    Obj({
      paperId: Id,
      kind: Nullable(OneOf(['exemplary', 'typical'] as const)),
      note: Type.String({ maxLength: 500, default: '' }),
    }),
    EmptyData,
  ),
  samples: post(
    `${M}/sample/list`,
    'the sample papers of a block (anonymous), with their crop',
    BlockRef,
    ListOf(
      Type.Object({
        paperId: Type.Integer(),
        kind: Type.String(),
        note: Type.String(),
        finalScore: Nullable(Type.Number()),
      }),
    ),
  ),
  arbitrationList: post(
    `${M}/arbitration/list`,
    'papers waiting for arbitration, with their marks (leader, arbitrator)',
    BlockRef,
    ListOf(PaperDetail),
  ),
  progress: post(
    `${M}/progress`,
    'progress of a block and of each marker: marked, remaining, speed, estimated finish',
    BlockRef,
    BlockProgress,
  ),
  quality: post(
    `${M}/quality`,
    'quality per marker beside the block: mean, deviation, distribution, zero/full share, disagreement, re-check, seeds',
    BlockRef,
    BlockQuality,
  ),
  checkPaper: post(
    `${M}/checkPaper`,
    'find a student’s papers and every mark on them, by whom and when',
    Obj({
      examSubjectId: Type.Optional(Id),
      blockId: Type.Optional(Id),
      studentId: Type.Optional(Id),
      studentNo: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    }),
    ListOf(PaperDetail),
  ),
  finishSubject: post(
    `${M}/subject/finish`,
    'finish a subject: final scores into the exam scores, subject and exam totals',
    Obj({ examSubjectId: Id }),
    Type.Object({ students: Type.Integer() }),
  ),
  refreshReport: post(
    '/marking-main/exam/refresh_report',
    'write again the marking scores of the exam’s finished subjects and recompute totals',
    Obj({ examId: Id }),
    Type.Object({ subjects: Type.Integer(), students: Type.Integer() }),
  ),
  resetAnswer: post(
    '/marking-main/exam/resetExamResultDetailAnswer',
    'mark a student’s answers in a subject (or one block) again from scratch',
    Obj({ examSubjectId: Id, studentId: Id, blockId: Type.Optional(Id) }),
    Type.Object({ papers: Type.Integer() }),
  ),
  randomCheck: post(
    '/marking-main/exam/grading/random_check',
    'a random sample of a block’s finished papers with every mark, for spot checks',
    Obj({ blockId: Id, count: Type.Integer({ minimum: 1, maximum: 200, default: 10 }) }),
    ListOf(PaperDetail),
  ),
};
