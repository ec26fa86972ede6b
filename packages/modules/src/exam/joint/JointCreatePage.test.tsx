import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { permissionCatalogue } from '@examkit/contracts';
import { demoUser, DIRECTOR_CODES, fail, ok, renderApp } from '../../test/fixtures';
import { examPages } from '../index';
import { bodiesOf, examApi } from '../test/fixtures';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const CODES = [...DIRECTOR_CODES, 'Exam-Multiple'];
const CREATE = 'POST /marking-main/joint/create';

describe('JointCreatePage', () => {
  it('creates a joint exam for the ticked schools and subjects; a failed send is retried with the same key', async () => {
    let calls = 0;
    const api = examApi({
      'POST /marking-region/region/school_list': ok({
        regionId: 1,
        regionName: '示范区',
        schools: [
          { schoolId: 1, schoolName: '第一中学' },
          { schoolId: 2, schoolName: '第二中学' },
        ],
      }),
      [CREATE]: () =>
        ++calls === 1
          ? fail(500, '服务器繁忙')
          : ok({ id: 7, schools: [{ schoolId: 1 }, { schoolId: 2 }] }),
    });
    const { router } = await renderApp({
      path: '/exam/multiple/create',
      api,
      user: demoUser({
        perms: permissionCatalogue.filter((p) => CODES.includes(p.permCode)),
        allPerm: { '2026': { '1': CODES } },
      }),
      pages: examPages,
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: '创建' }));
    expect(screen.getByText('请输入联考名称')).toBeInTheDocument();
    expect(screen.getByText('请选择考试类型')).toBeInTheDocument();
    expect(screen.getByText('请选择年级')).toBeInTheDocument();
    expect(screen.getByText('请至少选择两所学校')).toBeInTheDocument();
    expect(screen.getByText('请至少选择一个科目')).toBeInTheDocument();
    expect(bodiesOf(api, CREATE)).toHaveLength(0);

    await u.type(screen.getByLabelText('联考名称'), '十一月区联考');
    await u.selectOptions(screen.getByLabelText('考试类型'), '月测');
    await u.selectOptions(screen.getByLabelText('年级'), '高一');
    await u.click(screen.getByRole('checkbox', { name: '第一中学' }));
    await u.click(screen.getByRole('checkbox', { name: '第二中学' }));
    await u.click(screen.getByRole('checkbox', { name: '数学' }));
    await u.clear(screen.getByLabelText('数学满分'));
    await u.type(screen.getByLabelText('数学满分'), '150');
    await u.click(screen.getByRole('button', { name: '创建' }));
    expect(await screen.findByText('服务器繁忙', { selector: '[role=alert]' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: '创建' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/multiple/edit/7'));
    const [first, second] = bodiesOf(api, CREATE);
    expect(first).toMatchObject({
      name: '十一月区联考',
      examType: '月测',
      gradeNum: 10,
      schoolIds: [1, 2],
      subjects: [{ subjectCode: 'S12', subjectName: '数学', fullMarks: 150 }],
      schoolLabels: 'codes',
    });
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
  }, 30_000);
});
