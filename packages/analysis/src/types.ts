/** How a question is marked: by machine against a key, or by a teacher. */
export type QuestionKind = 'objective' | 'subjective';

/** A question of a paper. */
export interface QuestionInput {
  readonly id: string;
  /** Full marks of the question; 0 is allowed (its rates are then null). */
  readonly fullMarks: number;
  readonly kind: QuestionKind;
  /** Knowledge points (知识点) the question tests. */
  readonly tags: readonly string[];
  /** Abilities (能力) the question tests. @default [] */
  readonly abilities?: readonly string[];
  /** Option labels of an objective question, e.g. `['A', 'B', 'C', 'D']`. */
  readonly options?: readonly string[];
}

/** A subject, with its paper. */
export interface SubjectInput {
  readonly id: string;
  /** Full marks of the paper (卷面满分). */
  readonly fullMarks: number;
  readonly questions: readonly QuestionInput[];
}

export interface StudentInput {
  readonly id: string;
  readonly classId: string;
}

/**
 * Scores of one subject, columnar: every array is aligned with `ExamInput.students`.
 * A student is absent from the subject when `absent[i]` is truthy, or when `totals[i]` is NaN,
 * or (without `totals`) when every question score is NaN. A NaN question score of a present
 * student counts as 0.
 */
export interface SubjectScores {
  readonly subjectId: string;
  /** One array per question, in the order of `SubjectInput.questions`. */
  readonly questions: readonly ArrayLike<number>[];
  /** Subject scores; when omitted, the sum of the question scores. */
  readonly totals?: ArrayLike<number>;
  /** 1 where the student was absent (缺考). */
  readonly absent?: ArrayLike<number | boolean>;
  /**
   * 选考: 1 where the student takes the subject (omitted: everybody does). A student who does not
   * take it is outside its figures (not absent) and their total is over the subjects they take.
   */
  readonly takes?: ArrayLike<number | boolean>;
  /**
   * Chosen options of objective questions, one array per question (undefined for others):
   * a bit mask over `QuestionInput.options` (bit i set = option i chosen; 0 = blank).
   */
  readonly responses?: readonly (ArrayLike<number> | undefined)[];
}

/** A teacher and the classes they teach. */
export interface TeacherInput {
  readonly id: string;
  readonly classIds: readonly string[];
  /** Subjects taught; when omitted, every subject (e.g. a head teacher). */
  readonly subjectIds?: readonly string[];
}

/**
 * Grade ranks (年级名次) of the grade's previous exam, by student id. List every ranked student of
 * that exam: their number is the base of the previous percentile rank.
 */
