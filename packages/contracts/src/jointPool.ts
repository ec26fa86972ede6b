import { Type, type TSchema } from 'typebox';
import { Id, Nullable, Obj, OneOf, post } from './builders';
import { BlockSetup, LeasedPaper, markingRoutes, SubmitResult } from './marking';

const SubjectCode = Type.String({ minLength: 1, maxLength: 32 });
const M = '/marking-main/joint/pool';

/** 各校分别阅卷 (`school`) or 统一阅卷 (`pool`). */
export const JointMarkingMode = OneOf(['school', 'pool'] as const);

/** A pool block's set-up: the marking block's own, without the exam subject (the joint subject's) or anonymity (always). */
export const PoolBlockSetup = Type.Omit(BlockSetup, ['examSubjectId', 'anonymous']);

/** One school's share of a pool block, for the organiser's monitoring. */
const PoolSchoolProgress = Type.Object({
  schoolId: Type.Integer(),
  schoolName: Type.String(),
  /** The school's papers in the pool, and those with a final score. */
  papers: Type.Integer(),
  done: Type.Integer(),
  /** The school's markers on the block, and the marks they have given. */
  markers: Type.Integer(),
  marks: Type.Integer(),
});

/** A pool block as its marker sees it: no school and no student. */
const PoolBlockOfMarker = Type.Object({
  blockId: Type.Integer(),
  jointExamId: Type.Integer(),
  jointExamName: Type.String(),
  subjectCode: Type.String(),
  name: Type.String(),
  state: Type.String(),
  fullScore: Type.Number(),
  /** Full marks of each question of the block, in order. */
  questionFull: Type.Array(Type.Number()),
  /** Score step (1 or 0.5), 评分标准 and 参考答案, as the marking screen shows them. */
  scoreStep: Type.Number(),
  guide: Type.String(),
  answer: Type.String(),
  /** The caller's roles on the block: `marker`, `arbitrator`, `leader` (组长: problem papers, 组长改分). */
  roles: Type.Array(Type.String()),
  mode: Type.String(),
});

/** A paper leased from the pool: a marking lease without the student, never the school. */
const PoolLeasedPaper = Type.Omit(LeasedPaper, ['studentName', 'studentNo']);

/** A teacher of a participating school, as the organiser names pool markers: name and school only. */
const PoolRosterTeacher = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  schoolId: Type.Integer(),
  schoolName: Type.String(),
});

/** A pool block's set-up as the organiser sees it. */
const PoolBlockOfOrganiser = Type.Object({
  blockId: Type.Integer(),
  subjectCode: Type.String(),
  name: Type.String(),
  state: Type.String(),
  mode: Type.String(),
  /** The joint subject's question ids (the organiser's copy, as `joint/paper/get` answers them). */
  questionIds: Type.Array(Type.Integer()),
  /** 双评's largest difference whose mean is taken, points. */
  tolerance: Type.Number(),
  /** Full marks and score step, points (a seed's known score keeps both). */
  fullScore: Type.Number(),
  scoreStep: Type.Number(),
  /** 整体分配 (`pool`) or 定量分配 (`quota`: each marker's 任务量 in `quotas`). */
  distribution: Type.String(),
  quotas: Type.Array(Type.Object({ userId: Type.Integer(), quota: Nullable(Type.Integer()) })),
  markers: Type.Array(PoolRosterTeacher),
  arbitrators: Type.Array(PoolRosterTeacher),
  leaders: Type.Array(PoolRosterTeacher),
});

/** A pool block as a participating school's manager follows it: overall, and their own school's share. */
const PoolBlockOfSchool = Type.Object({
  blockId: Type.Integer(),
  subjectCode: Type.String(),
  name: Type.String(),
  state: Type.String(),
  papers: Type.Integer(),
  done: Type.Integer(),
  own: Type.Object({
    papers: Type.Integer(),
    done: Type.Integer(),
    markers: Type.Integer(),
    marks: Type.Integer(),
  }),
  /** The school's own markers on the block by name, with the marks each gave (other schools' stay out). */
  ownMarkers: Type.Array(
    Type.Object({ userId: Type.Integer(), name: Type.String(), marks: Type.Integer() }),
  ),
});

