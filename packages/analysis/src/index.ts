export { analyseExam } from './analyse/analyseExam';
export { studentReport } from './analyse/studentReport';
export { competitionRanks } from './stats/competitionRanks';
export { averageOf, describe } from './stats/describe';
export { DEFAULT_LEVEL_LINES, levelLine, levelRates, scoreLevel } from './stats/levelRates';
export { scoreSegments } from './stats/scoreSegments';
export { scoreBands } from './stats/scoreBands';
export {
  aboveMeanRate,
  percentileRank,
  rankChange,
  tScore,
  zScore,
  zScores,
} from './stats/standardScores';
export { criticalStudents } from './stats/criticalStudents';
export { pearson } from './stats/pearson';
export { discrimination, extremeGroups } from './stats/discrimination';
export type { ExtremeGroups } from './stats/discrimination';
export { cronbachAlpha } from './stats/cronbachAlpha';
export { optionDistribution } from './stats/optionDistribution';
export { compareScoreRates } from './stats/compareScoreRates';
export type { RateParts } from './stats/compareScoreRates';
export { tagScoreRates } from './stats/tagScoreRates';
export type { TaggedQuestion } from './stats/tagScoreRates';
export type * from './types';
export { BUILT_IN_PROFILES, BUILT_IN_PROFILE_CODES } from './gaokao/profiles';
export type { BuiltInProfileCode, GradeLevel, GradingProfile } from './gaokao/profiles';
export { convertScores, levelQuotas, roundHalfUp } from './gaokao/convertScores';
export type { ConvertedLevel, GradeConversion } from './gaokao/convertScores';
export { MAX_PROFILE_LEVELS, profileProblem } from './gaokao/validateProfile';
