import { Type } from 'typebox';
import { Id, Nullable, Obj, OneOf, post, studentClassFields } from './builders';
import { UsagePeriod } from './teachResearchUsage';

/** A fall of the total's percentile (points) between two exams that marks a student for attention. */
export const STUDY_DROP_DEFAULT = 10;
/** The total's percentile under which a student needs attention, unless chosen. */
export const STUDY_LINE_DEFAULT = 20;

/** 波动趋势: how many of the grade's newest exams are compared, unless chosen. */
export const FLUCTUATION_EXAMS_DEFAULT = 5;
/** 波动趋势: the change of the percentile between two exams that counts as a swing, unless chosen. */
export const FLUCTUATION_SWING_DEFAULT = 20;
/**
 * 波动趋势's 波动依据: `rank` a change of the grade rank (places; the default swing is the school's
 * 波动设置 `undulate.rankChange`), `percentile` a change of the percentile (points), `score` a change
 * of the score rate — the score over the exam's full marks of the total or subject — in percentage
 * points (the default swing is the 波动设置 `undulate.scoreChangePercent`).
 */
export const FLUCTUATION_BASES = ['rank', 'percentile', 'score'] as const;
export type FluctuationBasis = (typeof FLUCTUATION_BASES)[number];
/** The names of the 波动依据 on the page. */
export const FLUCTUATION_BASIS_NAMES: Record<FluctuationBasis, string> = {
  rank: '名次变化',
  percentile: '百分位变化',
  score: '分数波动',
};

const T = '/marking-report/teach-research';
const N = Nullable(Type.Number());
const Str = Type.String();
const Int = Type.Integer();
const ExamRef = Obj({ examId: Int, examName: Str, examDate: Str });
const Grades = Type.Array(Obj({ gradeId: Int, gradeName: Str }));

/** How many of a grade's newest 校本作业 师生学情 reads when no period is chosen. */
export const RESEARCH_HOMEWORK_COUNT = 10;
/** How many 校本作业 of a chosen period 师生学情 reads at most (the newest). */
export const RESEARCH_HOMEWORK_PERIOD_MAX = 50;

/**
 * 师生学情's homework period: the 校本作业 first assigned in these China days (both included, at
 * most a year); null or absent: the grade's newest {@link RESEARCH_HOMEWORK_COUNT}.
 */
const HomeworkPeriod = Type.Optional(Nullable(UsagePeriod));

/**
 * The grade's 校本作业 whose report the caller may open (the homework report's rule; none without
 * 校本作业), oldest first: the newest {@link RESEARCH_HOMEWORK_COUNT}, or those of the chosen period
 * (at most {@link RESEARCH_HOMEWORK_PERIOD_MAX}, the newest).
 */
const HomeworkList = Type.Array(
  Obj({ homeworkId: Int, name: Str, subjectName: Str, assignedAt: Int, fullMarks: Type.Number() }),
);

/**
 * Homework in 教师学情: per class × subject shown, the mean of its homework reports' class score
 * rates (基本情况's 各班); per teacher, the homework of the list they assigned and the hand-ins of
 * the caller's students they corrected.
 */
const TeacherHomework = Obj({
  list: HomeworkList,
  classes: Type.Array(
    Obj({ userId: Int, classId: Int, subjectName: Str, count: Int, scoreRate: N }),
  ),
  teachers: Type.Array(Obj({ userId: Int, assigned: Int, corrected: Int })),
});

/** A class × subject a teacher teaches, across the grade's exams. */
const TeacherClass = Obj({
  userId: Int,
  teacherName: Str,
  classId: Int,
  className: Str,
  subjectName: Str,
  /** Per exam (null: the class or subject was not in it). */
  means: Type.Array(N),
  gradeMeans: Type.Array(N),
  ranks: Type.Array(Nullable(Int)),
  classCounts: Type.Array(Int),
});

/** A teacher's marking in one exam: marks given and how often the two independent marks differed. */
const MarkingFigures = {
  /** Independent marks given (seed papers aside), the marking monitor's count. */
  marked: Int,
  /** Papers with both independent marks in, and how many differed beyond the tolerance. */
  pairs: Int,
  disagreements: Int,
};

/**
 * 教研中心 (spec 001 §2 "teach-research"): 师生学情 (students needing attention, teachers compared
 * over time) and the 数据大屏 — every exam figure read from the exams' cached reports, every
 * marking figure from the marking monitor's quality figures. @see docs/teaching-views.md
 */