/** A pool call that takes and answers what a marking call does (its pool twin), at a pool URL. */
const sameAsMarking = <B extends TSchema, D extends TSchema>(
  url: string,
  summary: string,
  marking: { body: B; data: D },
) => post(url, summary, marking.body, marking.data);

/**
 * 统一阅卷 of a joint exam (docs/marking.md "Joint exams: one pool"): the organiser sets the mode,
 * sets up pool blocks on the joint subject with markers of every participating school, and
 * finishes a subject into each school's own exam; markers claim and score papers of every school
 * anonymously with the marking module's own claiming and scoring.
 */
export const jointPoolRoutes = {
  jointPoolMode: post(
    `${M}/mode`,
    "set the joint exam's marking mode (organiser only; before any marking opened)",
    Obj({ jointExamId: Id, markingMode: JointMarkingMode }),
    Type.Object({ markingMode: JointMarkingMode }),
  ),
  jointPoolBlockSave: post(
    `${M}/block/save`,
    'create a pool block of a joint subject, or update one (blockId); markers of any participating school',
    Obj({
      jointExamId: Id,
      subjectCode: SubjectCode,
      blockId: Type.Optional(Id),
      setup: PoolBlockSetup,
    }),
    Type.Object({ blockId: Type.Integer() }),
  ),
  jointPoolPapers: post(
    `${M}/papers/register`,
    'register the papers (student of any participating school and crop) of a pool block (organiser only)',
    Obj({
      blockId: Id,
      papers: markingRoutes.registerPapers.body.properties.papers,
    }),
    Type.Object({ registered: Type.Integer() }),
  ),
  jointPoolBlockState: post(
    `${M}/block/state`,
    'start, pause or finish a pool block (organiser only)',
    markingRoutes.blockState.body,
    Type.Object({ state: Type.String() }),
  ),
  jointPoolMine: post(
    `${M}/mine`,
    "the pool blocks the caller marks, in joint exams of the caller's school",
    Obj({}),
    Type.Object({ list: Type.Array(PoolBlockOfMarker) }),
  ),
  jointPoolFetch: post(
    `${M}/fetch`,
    'lease the next papers of a pool block to mark (or to arbitrate); live leases come back first',
    markingRoutes.fetch.body,
    Type.Object({ list: Type.Array(PoolLeasedPaper) }),
  ),
  jointPoolCrop: post(
    `${M}/crop`,
    'the answer crop of a leased pool paper (task and lease), or of a paper the caller marked (task only, for 回评)',
    Obj({ taskId: Id, leaseToken: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }),
    markingRoutes.crop.data,
  ),
  jointPoolSubmit: post(
    `${M}/submit`,
    'submit the score of a leased pool paper, exactly once per idempotency key',
    markingRoutes.submit.body,
    SubmitResult,
  ),
  jointPoolFinish: post(
    `${M}/finish`,
    "write a finished pool subject's scores into each school's own exam (organiser only)",
    Obj({ jointExamId: Id, subjectCode: SubjectCode }),
    Type.Object({
      schools: Type.Array(Type.Object({ schoolId: Type.Integer(), students: Type.Integer() })),
    }),
  ),
  jointPoolProgress: post(
    `${M}/progress`,
    'the marking mode and each pool block’s progress per school and overall (organiser only)',
    Obj({ jointExamId: Id }),
    Type.Object({
      markingMode: JointMarkingMode,
      blocks: Type.Array(
        Type.Object({
          blockId: Type.Integer(),
          subjectCode: Type.String(),
          name: Type.String(),
          state: Type.String(),
          papers: Type.Integer(),
          done: Type.Integer(),
          schools: Type.Array(PoolSchoolProgress),
        }),
      ),
    }),
  ),
  jointPoolMonitorProgress: sameAsMarking(
    `${M}/monitor/progress`,
    "阅卷进度 of a pool block per marker (the marking block's figures): the organiser names each marker with their school; a participating school's manager its own markers, the others 外校阅卷老师",
    markingRoutes.progress,
  ),
  jointPoolMonitorQuality: sameAsMarking(
    `${M}/monitor/quality`,
    '阅卷质量 of a pool block: 双评 agreement, means per marker beside the block’s; markers named as in 阅卷进度',
    markingRoutes.quality,
  ),
  jointPoolMonitorCheck: sameAsMarking(
    `${M}/monitor/check`,
    '阅卷抽查 of a pool block: random marked papers with their marks, no student or school; markers named as in 阅卷进度',
    markingRoutes.randomCheck,
  ),
  jointPoolRoster: post(
    `${M}/roster`,
    'the teachers of every participating school, names and school only, to name pool markers (organiser only)',
    Obj({ jointExamId: Id }),
    Type.Object({ list: Type.Array(PoolRosterTeacher) }),
  ),
  jointPoolBlocks: post(
    `${M}/blocks`,
    'the pool blocks of a joint exam with their questions and markers (organiser only)',
    Obj({ jointExamId: Id }),
    Type.Object({ list: Type.Array(PoolBlockOfOrganiser) }),
  ),
  jointPoolSchoolProgress: post(
    `${M}/school/progress`,
    "each pool block's progress overall and the caller's school's share (a participating school's exam managers)",
    Obj({ jointExamId: Id }),
    Type.Object({ markingMode: JointMarkingMode, blocks: Type.Array(PoolBlockOfSchool) }),
  ),
  jointPoolFlag: sameAsMarking(
    `${M}/problem/flag`,
    '问题卷: flag a leased pool paper; it leaves the pool for the block leader',
    markingRoutes.flagProblem,
  ),
  jointPoolProblems: sameAsMarking(
    `${M}/problem/list`,
    "the problem-paper queue of a pool block (its leader); no student's name, number or school",
    markingRoutes.problemList,
  ),
  jointPoolPaperList: post(
    `${M}/paper/list`,
    "a pool block's marked papers, for 组长改分 (its leader); anonymous",
    Obj({ blockId: Id, limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }) }),
    markingRoutes.problemList.data,
  ),
  jointPoolResolve: sameAsMarking(
    `${M}/problem/resolve`,
    'the leader of a pool block returns a problem paper to the pool or gives its final score',
    markingRoutes.resolve,
  ),
  jointPoolRemark: sameAsMarking(
    `${M}/paper/remark`,
    '组长改分 on a pool block (its leader): a paper’s final score with a reason',
    markingRoutes.remark,
  ),
  jointPoolPaperCrop: post(
    `${M}/paper/crop`,
    "a pool paper's crop by paper id: the block's leader or organiser, or its users for a 样卷",
    Obj({ paperId: Id }),
    markingRoutes.crop.data,
  ),
  jointPoolSeedPapers: post(
    `${M}/seed/papers`,
    "隐藏样卷 of a pool block (its organiser or 组长): the block's papers to pick a seed from (done: finished papers only), by paper id, without the student or school",
    Obj({
      blockId: Id,
      done: Type.Boolean({ default: false }),
      limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
    }),
    markingRoutes.searchPapers.data,
  ),
  jointPoolSeeds: sameAsMarking(
    `${M}/seed/list`,
    'the hidden seed papers (隐藏样卷) of a pool block with their known score (its organiser or 组长); no student',
    markingRoutes.seeds,
  ),
  jointPoolSeedAdd: sameAsMarking(
    `${M}/seed/add`,
    'make a hidden seed paper of a pool block from one of its papers with a known score (its organiser or 组长); every marker gets it once',
    markingRoutes.addSeed,
  ),
  jointPoolSeedRemove: sameAsMarking(
    `${M}/seed/remove`,
    'remove a hidden seed paper of a pool block nobody has marked or is marking (its organiser or 组长)',
    markingRoutes.removeSeed,
  ),
  jointPoolSample: sameAsMarking(
    `${M}/sample`,
    '样卷 of a pool block: the leader, or a marker of the paper',
    markingRoutes.sample,
  ),
  jointPoolSamples: sameAsMarking(
    `${M}/sample/list`,
    'the sample papers of a pool block (its users; anonymous)',
    markingRoutes.samples,
  ),
  jointPoolReviewList: sameAsMarking(
    `${M}/review/list`,
    "回评 on a pool block: the caller's recent papers, newest first",
    markingRoutes.reviewList,
  ),
  jointPoolRescore: sameAsMarking(
    `${M}/review/submit`,
    '回评 on a pool block: change a score the caller gave while the block is open',
    markingRoutes.rescore,
  ),
};
