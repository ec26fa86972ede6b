import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { menuUser, ok, renderApp } from '../../test/fixtures';
import { markingPages } from '../markingPages';
import { BLOCK, MK, markingApi } from '../test/fixtures';

const CODES = ['Home', 'Exam', 'Exam-Single', 'Exam-Wuhen', 'Exam-Single-Report-Class'];

const openList = (api: ReturnType<typeof markingApi>) =>
  renderApp({
    path: '/exam/marking',
    api,
    pages: markingPages,
    user: menuUser(CODES),
  });

describe('MarkingListPage', () => {
  it('links a finished subject to its results in the class report', async () => {
    const api = markingApi();
    api.on(
      MK.list,
      ok({
        list: [
          { ...BLOCK, state: 'finished', roles: ['leader'] },
          { ...BLOCK, blockId: 6, examId: 4, name: '第18题', state: 'open' },
        ],
      }),
    );
    api.on(
      'POST /marking-report/teacher/getExam',
      ok({
        list: [
          {
            examId: BLOCK.examId,
            name: BLOCK.examName,
            examType: '月考',
            examDate: '2026-11-20',
            gradeId: 1,
            gradeName: '高一',
            state: 'finished',
            published: false,
            gradeReport: true,
          },
        ],
        total: 1,
        pageNum: 1,
        pageSize: 200,
      }),
    );
    await openList(api);
    const table = await screen.findByRole('table', { name: '阅卷题块' });
    const link = await within(table).findByRole('link', {
      name: `查看成绩：${BLOCK.examName} 数学`,
    });
    expect(link).toHaveAttribute('href', `/exam/single/report/class/basic/${BLOCK.examId}`);
    expect(within(table).getAllByRole('link', { name: /查看成绩/ })).toHaveLength(1);
  });

  it('offers 仲裁 to an arbitrator or a leader, not to a marking manager alone (the server refuses)', async () => {
    const api = markingApi();
    api.on(
      MK.list,
      ok({
        list: [
          { ...BLOCK, roles: ['manager'] },
          { ...BLOCK, blockId: 6, name: '第18题', roles: ['leader'] },
        ],
      }),
    );
    await openList(api);
    const table = await screen.findByRole('table', { name: '阅卷题块' });
    expect(
      within(table)
        .getAllByRole('link', { name: /^仲裁：/ })
        .map((l) => l.getAttribute('aria-label')),
    ).toEqual(['仲裁：第18题']);
  });

  it('offers a pool block’s 组长 问题卷与改分 by the name it shows, and a marker only 进入阅卷', async () => {
    const api = markingApi();
    api.on(MK.list, ok({ list: [] }));
    const pool = {
      jointExamId: 7,
      jointExamName: '十一月区联考',
      subjectCode: '数学',
      state: 'open',
      fullScore: 10,
      questionFull: [10],
      scoreStep: 1,
      guide: '',
      answer: '',
      mode: 'double',
    };
    api.on(
      'POST /marking-main/joint/pool/mine',
      ok({
        list: [
          { ...pool, blockId: 9, name: '第5题', roles: ['leader'] },
          { ...pool, blockId: 10, name: '第6题', roles: ['marker'] },
        ],
      }),
    );
    await openList(api);
    const table = await screen.findByRole('table', { name: '联考统一阅卷任务' });
    // The link's name holds the words it shows (a voice-control user says 问题卷与改分).
    const leader = within(table).getByRole('link', { name: '问题卷与改分：第5题' });
    expect(leader).toHaveTextContent('问题卷与改分');
    expect(leader).toHaveAttribute('href', '/exam/marking/error?blockId=9&pool=1');
    expect(within(table).getAllByRole('link', { name: /问题卷与改分/ })).toHaveLength(1);
    expect(
      within(table)
        .getAllByRole('link')
        .map((l) => l.getAttribute('aria-label')),
    ).toEqual(['统一阅卷仲裁：第5题', '问题卷与改分：第5题', '进入统一阅卷：第6题']);
  });
});