const DatavFigures = {
  assigned: Int,
  expected: Int,
  submitted: Int,
  submitRate: N,
  scoreRate: N,
};
/** 数据大屏's homework figures of one grade, and of each of its classes. */
const DatavHomeworkGrade = Obj({
  gradeName: Str,
  ...DatavFigures,
  classes: Type.Array(Obj({ name: Str, ...DatavFigures })),
});

export const teachResearchRoutes = {
  studyStudents: post(
    `${T}/study/students`,
    "the students of a grade who need attention: the total's percentile fell or is under a line",
    Obj({
      gradeId: Nullable(Id),
      /** Fall of the percentile (points) from the exam before to the newest. */
      drop: Type.Number({ minimum: 1, maximum: 100 }),
      /** Percentile under which the newest exam marks a student. */
      line: Type.Number({ minimum: 0, maximum: 100 }),
      homeworkPeriod: HomeworkPeriod,
    }),
    Obj({
      grades: Grades,
      gradeId: Nullable(Int),
      exams: Type.Array(ExamRef),
      students: Type.Array(
        Obj({
          ...studentClassFields(),
          /** The total's percentile per exam (null: not sat). */
          percentiles: Type.Array(N),
          /** Newest percentile minus the one before (exams sat). */
          change: N,
          falling: Type.Boolean(),
          below: Type.Boolean(),
        }),
      ),
      /**
       * Homework: per student listed, the mean of their score rates in the list's homework they
       * handed in and had corrected (the homework report's own rows), and that rate per homework
       * of the list (null: not handed in or not corrected yet), the trend beside the percentiles.
       */
      homework: Obj({
        list: HomeworkList,
        students: Type.Array(
          Obj({ studentId: Int, corrected: Int, scoreRate: N, scoreRates: Type.Array(N) }),
        ),
      }),
    }),
  ),
  studyTeachers: post(
    `${T}/study/teachers`,
    "a grade's teachers across its exams: their classes' means and ranks beside the grade, their marking",
    Obj({ gradeId: Nullable(Id), homeworkPeriod: HomeworkPeriod }),
    Obj({
      grades: Grades,
      gradeId: Nullable(Int),
      exams: Type.Array(ExamRef),
      classes: Type.Array(TeacherClass),
      /** Per teacher with a class shown, their marking per exam. */
      teachers: Type.Array(
        Obj({ userId: Int, name: Str, marking: Type.Array(Obj(MarkingFigures)) }),
      ),
      homework: TeacherHomework,
    }),
  ),
  teacherDetail: post(
    `${T}/study/teacher`,
    "one teacher's classes across a grade's exams and their marking, block by block",
    Obj({ gradeId: Id, userId: Id, homeworkPeriod: HomeworkPeriod }),
    Obj({
      teacher: Obj({ userId: Int, name: Str }),
      gradeName: Str,
      exams: Type.Array(ExamRef),
      classes: Type.Array(TeacherClass),
      blocks: Type.Array(
        Obj({
          examId: Int,
          examName: Str,
          blockName: Str,
          ...MarkingFigures,
          /** The teacher's mean mark and the block's (points). */
          mean: N,
          blockMean: N,
        }),
      ),
      homework: TeacherHomework,
    }),
  ),
  fluctuation: post(
    `${T}/fluctuation`,
    "波动趋势: the students whose total's or a subject's grade rank or percentile swings across a grade's newest exams, and per class how many",
    Obj({
      gradeId: Nullable(Id),
      /** How many of the grade's newest exams are compared. */
      examCount: Type.Integer({ minimum: 2, maximum: 20 }),
      /** The school's subject compared (null or absent: 总分). */
      subjectId: Type.Optional(Nullable(Id)),
      /** What a swing is measured in (absent: `rank`). */
      basis: Type.Optional(OneOf(FLUCTUATION_BASES)),
      /**
       * Change (either way) between two exams sat that counts as a swing: places for `rank`,
       * points for `percentile`, percentage points of the full marks for `score`. Null or absent:
       * the school's 波动设置 for `rank` and `score`, `FLUCTUATION_SWING_DEFAULT` for `percentile`.
       */
      swing: Type.Optional(Nullable(Type.Number({ minimum: 1, maximum: 1000 }))),
    }),
    Obj({
      grades: Grades,
      gradeId: Nullable(Int),
      exams: Type.Array(ExamRef),
      /** The school's subjects of the compared exams. */
      subjects: Type.Array(Obj({ subjectId: Int, subjectName: Str })),
      /** The subject compared (null: 总分). */
      subjectId: Nullable(Int),
      basis: OneOf(FLUCTUATION_BASES),
      /** The swing used (places, points or percentage points, by `basis`). */
      swing: Type.Number(),
      /** The school's 波动设置: a grade rank change of this many places is a swing by default. */
      rankChange: Type.Number(),
      /** The school's 波动设置: a score rate change of this many percentage points is a swing by default. */
      scoreChangePercent: Type.Number(),
      /** Per class the caller sees whole: its students and those who swing, its mean's rank per exam. */
      classes: Type.Array(
        Obj({
          classId: Int,
          className: Str,
          /** Students who sat at least two of the exams. */
          compared: Int,
          swinging: Int,
          /** The class's rank by the mean of the subject compared (or the total), per exam. */
          ranks: Type.Array(Nullable(Int)),
          classCounts: Type.Array(Int),
          /** Largest minus smallest rank of the exams the class was in (null: fewer than two). */
          rankSpread: Nullable(Int),
        }),
      ),
      /** The students who swing, the largest swing first. */
      students: Type.Array(
        Obj({
          ...studentClassFields(),
          /** The percentile of the subject compared (or the total) per exam (null: not sat). */
          percentiles: Type.Array(N),
          /** The grade rank of the subject compared (or the total) per exam (null: not sat). */
          ranks: Type.Array(Nullable(Int)),
          /** The score of the subject compared (or the total) per exam (null: not sat). */
          scores: Type.Array(N),
          /** That score over the exam's full marks, in % (null: not sat). */
          scoreRates: Type.Array(N),
          /** Largest minus smallest figure (of the basis) of the exams sat. */
          spread: Type.Number(),
          /**
           * The largest change of the basis between two consecutive exams sat (signed, a fall is
           * negative: for ranks the places gained, previous rank minus rank).
           */
          largestChange: Type.Number(),
          /** How many consecutive changes reach the swing. */
          swings: Int,
        }),
      ),
    }),
  ),
  datav: post(
    `${T}/datav`,
    "数据大屏: the school's newest exams, homework and usage at a glance",
    Obj({}),
    Obj({
      schoolName: Str,
      students: Int,
      classes: Int,
      teachers: Int,
      exams: Type.Array(
        Obj({
          examId: Int,
          examName: Str,
          examDate: Str,
          gradeName: Str,
          sat: Int,
          fullMarks: Type.Number(),
          mean: N,
          passRate: N,
          excellentRate: N,
          /** The grade's classes by mean rank. */
          classes: Type.Array(Obj({ className: Str, mean: N, rank: Nullable(Int) })),
        }),
      ),
      /** The last 30 days. */
      homework: Obj({ assigned: Int, submitted: Int, corrected: Int }),
      /**
       * 校本作业 (作文 aside) first assigned in the last 30 China days (today included) of the
       * caller's data scope (read under the 数据大屏's key), per grade and per class (or teaching
       * class) of the grade: from each report's 基本情况 (over the students the caller corrects) —
       * how many were assigned, 提交率 (hand-ins over students expected) and 平均得分率 (the mean
       * of the reports' score rates, those with nothing corrected left out).
       */
      homeworkReports: Type.Array(DatavHomeworkGrade),
      /**
       * 作文 first assigned in the last 30 China days, as `homeworkReports`: from each
       * composition report's 基本情况 (over the caller's students; per class, over the class's),
       * its 平均得分率 the report's 平均分 over its full marks.
       */
      compositionReports: Type.Array(DatavHomeworkGrade),
      usage: Obj({ marked: Int, exams: Int, papers: Int }),
      /**
       * The busiest teachers of the last 30 China days (today included), at most 10, by the sum
       * of their counts: 使用统计's own figures (every teacher for a school-wide role, else the
       * caller's own row), those with no use left out.
       */
      teacherUsage: Type.Array(
        Obj({
          name: Str,
          marks: Int,
          homeworkMade: Int,
          homeworkCorrected: Int,
          papersMade: Int,
        }),
      ),
    }),
  ),
};
