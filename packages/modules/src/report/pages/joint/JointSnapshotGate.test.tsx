import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { permissionCatalogue } from '@examkit/contracts';
import { createFakeApi, demoUser, ok, renderApp, SCHOOL_ROUTES } from '../../../test/fixtures';
import { withJointSnapshot } from './JointSnapshotGate';

afterEach(() => vi.restoreAllMocks());

const STATUS = 'POST /marking-report/joint/report/status';
const CODES = ['Home', 'Exam', 'Exam-Multiple', 'Exam-Multiple-Report-Grade'];
const user = demoUser({
  perms: permissionCatalogue.filter((p) => CODES.includes(p.permCode)),
  allPerm: { '2026': { '1': CODES } },
});
const pages = {
  'exam-multiple-report-grade-basic': async () => withJointSnapshot(() => <p>联考报告内容</p>),
};

describe('a joint report page behind its snapshot', () => {
  it('shows the background job’s progress, asks again, and opens the page once it is ready', async () => {
    let asked = 0;
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [STATUS]: () =>
        ++asked < 2
          ? ok({ state: 'computing', progress: 55, stage: '正在计算班级报告', message: null })
          : ok({ state: 'ready', progress: 100, stage: '已完成', message: null }),
    });
    await renderApp({ path: '/exam/multiple/report/grade/basic/3', api, user, pages });
    expect(await screen.findByRole('progressbar', { name: '联考报告计算进度' })).toHaveAttribute(
      'value',
      '55',
    );
    expect(screen.getByRole('status')).toHaveTextContent('正在计算班级报告（55%）');
    expect(screen.queryByText('联考报告内容')).toBeNull();
    expect(await screen.findByText('联考报告内容', undefined, { timeout: 3000 })).toBeVisible();
    expect(asked).toBe(2);
    expect(api.lastBody('/marking-report/joint/report/status')).toEqual({ jointExamId: 3 });
  });

  it('opens the page at once when the snapshot is ready, or leaves a refusal to the page', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [STATUS]: ok({ state: 'ready', progress: 100, stage: '已完成', message: null }),
    });
    await renderApp({ path: '/exam/multiple/report/grade/basic/3', api, user, pages });
    expect(await screen.findByText('联考报告内容')).toBeVisible();
    const refused = createFakeApi({
      ...SCHOOL_ROUTES,
      [STATUS]: { code: 404, data: null, msg: '联考不存在', message: '联考不存在' },
    });
    await renderApp({ path: '/exam/multiple/report/grade/basic/4', api: refused, user, pages });
    expect((await screen.findAllByText('联考报告内容')).length).toBeGreaterThan(0);
  });
});
