import { reportPages } from '../../report';
import { demoUser, menuUser } from '../../test/fixtures';

// Shared by the 教研中心 page tests (ResearchPages, FluctuationPages, DatavPage): the menus'
// codes, a teacher and a researcher with them, the exams, grades and a student's record.

export const CODES = [
  'Home',
  'Teach-Research',
  'Teach-Research-Study',
  'Teach-Research-Fluctuation',
  'Teach-Research-Datav',
];
export const staff = () => demoUser({ allPerm: { '2026': { '1': CODES } } });
/** With the menus of these codes too (the header's menus are the user's `perms`). */
export const researcher = () => menuUser(CODES);
export const pages = reportPages;

export const EXAMS = [
  { examId: 5, examName: '第一次月考', examDate: '2026-10-01' },
  { examId: 6, examName: '期中考试', examDate: '2026-11-12' },
];
export const GRADES = [
  { gradeId: 10, gradeName: '高一' },
  { gradeId: 11, gradeName: '高二' },
];

/** 张三 of 高一(1)班, the student of every list. */
export const ZHANG_SAN = {
  studentId: 31,
  name: '张三',
  studentNo: '2026001',
  classId: 101,
  className: '高一(1)班',
};

/** The teacher's classes of the year as 学情 lists them: 高一(1)班 with 张三. */
export const STUDY_CLASSES = {
  classes: [{ classId: 101, className: '高一(1)班', gradeName: '高一' }],
  classId: 101,
  students: [{ studentId: 31, name: '张三', studentNo: '2026001' }],
};

/** 张三's wrong question 3 of 期中考试 (the class scored 45%). */
export const WRONG_QUESTION = {
  examId: 6,
  examName: '期中考试',
  examDate: '2026-11-12',
  subjectName: '数学',
  number: '3',
  knowledgePoints: ['函数'],
  score: 0,
  fullMarks: 5,
  classScoreRate: 0.45,
};

/** 张三's wrong question 2 of the homework 函数练习. */
export const HOMEWORK_WRONG = {
  homeworkId: 41,
  homeworkName: '函数练习',
  date: '2026-11-04',
  subjectName: '数学',
  label: '2',
  knowledgePoints: ['函数的单调性'],
  score: 2.5,
  fullMarks: 5,
};

export const STUDENTS = {
  grades: GRADES,
  gradeId: 10,
  exams: EXAMS,
  students: [
    {
      ...ZHANG_SAN,
      percentiles: [75, 25],
      change: -50,
      falling: true,
      below: false,
    },
  ],
  homework: {
    list: [
      { homeworkId: 41, name: '函数练习', subjectName: '数学', assignedAt: 1, fullMarks: 20 },
      { homeworkId: 42, name: '数列练习', subjectName: '数学', assignedAt: 2, fullMarks: 20 },
    ],
    students: [{ studentId: 31, corrected: 2, scoreRate: 0.625, scoreRates: [0.75, 0.5] }],
  },
};

export const RECORD = {
  student: { studentId: 31, name: '张三', studentNo: '2026001', className: '高一(1)班' },
  exams: [],
  points: [],
  wrongQuestions: [WRONG_QUESTION],
  homeworkWrong: [HOMEWORK_WRONG],
  homework: [],
};
