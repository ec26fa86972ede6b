import { Type, type Static, type TInteger, type TSchema } from 'typebox';
import { EmptyData, Paged } from './envelope';
import { DownloadStarted } from './download';
import { Nullable, Obj, OneOf, post } from './builders';
import { titled as t, IdempotencyKey, titledPageFields } from './builders';

/**
 * The 新高考 simulation (spec 001 §2 "Gaokao simulation", key Exam-Gaokao): 等级赋分 analyses of a
 * finished single-school exam. The spec names the pages only; the calls are examkit's
 * (docs/gaokao.md). Students' 选科 are the roster's (administrationRoutes.electiveStudents).
 */

const G = '/marking-main/gaokao';
const Int = Type.Integer();
const Num = Type.Number();
const Str = Type.String();

/** Built-in 等级赋分 profiles, and `custom` (the school's own levels). */
export const GAOKAO_PROFILE_CODES = [
  'common',
  'guangdong',
  'shandong',
  'zhejiang',
  'shanghai',
  'custom',
] as const;
export const GaokaoProfileCode = OneOf(GAOKAO_PROFILE_CODES);
export type GaokaoProfileCode = Static<typeof GaokaoProfileCode>;

/** Subjects whose raw scores are converted (再选科目), as the 3+1+2 names them. */
export const GAOKAO_CONVERTED_SUBJECTS = ['化学', '生物', '政治', '地理'] as const;
/** The first-choice subjects (首选科目), kept raw; each makes a 类 (物理类, 历史类). */
export const GAOKAO_FIRST_SUBJECTS = ['物理', '历史'] as const;
/** 语数外, kept raw. */
export const GAOKAO_CORE_SUBJECTS = ['语文', '数学', '英语'] as const;

export const GaokaoTrack = OneOf(['physics', 'history'] as const);
export type GaokaoTrack = Static<typeof GaokaoTrack>;

/** One level of a profile; `high` is the converted score of the level's best raw score. */
export const GaokaoLevel = Obj({
  name: t('等级名称', Type.String({ minLength: 1, maxLength: 10 })),
  percent: t('等级比例', Type.Number({ exclusiveMinimum: 0, maximum: 100 })),
  high: t('赋分最高分', Type.Integer({ minimum: 0, maximum: 1000 })),
  low: t('赋分最低分', Type.Integer({ minimum: 0, maximum: 1000 })),
});
export type GaokaoLevel = Static<typeof GaokaoLevel>;

export const GaokaoProfile = Type.Object({
  code: GaokaoProfileCode,
  name: Str,
  levels: Type.Array(GaokaoLevel),
});
export type GaokaoProfile = Static<typeof GaokaoProfile>;

/** A finished exam of the school that has 语数外 and a first-choice subject (chooseExam). */
export const GaokaoExam = Type.Object({
  examId: Int,
  name: Str,
  gradeName: Str,
  examDate: Str,
  /** Subject names of the exam. */
  subjects: Type.Array(Str),
});
export type GaokaoExam = Static<typeof GaokaoExam>;

export const GaokaoSummary = Type.Object({
  id: Int,
  name: Str,
  examId: Int,
  examName: Str,
  gradeName: Str,
  profileName: Str,
  convertedSubjects: Type.Array(Str),
  createdAt: Int,
  /** The caller may delete it (school-wide roles and the grade's 年级主任; a joint one's organiser). */
  manager: Type.Boolean(),
  /** An analysis of a joint exam (联考): `examId` is the joint exam's id (gaokaoJointRoutes). */
  joint: Type.Optional(Type.Boolean()),
});
export type GaokaoSummary = Static<typeof GaokaoSummary>;

/** `core` 语数外 and `first` 物理/历史 stay raw; `converted` subjects get 等级赋分. */
export const GaokaoSubjectRole = OneOf(['core', 'first', 'converted'] as const);

const Band = Type.Object({ from: Num, to: Num, count: Int });
const Stats = Type.Object({
  count: Int,
  average: Nullable(Num),
  max: Nullable(Num),
  min: Nullable(Num),
});

/** A converted subject's level among a group of students. */
export const GaokaoLevelRow = Type.Object({
  name: Str,
  count: Int,
  /** Best and lowest raw score in the level (Y2, Y1); null when nobody is in it. */
  rawHigh: Nullable(Num),
  rawLow: Nullable(Num),
  high: Int,
  low: Int,
});

export const GaokaoSubjectReport = Type.Object({
  name: Str,
  role: GaokaoSubjectRole,
  fullMarks: Num,
  raw: Stats,
  /** Converted subjects only. */
  converted: Nullable(Stats),
  levels: Type.Array(GaokaoLevelRow),
  /** Raw score bands of 10 (converted subjects: of the converted scores). */
  bands: Type.Array(Band),
});

export const GaokaoTrackReport = Type.Object({
  track: GaokaoTrack,
  name: Str,
  total: Stats,
  /** Total bands of 50 points. */
  bands: Type.Array(Band),
  /** Average of each subject (converted score for converted subjects) within the 类, aligned with `subjects`. */
  subjectAverages: Type.Array(Nullable(Num)),
  /** Level counts of each converted subject within the 类. */
  levels: Type.Array(Type.Object({ subject: Str, counts: Type.Array(Int) })),
});

