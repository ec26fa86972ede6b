import { demoUser } from '../test/fixtures';
import { reportPages } from '../report';
import { resourcePages } from '../resource';

// Shared by the teaching page tests (one file per page group).

export const key = (route: { url: string }) => `POST ${route.url}`;
export const CODES = [
  'Home',
  'Exam',
  'Exam-Single',
  'Exam-Single-Report-Class',
  'Exam-Single-Report-Grade',
  'Study',
  'Study-Student',
  'Study-Class',
  'Teach-Research',
  'Teach-Research-Situation',
];
export const staff = () => demoUser({ allPerm: { '2026': { '1': CODES } } });
export const pages = { ...reportPages, ...resourcePages };

export const EXAMS = {
  list: [
    {
      examId: 5,
      name: '期中考试',
      examType: '月考',
      examDate: '2026-11-12',
      gradeId: 10,
      gradeName: '高一',
      state: 'published',
      published: true,
      gradeReport: true,
    },
    {
      examId: 6,
      name: '高二月考',
      examType: '月考',
      examDate: '2026-11-02',
      gradeId: 11,
      gradeName: '高二',
      state: 'published',
      published: true,
      gradeReport: false,
    },
  ],
  total: 2,
  pageNum: 1,
  pageSize: 10,
};

export const question = (number: string, rate: number) => ({
  subjectName: '数学',
  number,
  kind: '单选题',
  fullMarks: 5,
  knowledgePoints: ['函数'],
  scoreRate: rate,
  gradeScoreRate: 0.5,
  wrongCount: 7,
});
