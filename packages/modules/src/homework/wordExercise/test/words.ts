import {
  homeworkWordExerciseRoutes,
  homeworkWordScanRoutes,
  type WordAccuracy,
  type WordExerciseDetail,
  type WordMarkStudent,
} from '@examkit/contracts';
import { menuUser } from '../../../test/fixtures';

// Shared by the 字词练习 page tests (WordExercisePages, WordDictation): the calls, a 校本作业
// user, the 语文 targets, a list of three words, its two students and their 正确率.

export const K = (route: { url: string }) => `POST ${route.url}`;
export const W = homeworkWordExerciseRoutes;
export const WS = homeworkWordScanRoutes;
export const CODES = ['Home', 'Homework', 'Homework-SchoolBase'];
export const user = () => menuUser(CODES);

export const OPTIONS = [
  {
    gradeId: 10,
    gradeName: '高一',
    subjectId: 1,
    subjectName: '语文',
    targets: [
      { kind: 'class', id: 101, name: '高一(1)班', studentCount: 2 },
      { kind: 'teachingClass', id: 301, name: '语文拓展班', studentCount: 5 },
    ],
  },
  { gradeId: 10, gradeName: '高一', subjectId: 2, subjectName: '数学', targets: [] },
];

export const exercise = (over: Partial<WordExerciseDetail> = {}): WordExerciseDetail => ({
  id: 7,
  name: '第一单元听写',
  gradeId: 10,
  gradeName: '高一',
  subjectId: 1,
  subjectName: '语文',
  wordCount: 3,
  classes: [{ classId: 101, className: '高一(1)班', dueAt: 0 }],
  teachingClasses: [],
  marked: 0,
  locked: false,
  updatedAt: 0,
  words: [
    { position: 1, word: '蜻蜓', reading: 'qīng tíng', meaning: '一种昆虫' },
    { position: 2, word: '蝴蝶', reading: 'hú dié', meaning: '' },
    { position: 3, word: '展开', reading: 'zhǎn kāi', meaning: '张开' },
  ],
  targets: [{ id: 101, name: '高一(1)班', studentCount: 2 }],
  teachingTargets: [{ id: 301, name: '语文拓展班', studentCount: 5 }],
  ...over,
});

export const students: WordMarkStudent[] = [
  {
    studentId: 1,
    studentNo: '001',
    name: '张三',
    classId: 101,
    className: '高一(1)班',
    wrong: null,
  },
  {
    studentId: 2,
    studentNo: '002',
    name: '李四',
    classId: 101,
    className: '高一(1)班',
    wrong: null,
  },
];

export const accuracy: WordAccuracy = {
  expected: 2,
  marked: 2,
  words: [
    { ...exercise().words[2]!, right: 0, wrong: 2, rate: 0, wrongNames: ['张三', '李四'] },
    { ...exercise().words[1]!, right: 1, wrong: 1, rate: 50, wrongNames: ['张三'] },
    { ...exercise().words[0]!, right: 2, wrong: 0, rate: 100, wrongNames: [] },
  ],
};
