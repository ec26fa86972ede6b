import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoUser, ok, renderApp } from '../../test/fixtures';
import { examPages } from '../index';
import { EXAM, examApi, weeklyDetail } from '../test/fixtures';

const TEACHERS = 'POST /marking-main/exam/teachers';

describe('the exam’s student and teacher pages', () => {
  it('lists the participants with their 选考 subjects by name, and the way back to the exam', async () => {
    const detail = weeklyDetail();
    const api = examApi({
      [EXAM.detail]: ok({
        ...detail,
        subjects: [
          ...detail.subjects,
          { ...detail.subjects[0]!, subjectCode: 'S9', subjectName: '物理' },
        ],
      }),
      [EXAM.participants]: ok([
        {
          studentId: 1,
          studentNo: '20260001',
          examNo: '1001',
          name: '张一',
          classId: 101,
          className: '高一(1)班',
          electives: ['S9'],
        },
      ]),
    });
    await renderApp({
      path: '/exam/single/project/student?id=2',
      api,
      user: demoUser(),
      pages: examPages,
    });
    expect(
      await screen.findByRole('heading', { name: '考试学生 · 2026学年高一数学第十二周周练' }),
    ).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /张一/ });
    expect(row).toHaveTextContent('1001');
    expect(row).toHaveTextContent('物理');
    expect(screen.getByRole('link', { name: '返回考试' })).toHaveAttribute(
      'href',
      '/exam/single/edit/2',
    );
  });

  it('says 暂无数据 when an exam has no teachers yet, and lists them once it has', async () => {
    const none = examApi({ [EXAM.detail]: ok(weeklyDetail()), [TEACHERS]: ok([]) });
    const first = await renderApp({
      path: '/exam/single/project/teacher?id=2',
      api: none,
      user: demoUser(),
      pages: examPages,
    });
    expect(await screen.findByText('暂无数据')).toBeInTheDocument();
    first.unmount();
    const some = examApi({
      [EXAM.detail]: ok(weeklyDetail()),
      [TEACHERS]: ok([
        {
          userId: 7,
          nickName: '周老师',
          examSubjectId: 21,
          subjectName: '数学',
          classId: 101,
          className: '高一(1)班',
        },
      ]),
    });
    await renderApp({
      path: '/exam/single/project/teacher?id=2',
      api: some,
      user: demoUser(),
      pages: examPages,
    });
    expect(await screen.findByRole('row', { name: /周老师/ })).toHaveTextContent('数学');
    expect(screen.queryByText('暂无数据')).not.toBeInTheDocument();
  });
});
