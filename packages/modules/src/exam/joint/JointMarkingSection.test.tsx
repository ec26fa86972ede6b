import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fixtures';
import { bodiesOf, examApi } from '../test/fixtures';
import {
  JOINT_CODES as CODES,
  JOINT,
  JOINT_PAPER_REPLY,
  jointExam as joint,
  openJointExam as open,
} from '../test/joint';

afterEach(() => vi.restoreAllMocks());

const progress = (markingMode: 'school' | 'pool', blocks: unknown[] = []) => ({
  markingMode,
  blocks,
});
/** Block 3 (第5题) of the pool: 14 papers, 6 marked. */
const OPEN_BLOCK = {
  blockId: 3,
  subjectCode: 'S12',
  name: '第5题',
  state: 'open',
  papers: 14,
  done: 6,
};
const BLOCK = {
  ...OPEN_BLOCK,
  schools: [
    { schoolId: 1, schoolName: '第一中学', papers: 5, done: 2, markers: 2, marks: 4 },
    { schoolId: 2, schoolName: '第二中学', papers: 9, done: 4, markers: 1, marks: 2 },
  ],
};

/** The roster of both schools' teachers. */
const LI = { userId: 21, name: '李老师', schoolId: 1, schoolName: '第一中学' };
const WANG = { userId: 22, name: '王老师', schoolId: 1, schoolName: '第一中学' };
const ZHAO = { userId: 31, name: '赵老师', schoolId: 2, schoolName: '第二中学' };
const TEACHERS = [LI, WANG, ZHAO];

/** The organiser's page in 统一阅卷, with the roster and the given calls. */
const poolApi = (routes: Record<string, unknown>) =>
  examApi({
    [JOINT.detail]: ok(joint(true)),
    [JOINT.paper]: ok(JOINT_PAPER_REPLY),
    [JOINT.progress]: ok(progress('pool')),
    [JOINT.roster]: ok({ list: TEACHERS }),
    ...routes,
  });

/** Block 4 (第4题) as the pool's block list returns it, with what the test changes. */
const poolBlock = (block: Record<string, unknown>) => ({
  blockId: 4,
  subjectCode: 'S12',
  name: '第4题',
  state: 'setup',
  mode: 'single',
  questionIds: [5],
  tolerance: 0,
  markers: [LI, ZHAO],
  arbitrators: [],
  leaders: [],
  ...block,
});

/** poolApi whose block list holds `block` (block 4 unless it says) once it has been saved. */
function savingPoolApi(block: { blockId?: number } & Record<string, unknown>, routes = {}) {
  let saved = false;
  return poolApi({
    [JOINT.blocks]: () => ok({ list: saved ? [poolBlock(block)] : [] }),
    [JOINT.save]: () => {
      saved = true;
      return ok({ blockId: block.blockId ?? 4 });
    },
    ...routes,
  });
}

/** Fills the new block form's name 第4题 and ticks 第4(1)题. */
async function startBlock(u: ReturnType<typeof userEvent.setup>) {
  const form = await screen.findByRole('form', { name: '新建统一阅卷题块' });
  await u.type(within(form).getByLabelText(/题块名称/), '第4题');
  await u.click(await within(form).findByRole('checkbox', { name: '第4(1)题（30分）' }));
  return form;
}

