import { afterEach, vi } from 'vitest';
import { reportPages } from '../../report';
import { resourcePages } from '../../resource';
import { demoUser } from '../../test/fixtures';

// Shared by the teaching page tests, one file per page group (ReportCentrePages, StudyPages,
// SituationPages, ConsolidatePages). Each test file mocks the Chart itself, at its top (jsdom has
// no canvas: the real chart throws while drawing):
//   vi.mock('../report/components/Chart', () => ({
//     Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
//   }));

export const key = (route: { url: string }) => `POST ${route.url}`;

const CODES = [
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
/** A teacher with the report centre, 学情 and 学情概况 menus. */
export const staff = () => demoUser({ allPerm: { '2026': { '1': CODES } } });
export const pages = { ...reportPages, ...resourcePages };

/**
 * The set-up of every teaching page test file: mocks restored after each test (`window.scrollTo`
 * is stubbed for every DOM test by scripts/vitest-setup-dom.ts).
 */
export function setUpPageTests() {
  afterEach(() => vi.restoreAllMocks());
}

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
