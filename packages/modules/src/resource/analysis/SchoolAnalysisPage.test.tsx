import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  bankItem,
  SCHOOL_ROUTES,
  createFakeApi,
  menuUser,
  ok,
  renderApp,
} from '../../test/fixtures';
import { resourcePages } from '../index';

const CODES = ['Home', 'Resources', 'Paper', 'Paper-School'];
const user = () => menuUser(CODES, '教务主任');

const question = (id: number, stem: string) => bankItem({ id, subjectCode: '02', stem });

const analysis = (subjectCode?: string) => ({
  totals: { questions: 251, papers: 3, uploads: 4, cloudQuestions: 63 },
  bySubject: [
    { subjectCode: '01', subjectName: '语文', questions: 55, papers: 0 },
    { subjectCode: '02', subjectName: '数学', questions: 141, papers: 3 },
  ],
  byTeacher: [
    { userId: 4, name: '李老师', questions: 12, papers: 3, uploads: 4 },
    { userId: null, name: '示例与导入', questions: 239, papers: 0, uploads: 0 },
  ],
  topQuestions:
    subjectCode === '01'
      ? []
      : [{ question: question(7, '函数 $f(x)=x^2$ 的最小值是'), papers: 3, exams: 1 }],
});

describe('校本资源分析', () => {
  it(
    'shows the totals, the subject and teacher tables, and the most-used questions by subject',
    { timeout: 20_000 },
    async () => {
      const api = createFakeApi({
        ...SCHOOL_ROUTES,
        'POST /marking-resources/basket/count': ok({
          questCount: 0,
          subjectCode: null,
          gradeNum: null,
        }),
        'POST /marking-resources/common/listSubject': ok([
          { subjectCode: '01', subjectName: '语文' },
          { subjectCode: '02', subjectName: '数学' },
        ]),
        'POST /marking-resources/common/listStage': ok([]),
        'POST /marking-resources/paper/school/list': ok({
          list: [],
          total: 0,
          pageNum: 1,
          pageSize: 20,
        }),
        'POST /marking-resources/school/analysis': (req: { data: unknown }) =>
          ok(analysis((JSON.parse(String(req.data)) as { subjectCode?: string }).subjectCode)),
      });
      const { router } = await renderApp({
        pages: resourcePages,
        path: '/resource/paper/school',
        user: user(),
        api,
      });
      const u = userEvent.setup();
      // Reached from 校本试卷.
      await u.click(await screen.findByRole('link', { name: '校本资源分析' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/resource/school/analysis'));
      await screen.findByRole('heading', { name: '校本资源分析', level: 1 });
      expect(screen.getByText('校本试题').nextSibling).toHaveTextContent('251');
      expect(screen.getByText('可用云题').nextSibling).toHaveTextContent('63');
      const subjects = screen.getByRole('table', { name: '按学科统计' });
      expect(within(subjects).getByRole('row', { name: '数学 141 3' })).toBeInTheDocument();
      const teachers = screen.getByRole('table', { name: '按教师统计' });
      expect(within(teachers).getByRole('row', { name: '李老师 12 3 4' })).toBeInTheDocument();
      const top = screen.getByRole('table', { name: '最常用的试题' });
      expect(within(top).getByText(/的最小值是/)).toBeInTheDocument();
      expect(within(top).getAllByRole('row')[1]).toHaveTextContent(/单选题\s*3\s*1$/);

      await u.selectOptions(screen.getByRole('combobox', { name: '学科' }), '语文');
      expect(await screen.findByText('校本试卷还没有用到试题')).toBeInTheDocument();
      expect(api.lastBody('/marking-resources/school/analysis')).toEqual({ subjectCode: '01' });
    },
  );
});
