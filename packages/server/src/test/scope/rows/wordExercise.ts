import { WRITE, type Entry } from '../entry';

/**
 * The data-scope rows of 字词练习 (homework/wordExercise/wordExercise.test.ts “answers another
 * school, another subject’s teacher and a class out of scope as missing”): the caller's classes
 * of the list's grade × subject only; another class answers 班级不存在, another student 学生不存在,
 * another school's list 字词练习不存在.
 */
export const wordExerciseRows: Record<string, Entry> = {
  'homeworkWordExerciseRoutes.wordExerciseAssign': WRITE(
    'classes the caller may set the list for only; another answers 班级不存在 (wordExercise.test.ts)',
  ),
  'homeworkWordExerciseRoutes.wordExerciseMarks': WRITE(
    'students of the caller’s assigned classes only; another class 404 (wordExercise.test.ts)',
  ),
  'homeworkWordExerciseRoutes.wordExerciseMark': WRITE(
    'a student of the caller’s assigned classes only, else 404 (wordExercise.test.ts)',
  ),
  'homeworkWordExerciseRoutes.wordExerciseAccuracy': WRITE(
    'over the caller’s students only; another class 404 (wordExercise.test.ts)',
  ),
  'homeworkWordExerciseRoutes.wordExerciseStudentDetail': WRITE(
    'a class the caller teaches 语文 or 英语 in, else 班级不存在 (wordExercise.test.ts)',
  ),
  'homeworkWordExerciseRoutes.wordExerciseWrongWords': WRITE(
    'a class or teaching class the caller teaches 语文 or 英语 in, else 班级不存在 / 教学班不存在 (wordExercise.test.ts)',
  ),
  'homeworkWordExerciseRoutes.wordExerciseReview': WRITE(
    'the wrong words of a class or teaching class the caller teaches, else 404 (wordExercise.test.ts)',
  ),
  'homeworkWordScanRoutes.wordScanResolve': WRITE(
    'a student of the caller’s assigned classes only, else 404 (wordScan.test.ts)',
  ),
};
