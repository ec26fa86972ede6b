import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { teachingRoutes } from '@examkit/contracts';
import { createFakeApi, ok, renderApp, SCHOOL_ROUTES } from '../test/fixtures';
import { key, pages, setUpPageTests, staff } from './test/fixtures';

vi.mock('../report/components/Chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

// 教研中心·学情概况 (SituationPages.tsx).
setUpPageTests();

describe('学情概况', () => {
  it('年级 shows each class’s mean and rank per exam, for the total or a subject', async () => {
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(teachingRoutes.gradeSituation)]: ok({
        grades: [{ gradeId: 10, gradeName: '高一' }],
        gradeId: 10,
        exams: [
          {
            examId: 5,
            examName: '期中考试',
            examDate: '2026-11-12',
            fullMarks: 750,
            gradeMean: 480,
          },
          {
            examId: 7,
            examName: '十二月月考',
            examDate: '2026-12-12',
            fullMarks: 750,
            gradeMean: 470,
          },
        ],
        classes: [
          {
            classId: 101,
            className: '高一(1)班',
            subjectName: '总分',
            means: [512.3, 500],
            ranks: [1, 2],
          },
          {
            classId: 102,
            className: '高一(2)班',
            subjectName: '总分',
            means: [470, 505],
            ranks: [2, 1],
          },
          {
            classId: 101,
            className: '高一(1)班',
            subjectName: '数学',
            means: [101, null],
            ranks: [1, null],
          },
        ],
      }),
    });
    await renderApp({ path: '/teach-research/situation/grade', api, user: staff(), pages });
    const table = await screen.findByRole('table', { name: '各班总分均分与名次' });
    expect(within(table).getByRole('cell', { name: '512.3（第1名）' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '505.0（第1名）' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '各班总分名次趋势' })).toBeInTheDocument();
    await u.selectOptions(screen.getByLabelText('学科'), '数学');
    const math = screen.getByRole('table', { name: '各班数学均分与名次' });
    expect(within(math).getAllByRole('row')).toHaveLength(2);
    expect(within(math).getByRole('cell', { name: '—' })).toBeInTheDocument();
  }, 20_000);
});
