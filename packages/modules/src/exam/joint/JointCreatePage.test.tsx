import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { permissionCatalogue } from '@examkit/contracts';
import { demoUser, DIRECTOR_CODES, fail, ok, renderApp } from '../../test/fixtures';
import { examPages } from '../index';
import { bodiesOf, examApi } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const CODES = [...DIRECTOR_CODES, 'Exam-Multiple'];
const CREATE = 'POST /marking-main/joint/create';
const OFFER = 'POST /marking-main/joint/organiser_schools';
const SCHOOLS = [
  { schoolId: 1, schoolName: '第一中学' },
  { schoolId: 2, schoolName: '第二中学' },
  { schoolId: 3, schoolName: '第三中学' },
];
const director = () =>
  demoUser({
    perms: permissionCatalogue.filter((p) => CODES.includes(p.permCode)),
    allPerm: { '2026': { '1': CODES } },
  });

describe('JointCreatePage', () => {
  it('creates a joint exam for the ticked schools and subjects; a failed send is retried with the same key', async () => {
    let calls = 0;
    const api = examApi({
      [OFFER]: ok({ regionName: '示范区', leadSchoolId: null, schools: SCHOOLS }),
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

  it('a lead school reaches it from the list by a click, takes part itself, and creates', async () => {
    const api = examApi({
      'POST /marking-main/joint/list': ok([]),
      'POST /marking-region/region/school_list': ok(null),
      [OFFER]: ok({ regionName: '示范区', leadSchoolId: 1, schools: SCHOOLS }),
      [CREATE]: ok({ id: 9, schools: [{ schoolId: 1 }, { schoolId: 3 }] }),
    });
    const { router } = await renderApp({
      path: '/exam/multiple',
      api,
      user: director(),
      pages: examPages,
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: '创建联考' }));
    expect(screen.queryByRole('button', { name: '区域设置' })).not.toBeInTheDocument();
    await screen.findByRole('heading', { name: '创建联考' });
    expect(router.state.location.pathname).toBe('/exam/multiple/create');
    expect(await screen.findByText(/第一中学作为组织学校参加本次联考/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '第一中学' })).toBeChecked();
    await u.type(screen.getByLabelText('联考名称'), '三校月考');
    await u.selectOptions(screen.getByLabelText('考试类型'), '月测');
    await u.selectOptions(screen.getByLabelText('年级'), '高一');
    await u.click(screen.getByRole('checkbox', { name: '第一中学' }));
    await u.click(screen.getByRole('checkbox', { name: '第二中学' }));
    await u.click(screen.getByRole('checkbox', { name: '第三中学' }));
    await u.click(screen.getByRole('checkbox', { name: '数学' }));
    await u.click(screen.getByRole('button', { name: '创建' }));
    expect(screen.getByText('组织联考的学校须参加本次联考')).toBeInTheDocument();
    expect(bodiesOf(api, CREATE)).toHaveLength(0);
    await u.click(screen.getByRole('checkbox', { name: '第一中学' }));
    await u.click(screen.getByRole('checkbox', { name: '第二中学' }));
    await u.click(screen.getByRole('button', { name: '创建' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/multiple/edit/9'));
    const [body] = bodiesOf(api, CREATE);
    expect(body).toMatchObject({ name: '三校月考' });
    expect([...(body!.schoolIds as number[])].sort()).toEqual([1, 3]);
  }, 30_000);

  it('an account that may not organise sees no 创建联考 and no form', async () => {
    const api = examApi({
      'POST /marking-main/joint/list': ok([
        {
          id: 3,
          name: '区统考',
          examType: '期中',
          examDate: '2026-11-12',
          gradeNum: 10,
          organiser: '示范区教育局',
          schoolLabels: 'codes',
          subjects: [],
          schools: [],
          organising: false,
        },
      ]),
      'POST /marking-region/region/school_list': ok(null),
      [OFFER]: ok(null),
    });
    await renderApp({ path: '/exam/multiple', api, user: director(), pages: examPages });
    expect(await screen.findByText('区统考')).toBeInTheDocument();
    await waitFor(() => expect(bodiesOf(api, OFFER)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: '创建联考' })).not.toBeInTheDocument();
  }, 30_000);
});