export const GaokaoStudentRow = Type.Object({
  studentId: Int,
  studentNo: Str,
  name: Str,
  className: Str,
  track: GaokaoTrack,
  /** Aligned with `subjects`: raw score, or null (absent or not chosen). */
  raw: Type.Array(Nullable(Num)),
  /** Aligned with `subjects`: converted score of a chosen converted subject, else null. */
  converted: Type.Array(Nullable(Num)),
  /** Aligned with `subjects`: level name of a chosen converted subject, else null. */
  levels: Type.Array(Nullable(Str)),
  /** 语数外 raw + first-choice raw + two converted; null when a part is missing. */
  total: Nullable(Num),
  /** Competition rank of the total within the 类. */
  rank: Nullable(Int),
});
export type GaokaoStudentRow = Static<typeof GaokaoStudentRow>;

export const GaokaoReport = Type.Object({
  id: Int,
  name: Str,
  examId: Int,
  examName: Str,
  gradeName: Str,
  profile: GaokaoProfile,
  subjects: Type.Array(GaokaoSubjectReport),
  overall: Type.Object({ total: Stats, bands: Type.Array(Band) }),
  tracks: Type.Array(GaokaoTrackReport),
  /** Students of the exam without a 3+1+2 choice: left out of the analysis. */
  withoutChoice: Int,
  /** The students in the caller's scope, best total first. */
  students: Type.Array(GaokaoStudentRow),
  /**
   * A joint exam's analysis only: each finished school's totals as an aggregate, labelled by its
   * name or its code as the organiser set (the bureau and the school itself: the name).
   */
  schools: Type.Optional(
    Type.Array(
      Type.Object({
        label: Str,
        own: Type.Boolean(),
        total: Stats,
        tracks: Type.Array(Type.Object({ track: GaokaoTrack, total: Stats })),
      }),
    ),
  ),
});
export type GaokaoReport = Static<typeof GaokaoReport>;

const AnalysisId = t('新高考分析', Type.Integer({ minimum: 1 }));

/** What a new 新高考 analysis is asked for, of an exam or of a joint exam (with its own id). */
export const GAOKAO_ANALYSIS_FIELDS = {
  idempotencyKey: t('请求标识', IdempotencyKey),
  name: t('分析名称', Type.String({ minLength: 1, maxLength: 60 })),
  profileCode: t('赋分方式', GaokaoProfileCode),
  /** The levels of a `custom` profile; refused with a built-in one. */
  levels: Type.Optional(t('自定义等级', Type.Array(GaokaoLevel, { maxItems: 30 }))),
  convertedSubjects: t(
    '赋分科目',
    Type.Array(OneOf(GAOKAO_CONVERTED_SUBJECTS), {
      minItems: 1,
      maxItems: 4,
      uniqueItems: true,
    }),
  ),
};

/**
 * The calls every 新高考 analysis has, of an exam or of a joint exam, under `base`: create (the
 * asked fields and the id of what it analyses, `of`), delete, its report and the transcript export.
 */
export const gaokaoAnalysisRoutes = <S extends Record<string, TSchema>>(
  base: string,
  analysisId: TInteger,
  of: S,
  summaries: { create: string; remove: string; report: string; exportTranscript: string },
) => ({
  create: post(
    `${base}/create`,
    summaries.create,
    Obj({ ...GAOKAO_ANALYSIS_FIELDS, ...of }),
    Obj({ id: Int }),
  ),
  remove: post(`${base}/delete`, summaries.remove, Obj({ analysisId }), EmptyData),
  report: post(`${base}/report`, summaries.report, Obj({ analysisId }), GaokaoReport),
  exportTranscript: post(
    `${base}/report/export`,
    summaries.exportTranscript,
    Obj({ analysisId, track: t('类别', OneOf(['all', 'physics', 'history'] as const)) }),
    DownloadStarted,
  ),
});

export const gaokaoRoutes = {
  profiles: post(
    `${G}/profiles`,
    'the built-in 等级赋分 profiles',
    Obj({}),
    Type.Array(GaokaoProfile),
  ),
  exams: post(
    `${G}/exams`,
    'finished exams of the caller’s grades that have 语数外 and 物理 or 历史, newest first',
    Obj({}),
    Type.Array(GaokaoExam),
  ),
  list: post(
    `${G}/list`,
    '新高考 analyses of the caller’s grades, newest first',
    Obj({
      ...titledPageFields(100, 20),
    }),
    Paged(GaokaoSummary),
  ),
  ...gaokaoAnalysisRoutes(
    G,
    AnalysisId,
    { examId: t('考试', Type.Integer({ minimum: 1 })) },
    {
      create:
        'create a 新高考 analysis of a finished exam; a retry with the same key answers the first',
      remove: 'delete a 新高考 analysis',
      report: 'every figure of a 新高考 analysis: subjects, 类, levels, bands and the transcript',
      exportTranscript:
        'the transcript of an analysis (all, 物理类 or 历史类) as .xlsx, a download-centre job',
    },
  ),
};