export interface PreviousRanks {
  readonly total?: Readonly<Record<string, number>>;
  readonly subjects?: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/** Everything the engine needs about one exam of one grade. */
export interface ExamInput {
  readonly students: readonly StudentInput[];
  readonly subjects: readonly SubjectInput[];
  readonly scores: readonly SubjectScores[];
  /** Classes to report even when they have no student. @default [] */
  readonly classIds?: readonly string[];
  readonly teachers?: readonly TeacherInput[];
  readonly previous?: PreviousRanks;
}

/** Score-level lines as fractions of full marks. */
export interface LevelLines {
  /** 优秀: score ≥ excellent × full marks. @default 0.85 */
  readonly excellent: number;
  /** 良好: score ≥ good × full marks. @default 0.7 */
  readonly good: number;
  /** 及格: score ≥ pass × full marks. @default 0.6 */
  readonly pass: number;
  /** 低分: score < low × full marks. @default 0.3 */
  readonly low: number;
}

/** A line a student can be just below (临界). */
export type LineKey = 'excellent' | 'good' | 'pass';

/** Level of one score: 优秀, 良好, 及格, 不及格 (≥ 低分线), 低分. */
export type ScoreLevel = 'excellent' | 'good' | 'pass' | 'fail' | 'low';

export interface AnalysisOptions {
  /** Level lines (the school's parameters). @default { excellent: 0.85, good: 0.7, pass: 0.6, low: 0.3 } */
  readonly levels?: Partial<LevelLines>;
  /** Width of a score band in points. @default 10 */
  readonly bandWidth?: number;
  /** Step of 一分一段 in points. @default 1 */
  readonly segmentStep?: number;
  /** Also give 一分一段 for classes and teachers (it is a grade table; off keeps results small). @default false */
  readonly classSegments?: boolean;
  /** 临界生 band below each line, as a fraction of full marks. @default 0.05 */
  readonly criticalBand?: number;
  /** Lines whose 临界生 are listed. @default ['excellent', 'good', 'pass'] */
  readonly criticalLines?: readonly LineKey[];
  /** Size of the upper and lower groups for discrimination. @default 0.27 */
  readonly groupFraction?: number;
  /** Size of the lower group (后 N%) when it differs from the upper one. @default groupFraction */
  readonly lowerGroupFraction?: number;
  /**
   * 临界生 band below each line in points (分); when set it replaces `criticalBand` (a fraction of
   * full marks).
   */
  readonly criticalBandPoints?: number;
  /**
   * Who the 均分 counts (the mean, and so 超均率); no other figure changes.
   * `excludeZero`: a score of 0 is left out (均分不计零分). `absentAsZero`: absent students count
   * as 0 (均分计入缺考). @default { excludeZero: false, absentAsZero: false }
   */
  readonly mean?: { readonly excludeZero?: boolean; readonly absentAsZero?: boolean };
  /** T score = mean + sd × z: 50 + 10z, or 500 + 100z. @default { mean: 50, sd: 10 } */
  readonly tScale?: { readonly mean: number; readonly sd: number };
}

/** count, absences and the location and spread of the present scores; null when undefined. */
export interface Description {
  readonly count: number;
  readonly absent: number;
  readonly mean: number | null;
  readonly max: number | null;
  readonly min: number | null;
  readonly median: number | null;
  /** Population standard deviation (divides by count). */
  readonly sd: number | null;
}

/** Cumulative level counts and rates over the present students. */
export interface LevelRates {
  readonly lines: {
    readonly excellent: number;
    readonly good: number;
    readonly pass: number;
    readonly low: number;
  };
  readonly excellent: number;
  readonly good: number;
  readonly pass: number;
  readonly low: number;
  readonly excellentRate: number | null;
  readonly goodRate: number | null;
  readonly passRate: number | null;
  readonly lowRate: number | null;
}

/** One row of 一分一段: students in [score, score + step) and at or above `score`. */
export interface ScoreSegment {
  readonly score: number;
  readonly count: number;
  readonly cumulative: number;
}

/** Students in [from, to), the last band closed at full marks. */
export interface ScoreBand {
  readonly from: number;
  readonly to: number;
  readonly count: number;
}

/** 临界生 below one line: scores in [line − band, line). */
export interface CriticalStudents {
  readonly line: LineKey;
  readonly score: number;
  readonly from: number;
  /** Highest score first, ties by student id. */
  readonly studentIds: readonly string[];
}

/** Statistics of one score column (a subject or the total) over one group. */
export interface ScoreStats {
  readonly fullMarks: number;
  readonly description: Description;
  readonly levels: LevelRates;
  /** 超均率: (group mean − grade mean) / grade mean. */
  readonly aboveMeanRate: number | null;
  /** 一分一段; null for classes and teachers unless `classSegments` is set. */
  readonly segments: readonly ScoreSegment[] | null;
  readonly bands: readonly ScoreBand[];
  readonly critical: readonly CriticalStudents[];
}

export interface OptionCount {
  readonly option: string;
  readonly count: number;
  readonly rate: number | null;
}

export interface QuestionStats {
  readonly questionId: string;
  readonly kind: QuestionKind;
  readonly fullMarks: number;
  readonly count: number;
  readonly mean: number | null;
  /** Difficulty P: mean / full marks. */
  readonly scoreRate: number | null;
  readonly fullMarkRate: number | null;
  readonly zeroRate: number | null;
  /** (mean of upper 27 % − mean of lower 27 %) / full marks. */
  readonly discrimination: number | null;
  /** Pearson correlation of the question score with the paper total. */
  readonly itemTotalCorrelation: number | null;
  /** Objective questions with responses only. */
  readonly options: readonly OptionCount[] | null;
  readonly blankRate: number | null;
}

/** Score rate of a knowledge point or ability over its questions. */
export interface TagStats {
  readonly tag: string;
  readonly questionIds: readonly string[];
  readonly fullMarks: number;
  readonly mean: number | null;
  readonly scoreRate: number | null;
}

export interface SubjectStats extends ScoreStats {
  readonly subjectId: string;
  readonly questions: readonly QuestionStats[];
  readonly cronbachAlpha: number | null;
  readonly knowledgePoints: readonly TagStats[];
  readonly abilities: readonly TagStats[];
}

/** The grade, a class or a teacher's classes. */
export interface GroupReport {
  readonly id: string;
  readonly classIds: readonly string[];
  readonly studentCount: number;
  readonly subjects: readonly SubjectStats[];
  readonly total: ScoreStats;
}

/** Per-student figures of one subject or the total, aligned with `ExamInput.students`. */
export interface StudentScoreColumns {
  readonly scores: readonly (number | null)[];
  readonly levels: readonly (ScoreLevel | null)[];
  readonly classRanks: readonly (number | null)[];
  readonly gradeRanks: readonly (number | null)[];
  readonly z: readonly (number | null)[];
  readonly t: readonly (number | null)[];
  /** Previous grade rank − grade rank: positive is progress (进步). */
  readonly rankChanges: readonly (number | null)[];
  /** Percentile rank now: 100 × (ranked − grade rank) / ranked, the share of the grade behind. */
  readonly percentiles: readonly (number | null)[];
  /**
   * 进退步 by percentile: percentile now − percentile in the previous exam (over that exam's
   * ranked students), so exams of different sizes compare; positive is progress.
   */
  readonly percentileChanges: readonly (number | null)[];
}

export interface StudentSubjectColumns extends StudentScoreColumns {
  readonly subjectId: string;
  /** Subject grade rank − total grade rank: positive means the subject lags (偏科). */
  readonly balance: readonly (number | null)[];
}

/** Per-student results, columnar and aligned with `ExamInput.students`. */
export interface StudentColumns {
  readonly ids: readonly string[];
  readonly classIds: readonly string[];
  readonly subjects: readonly StudentSubjectColumns[];
  readonly total: StudentScoreColumns;
}

/** One student's figures, as a row. */
export interface StudentScore {
  readonly score: number | null;
  readonly level: ScoreLevel | null;
  readonly classRank: number | null;
  readonly gradeRank: number | null;
  readonly z: number | null;
  readonly t: number | null;
  readonly rankChange: number | null;
  readonly percentileChange: number | null;
}

export interface StudentReport {
  readonly studentId: string;
  readonly classId: string;
  readonly subjects: readonly (StudentScore & {
    readonly subjectId: string;
    readonly balance: number | null;
  })[];
  readonly total: StudentScore;
}

/** The result of `analyseExam`: plain JSON. */
export interface ExamAnalysis {
  readonly grade: GroupReport;
  /** Sorted by class id. */
  readonly classes: readonly GroupReport[];
  /** In input order. */
  readonly teachers: readonly GroupReport[];
  readonly students: StudentColumns;
}