describe('JointMarkingSection: 各校分别阅卷 or 统一阅卷 on the joint exam page', () => {
  it('the organiser switches to 统一阅卷 and sees the progress per school', async () => {
    let mode: 'school' | 'pool' = 'school';
    const api = examApi({
      [JOINT.detail]: ok(joint(true)),
      [JOINT.paper]: ok(JOINT_PAPER_REPLY),
      [JOINT.progress]: () => ok(progress(mode, mode === 'pool' ? [BLOCK] : [])),
      [JOINT.mode]: () => {
        mode = 'pool';
        return ok({ markingMode: 'pool' });
      },
    });
    await open(api);
    const u = userEvent.setup();
    const section = (await screen.findByRole('heading', { name: '联考阅卷', level: 2 }))
      .parentElement!;
    const select = await within(section).findByLabelText('阅卷方式');
    expect(select).toHaveValue('school');
    const save = within(section).getByRole('button', { name: '保存阅卷方式' });
    expect(save).toBeDisabled();
    await u.selectOptions(select, 'pool');
    await u.click(save);
    await waitFor(() =>
      expect(bodiesOf(api, JOINT.mode)).toEqual([{ jointExamId: 7, markingMode: 'pool' }]),
    );
    const table = await within(section).findByRole('table', { name: '统一阅卷进度' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      '科目题块学校试卷已评完阅卷老师已给分',
      '数学第5题第一中学5224',
      '数学第5题第二中学9412',
    ]);
  }, 30_000);

  it('shows the refusal once marking opened', async () => {
    const api = examApi({
      [JOINT.detail]: ok(joint(true)),
      [JOINT.paper]: ok(JOINT_PAPER_REPLY),
      [JOINT.progress]: ok(progress('pool', [BLOCK])),
      [JOINT.mode]: fail(409, '阅卷已开始，不能再修改阅卷方式'),
    });
    await open(api);
    const u = userEvent.setup();
    const select = await screen.findByLabelText('阅卷方式');
    await u.selectOptions(select, 'school');
    await u.click(screen.getByRole('button', { name: '保存阅卷方式' }));
    expect(
      await screen.findByText('阅卷已开始，不能再修改阅卷方式', { selector: '[role=alert]' }),
    ).toBeInTheDocument();
  }, 30_000);

  it('a participating school sees no marking section', async () => {
    const api = examApi({ [JOINT.detail]: ok(joint(false)) });
    await open(api);
    expect(await screen.findByRole('heading', { name: '参考学校' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '联考阅卷' })).not.toBeInTheDocument();
    expect(bodiesOf(api, JOINT.progress)).toEqual([]);
  });

  it('in 统一阅卷 the organiser names markers of two schools from the roster and starts the block', async () => {
    const api = savingPoolApi(
      { blockId: 3, questionIds: [5, 6] },
      { [JOINT.state]: ok({ state: 'open' }) },
    );
    await open(api);
    const u = userEvent.setup();
    const form = await startBlock(u);
    await u.click(within(form).getByRole('checkbox', { name: '第4(2)题（50分）' }));
    await u.click(within(form).getByRole('checkbox', { name: '阅卷老师：李老师（第一中学）' }));
    await u.click(within(form).getByRole('checkbox', { name: '阅卷老师：赵老师（第二中学）' }));
    await u.click(within(form).getByRole('button', { name: '保存题块' }));
    await waitFor(() =>
      expect(bodiesOf(api, JOINT.save)).toEqual([
        {
          jointExamId: 7,
          subjectCode: 'S12',
          setup: {
            name: '第4题',
            questionIds: [5, 6],
            mode: 'single',
            tolerance: 0,
            scoreStep: 0.5,
            distribution: 'pool',
            markers: [{ userId: 21 }, { userId: 31 }],
            arbitrators: [],
            leaders: [],
            guide: '',
            answer: '',
            recheckPercent: 0,
            leaseMinutes: 5,
          },
        },
      ]),
    );
    const table = await screen.findByRole('table', { name: '统一阅卷题块' });
    expect(within(table).getByText('李老师（第一中学）、赵老师（第二中学）')).toBeInTheDocument();
    await u.click(within(table).getByRole('button', { name: '开始阅卷：第4题' }));
    await waitFor(() =>
      expect(bodiesOf(api, JOINT.state)).toEqual([{ blockId: 3, action: 'start' }]),
    );
  }, 30_000);

  it('a participating school’s manager sees the pool’s progress with its own share', async () => {
    const api = examApi({
      [JOINT.detail]: ok(joint(false)),
      [JOINT.schoolProgress]: ok({
        markingMode: 'pool',
        blocks: [
          {
            ...OPEN_BLOCK,
            own: { papers: 9, done: 4, markers: 1, marks: 2 },
            ownMarkers: [{ userId: 21, name: '李老师', marks: 2 }],
          },
        ],
      }),
    });
    // With 网上阅卷 (Exam-Wuhen), whose data pages the links open.
    await open(api, [...CODES, 'Exam-Wuhen']);
    const table = await screen.findByRole('table', { name: '本校统一阅卷进度' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      '科目题块状态全部试卷已评完本校试卷本校已评完本校阅卷老师本校已给分阅卷数据',
      '数学第5题阅卷中14694李老师（2 份）2阅卷进度阅卷质量阅卷抽查',
    ]);
    // The pool block's data pages, over the pool's monitoring calls.
    expect(within(table).getByRole('link', { name: '阅卷进度：第5题' })).toHaveAttribute(
      'href',
      '/exam/marking/data/progress/3?pool=1',
    );
  });

  it('the organiser sets up a 双评 block with its 误差, 仲裁老师 and 组长 from the roster', async () => {
    const api = savingPoolApi({
      mode: 'double',
      tolerance: 3,
      arbitrators: [WANG, ZHAO],
      leaders: [ZHAO, LI],
    });
    await open(api);
    const u = userEvent.setup();
    const form = await startBlock(u);
    await u.click(within(form).getByRole('checkbox', { name: '阅卷老师：李老师（第一中学）' }));
    // 误差 and 仲裁老师 are asked only for 双评.
    expect(within(form).queryByLabelText(/误差/)).not.toBeInTheDocument();
    await u.selectOptions(within(form).getByLabelText('评阅方式'), '双评');
    // 双评 with one marker, or without its 误差, is refused before anything is sent.
    await u.click(within(form).getByRole('button', { name: '保存题块' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('双评至少需要两位阅卷老师');
    await u.click(within(form).getByRole('checkbox', { name: '阅卷老师：赵老师（第二中学）' }));
    await u.click(within(form).getByRole('button', { name: '保存题块' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('请输入误差');
    expect(bodiesOf(api, JOINT.save)).toEqual([]);
    await u.type(within(form).getByLabelText(/误差/), '3');
    // Several 仲裁老师 and 组长, ticked beside the markers in each school's table.
    await u.click(within(form).getByRole('checkbox', { name: '仲裁老师：王老师（第一中学）' }));
    await u.click(within(form).getByRole('checkbox', { name: '仲裁老师：赵老师（第二中学）' }));
    await u.click(within(form).getByRole('checkbox', { name: '组长：赵老师（第二中学）' }));
    await u.click(within(form).getByRole('checkbox', { name: '组长：李老师（第一中学）' }));
    expect(within(form).getByText(/已选阅卷老师 2 位，仲裁老师 2 位/)).toHaveTextContent(
      '组长 2 位',
    );
    await u.click(within(form).getByRole('button', { name: '保存题块' }));
    await waitFor(() =>
      expect(bodiesOf(api, JOINT.save)).toEqual([
        expect.objectContaining({
          setup: expect.objectContaining({
            questionIds: [5],
            mode: 'double',
            tolerance: 3,
            markers: [{ userId: 21 }, { userId: 31 }],
            arbitrators: [22, 31],
            leaders: [31, 21],
          }),
        }),
      ]),
    );
    const table = await screen.findByRole('table', { name: '统一阅卷题块' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('双评（误差 3 分）');
    const cells = within(row).getAllByRole('cell');
    expect(cells[5]).toHaveTextContent('王老师（第一中学）、赵老师（第二中学）');
    expect(cells[6]).toHaveTextContent('赵老师（第二中学）、李老师（第一中学）');
  }, 30_000);

  it('仲裁老师 only for 双评: switching back to 单评 hides the column and sends no arbitrator; the filter narrows every column', async () => {
    const api = poolApi({
      [JOINT.blocks]: ok({ list: [] }),
      [JOINT.save]: ok({ blockId: 4 }),
    });
    await open(api);
    const u = userEvent.setup();
    const form = await startBlock(u);
    expect(within(form).queryByRole('checkbox', { name: /^仲裁老师：/ })).not.toBeInTheDocument();
    await u.selectOptions(within(form).getByLabelText('评阅方式'), '双评');
    await u.click(within(form).getByRole('checkbox', { name: '仲裁老师：王老师（第一中学）' }));
    await u.selectOptions(within(form).getByLabelText('评阅方式'), '单评');
    expect(within(form).queryByRole('checkbox', { name: /^仲裁老师：/ })).not.toBeInTheDocument();
    // 第二中学 filters the other school's table to none.
    await u.type(within(form).getByLabelText(/查找阅卷老师/), '第二中学');
    expect(within(form).queryByRole('table', { name: '第一中学的教师' })).not.toBeInTheDocument();
    expect(within(form).getByText('没有符合条件的教师')).toBeInTheDocument();
    const second = within(form).getByRole('table', { name: '第二中学的教师' });
    await u.click(within(second).getByRole('checkbox', { name: '阅卷老师：赵老师（第二中学）' }));
    await u.click(within(second).getByRole('checkbox', { name: '组长：赵老师（第二中学）' }));
    await u.click(within(form).getByRole('button', { name: '保存题块' }));
    await waitFor(() =>
      expect(bodiesOf(api, JOINT.save)).toEqual([
        expect.objectContaining({
          setup: expect.objectContaining({
            mode: 'single',
            tolerance: 0,
            markers: [{ userId: 31 }],
            arbitrators: [],
            leaders: [31],
          }),
        }),
      ]),
    );
  }, 30_000);
  it('定量分配: the organiser gives each marker a 任务量; the table shows it', async () => {
    const api = savingPoolApi({
      fullScore: 30,
      scoreStep: 0.5,
      distribution: 'quota',
      quotas: [
        { userId: 21, quota: 120 },
        { userId: 31, quota: 80 },
      ],
    });
    await open(api);
    const u = userEvent.setup();
    const form = await startBlock(u);
    expect(within(form).queryByLabelText(/^任务量：/)).not.toBeInTheDocument();
    await u.selectOptions(within(form).getByLabelText('分配方式'), '定量分配（每人任务量）');
    await u.click(within(form).getByRole('checkbox', { name: '阅卷老师：李老师（第一中学）' }));
    await u.click(within(form).getByRole('checkbox', { name: '阅卷老师：赵老师（第二中学）' }));
    // Only a ticked marker has a 任务量; a missing one is refused before anything is sent.
    expect(within(form).queryByLabelText('任务量：王老师（第一中学）')).not.toBeInTheDocument();
    await u.type(within(form).getByLabelText('任务量：李老师（第一中学）'), '120');
    await u.click(within(form).getByRole('button', { name: '保存题块' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      '定量分配时每位阅卷老师需要任务量',
    );
    expect(bodiesOf(api, JOINT.save)).toEqual([]);
    await u.type(within(form).getByLabelText('任务量：赵老师（第二中学）'), '80');
    await u.click(within(form).getByRole('button', { name: '保存题块' }));
    await waitFor(() =>
      expect(bodiesOf(api, JOINT.save)).toEqual([
        expect.objectContaining({
          setup: expect.objectContaining({
            distribution: 'quota',
            markers: [
              { userId: 21, quota: 120 },
              { userId: 31, quota: 80 },
            ],
          }),
        }),
      ]),
    );
    const table = await screen.findByRole('table', { name: '统一阅卷题块' });
    expect(
      within(table).getByText('李老师（第一中学）任务量 120、赵老师（第二中学）任务量 80'),
    ).toBeInTheDocument();
  }, 30_000);

  it('隐藏样卷: the organiser lists a block’s papers by number only, looks at one and adds it as a seed', async () => {
    let seeds: unknown[] = [];
    const api = poolApi({
      [JOINT.blocks]: ok({
        list: [
          poolBlock({
            fullScore: 30,
            scoreStep: 0.5,
            distribution: 'pool',
            quotas: [{ userId: 21, quota: null }],
            markers: [LI],
          }),
        ],
      }),
      [JOINT.seeds]: () => ok({ list: seeds }),
      [JOINT.seedPapers]: ok({
        list: [41, 42].map((paperId) => ({
          paperId,
          studentId: 0,
          studentName: null,
          studentNo: null,
          state: 'marking',
          finalScore: null,
          seeded: false,
        })),
      }),
      [JOINT.paperCrop]: ok({ dataUrl: 'data:image/png;base64,AAAA' }),
      [JOINT.seedAdd]: () => {
        seeds = [
          {
            paperId: 50,
            studentId: 0,
            studentName: null,
            studentNo: null,
            seedScore: 24,
            assigned: 0,
            marked: 0,
            exact: 0,
            createdAt: 1,
          },
        ];
        return ok({ paperId: 50 });
      },
    });
    await open(api);
    const u = userEvent.setup();
    const table = await screen.findByRole('table', { name: '统一阅卷题块' });
    await u.click(within(table).getByRole('button', { name: '隐藏样卷：第4题' }));
    const section = (await screen.findByRole('heading', { name: '隐藏样卷（试评卷）' }))
      .parentElement!;
    expect(await within(section).findByText('还没有隐藏样卷')).toBeInTheDocument();
    // No search by exam number or name: the pool names no student.
    expect(within(section).queryByLabelText('考号或姓名')).not.toBeInTheDocument();
    await u.click(within(section).getByRole('button', { name: '列出答卷' }));
    const found = await within(section).findByRole('table', { name: '查找结果' });
    expect(
      within(found)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      '试卷编号状态最终得分操作',
      expect.stringMatching(/^41/),
      expect.stringMatching(/^42/),
    ]);
    await u.click(within(found).getByRole('button', { name: '选为样卷：试卷 41' }));
    expect(await within(section).findByRole('img', { name: '答卷：试卷 41' })).toBeInTheDocument();
    expect(bodiesOf(api, JOINT.paperCrop)).toEqual([{ paperId: 41 }]);
    const add = within(section).getByRole('form', { name: '添加样卷' });
    await u.type(within(add).getByLabelText(/标准分/), '31');
    await u.click(within(add).getByRole('button', { name: '添加样卷' }));
    expect(bodiesOf(api, JOINT.seedAdd)).toEqual([]);
    await u.clear(within(add).getByLabelText(/标准分/));
    await u.type(within(add).getByLabelText(/标准分/), '24');
    await u.click(within(add).getByRole('button', { name: '添加样卷' }));
    await waitFor(() =>
      expect(bodiesOf(api, JOINT.seedAdd)).toEqual([{ blockId: 4, paperId: 41, seedScore: 24 }]),
    );
    const current = await within(section).findByRole('table', { name: '当前样卷' });
    expect(within(current).getAllByRole('row')[1]).toHaveTextContent('5024 分开始阅卷后分发');
  }, 30_000);
});
