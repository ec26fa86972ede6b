import { WRITE, type Entry } from '../entry';

/** The data-scope rows of resources: papers and error questions. */
export const resourceRows: Record<string, Entry> = {
  // papers
  'paperRoutes.toExam': WRITE(
    'an exam from a paper: grade managers only, classes of the school’s grade (resource/papers.test.ts)',
  ),
  // error questions (resource/wrongRoutes.test.ts): the report's data scope per exam
  'wrong.studentWrongList': {
    kind: 'list',
    byClass: true,
    body: { gradeId: null, subjectName: '', dateFrom: '', dateTo: '' },
  },
  'wrong.studentWrongDetail': {
    kind: 'single',
    body: { subjectName: '', dateFrom: '', dateTo: '' },
  },
  'wrong.commonErrors': { kind: 'list', subjects: true, body: { limit: 3 } },
  'wrong.weakPoints': { kind: 'list', subjects: true, body: { limit: 3 } },
  'wrong.similarRecommend': { kind: 'list', subjects: true, body: { limit: 2 } },
  'wrong.notebookJob': WRITE(
    'a class outside the scope or of another school answers 404 (resource/wrongRoutes.test.ts “a class’s 错题本”)',
  ),
  // teaching views (teaching/teaching.test.ts): the report's data scope per exam, one class at a time
  'teaching.topicList': {
    kind: 'list',
    byClass: true,
    subjects: true,
    body: { level: 'class', threshold: 1 },
  },
  'teaching.teachSummary': { kind: 'list', subjects: true, body: { limit: 3 } },
  'teaching.studyClasses': { kind: 'list', byClass: true },
  'teaching.studentRecord': { kind: 'single' },
  'teaching.classRecord': { kind: 'list', byClass: true, subjects: true },
  'teaching.gradeSituation': { kind: 'list', body: { gradeId: null } },
  // 教研中心 (teaching/research.test.ts): students and classes of the caller's scope only
  'teachResearch.studyStudents': { kind: 'list', body: { gradeId: null, drop: 1, line: 100 } },
  'teachResearch.studyTeachers': { kind: 'list', subjects: true, body: { gradeId: null } },
  'teachResearch.teacherDetail': {
    kind: 'covered',
    why: 'one teacher of a grade: a teacher outside the scope answers as a missing one (teaching/research.test.ts)',
  },
  'teachResearch.fluctuation': {
    kind: 'list',
    body: { gradeId: null, examCount: 5, swing: 1 },
  },
  'teachResearch.datav': {
    kind: 'covered',
    why: 'the grades the caller sees whole, counts of records, and the homework and 作文 reports’ figures over the students of the caller’s scope (师生学情’s rule, read under the 数据大屏 key: the 校长 sees the 教务主任’s, a teacher only their classes), no student (teaching/research.test.ts, teaching/datavHomework.test.ts)',
  },
  // 助手报告 (teaching/assistant.test.ts): the homework report's rule, the caller's students only
  'centre.assistantReports': WRITE(
    'homework of the caller’s grades × subjects, figures over the students they correct; another school’s not listed (teaching/assistant.test.ts)',
  ),
  'centre.assistantTopics': WRITE(
    'the caller’s students only; a class not theirs 404, another school’s homework 404 (teaching/assistant.test.ts)',
  ),
  // 教研中心 使用统计, 试题篮统计 (teaching/usage.test.ts): counts per teacher, no student data
  'usage.usageStatistics': WRITE(
    'counts per teacher of the session’s school; a caller not school-wide gets their own row only (teaching/usage.test.ts)',
  ),
  'usage.basketStatistics': WRITE(
    'counts per teacher and subject of the session’s school; a caller not school-wide gets their own rows only (teaching/usage.test.ts)',
  ),
  // 巩固提升 over homework (teaching/consolidate.test.ts): the homework report's rule per class
  'wrong.homeworkClassErrors': WRITE(
    'classes the caller corrects only; another school’s homework 404 (teaching/consolidate.test.ts)',
  ),
  'wrong.homeworkPracticePaper': WRITE(
    'a class the caller does not correct 404, another school’s homework 404 (teaching/consolidate.test.ts)',
  ),
  'wrong.practicePaper': WRITE(
    'the exam opens with the report’s scope, another school’s questions 404 (resource/wrongRoutes.test.ts)',
  ),
};
