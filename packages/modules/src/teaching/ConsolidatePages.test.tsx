import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reportRoutes, resourceWrongRoutes } from '@examkit/contracts';
import {
  createFakeApi,
  demoUser,
  ok,
  renderApp,
  SCHOOL_ROUTES,
  EXAM_QUESTION,
} from '../test/fixtures';
import { EXAMS, key, pages, setUpPageTests } from './test/fixtures';

vi.mock('../report/components/Chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

// 巩固提升 (resource/wrong/ClassErrorPages.tsx as 易错题 and 薄弱知识点, with 校本作业).
setUpPageTests();

describe('巩固提升', () => {
  it('易错题 makes a class’s practice paper from similar questions in one click', async () => {
    const u = userEvent.setup();
    const codes = [
      'Home',
      'Resources',
      'Consolidate',
      'Consolidate-CommitError',
      'Exam-Single-Report-Class',
    ];
    const user = demoUser({ allPerm: { '2026': { '1': codes } } });
    const common = {
      examName: '期中考试',
      classes: [
        {
          classId: 101,
          className: '高一(1)班',
          questions: [
            {
              ...EXAM_QUESTION,
              knowledgePoints: ['函数'],
              classScoreRate: 0.2,
              gradeScoreRate: 0.3,
              wrongCount: 12,
              recommendations: [],
            },
          ],
        },
      ],
    };
    const similar = {
      ...common,
      classes: [
        {
          ...common.classes[0]!,
          questions: [
            {
              ...common.classes[0]!.questions[0]!,
              recommendations: [
                { question: { id: 900 }, sharedPoints: ['函数'] },
                { question: { id: 901 }, sharedPoints: ['函数'] },
              ],
            },
          ],
        },
      ],
    };
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(reportRoutes.teacherGetExam)]: ok(EXAMS),
      [key(resourceWrongRoutes.commonErrors)]: ok(common),
      [key(resourceWrongRoutes.similarRecommend)]: ok(similar),
      [key(resourceWrongRoutes.practicePaper)]: ok({ paperId: 44 }),
      'POST /marking-resources/paper/detail': ok(null),
    });
    const { router } = await renderApp({ path: '/consolidate/commitError', api, user, pages });
    await screen.findByRole('table', { name: '高一(1)班 易错题' });
    await u.click(screen.getByRole('button', { name: '高一(1)班 数学 用相似题组卷' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/resource/paper/school-detail?id=44',
      ),
    );
    expect(api.lastBody(resourceWrongRoutes.practicePaper.url)).toMatchObject({
      examId: 5,
      questionIds: [900],
    });
  }, 20_000);
  it('巩固提升 with 校本作业: a homework’s weakest points per class, and a practice paper per point', async () => {
    const u = userEvent.setup();
    const codes = [
      'Home',
      'Resources',
      'Homework-SchoolBase',
      'Consolidate',
      'Consolidate-CommitError',
      'Consolidate-WeakKnowledgePoint',
      'Exam-Single-Report-Class',
    ];
    const user = demoUser({ allPerm: { '2026': { '1': codes } } });
    const homework = {
      homeworks: [{ id: 31, name: '指数函数练习', subjectName: '数学' }],
      homeworkId: 31,
      homeworkName: '指数函数练习',
      subjectName: '数学',
      untagged: 1,
      classes: [
        {
          kind: 'class',
          classId: 101,
          className: '高一(1)班',
          questions: [
            {
              no: 1,
              label: '1',
              fullMarks: 5,
              knowledgePoints: ['指数函数'],
              classScoreRate: 0.4,
              homeworkScoreRate: 0.5,
              wrongCount: 3,
              fromBank: true,
            },
          ],
          points: [
            {
              point: '指数函数',
              fullMarks: 5,
              scoreRate: 0.4,
              homeworkScoreRate: 0.5,
              labels: ['1'],
              wrongCount: 3,
            },
          ],
        },
      ],
    };
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(reportRoutes.teacherGetExam)]: ok(EXAMS),
      [key(resourceWrongRoutes.weakPoints)]: ok({ examName: '期中考试', classes: [] }),
      [key(resourceWrongRoutes.homeworkClassErrors)]: ok(homework),
      [key(resourceWrongRoutes.homeworkPracticePaper)]: ok({ paperId: 45, questionCount: 1 }),
      'POST /marking-resources/paper/detail': ok(null),
    });
    const { router } = await renderApp({
      path: '/consolidate/weakKnowledgePoint',
      api,
      user,
      pages,
    });
    // The two 巩固提升 pages link each other (no second-level menu there)
    const nav = await screen.findByRole('navigation', { name: '巩固提升' });
    expect(within(nav).getByRole('link', { name: '易错题' })).toBeTruthy();
    await u.selectOptions(await screen.findByLabelText('来源'), '校本作业');
    const table = await screen.findByRole('table', { name: '高一(1)班 作业薄弱知识点' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['指数函数', '5', '40.0%', '50.0%', '1', '3', '组卷']);
    expect(screen.getByText(/有 1 道题没有标注知识点/)).toBeTruthy();
    await u.click(within(table).getByRole('button', { name: '高一(1)班 指数函数 用相似题组卷' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/resource/paper/school-detail?id=45',
      ),
    );
    expect(api.lastBody(resourceWrongRoutes.homeworkPracticePaper.url)).toMatchObject({
      homeworkId: 31,
      kind: 'class',
      classId: 101,
      point: '指数函数',
    });
  }, 20_000);
});
