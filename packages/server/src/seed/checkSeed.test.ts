import { administrationRoutes, examRoutes } from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import { checkSeed } from './checkSeed';

const exam = {
  name: '2026学年高一数学十一月月测',
  examType: '月测',
  gradeId: 1,
  examDate: '2026-11-18',
  subjects: [{ subjectCode: '02', subjectName: '数学', fullMarks: 22, elective: false }],
  classIds: [1, 2],
};

describe('checkSeed: a seeded record passes the checks of the form that would create it', () => {
  it('accepts what the exam form would send', () => {
    expect(() => checkSeed(examRoutes.create.body, exam, 'exam')).not.toThrow();
  });

  it.each([
    ['an exam type the form does not offer', { ...exam, examType: '月考' }],
    ['an empty subject list', { ...exam, subjects: [] }],
    ['a date in another format', { ...exam, examDate: '2026/11/18' }],
  ])('fails at seed time on %s', (_, body) => {
    expect(() => checkSeed(examRoutes.create.body, body, 'exam')).toThrow(/请求参数错误/);
  });

  it('fails on a student number the student form refuses', () => {
    expect(() =>
      checkSeed(
        administrationRoutes.addStudent.body,
        { studentNo: '2026 1001', name: '张三', classId: 1 },
        'student',
      ),
    ).toThrow(/请求参数错误/);
  });
});
