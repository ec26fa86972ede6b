import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderApp, type FakeRequest } from '../../test/fixtures';
import { markingPages } from '../markingPages';
import { QUEUE_STORAGE_KEY } from '../utils/submitQueue';
import {
  BLOCK,
  MK,
  bodiesOf,
  bodyOf,
  cropOf,
  markerUser,
  markingApi,
  networkDown,
  paper,
} from '../test/fixtures';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const MARK_PATH = '/exam/marking/readPaper/5/0/1/0/0';

async function open(api = markingApi(), path = MARK_PATH, firstTask = 101) {
  const view = await renderApp({ path, api, user: markerUser(), pages: markingPages });
  const box = await screen.findByLabelText('本题得分（满分 10）');
  await waitFor(() => expect(cropImage()).toHaveAttribute('src', cropOf(firstTask)));
  await waitFor(() => expect(box).toHaveFocus());
  return { ...view, api, box };
}

const cropImage = () => screen.queryByRole('img', { name: '当前试卷' });
const cropRequests = (api: ReturnType<typeof markingApi>, taskId: number) =>
  bodiesOf(api, MK.crop).filter((b) => b.taskId === taskId).length;

describe('ReadPaperPage', () => {
  it('scores with the keyboard: digits, .5 and Enter', async () => {
    const { api } = await open();
    const user = userEvent.setup();
    await user.keyboard('7.5{Enter}');
    await waitFor(() => expect(bodiesOf(api, MK.submit)).toHaveLength(1));
    const [sent] = bodiesOf(api, MK.submit);
    expect(sent).toMatchObject({ taskId: 101, leaseToken: 'lease-101', score: 7.5 });
    expect(sent!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(cropImage()).toHaveAttribute('src', cropOf(102));
    expect(screen.getByLabelText('本题得分（满分 10）')).toHaveValue('');
    expect(screen.getByLabelText('本题得分（满分 10）')).toHaveFocus();
    await user.keyboard('3{Enter}');
    await waitFor(() => expect(bodiesOf(api, MK.submit)).toHaveLength(2));
    expect(bodiesOf(api, MK.submit)[1]).toMatchObject({ taskId: 102, score: 3 });
    expect(screen.getByRole('status')).toHaveTextContent('本次已评 2 份');
  });

  it('gives full and zero marks with one key each', async () => {
    const { api } = await open();
    const user = userEvent.setup();
    await user.keyboard('f');
    await waitFor(() => expect(bodiesOf(api, MK.submit)).toHaveLength(1));
    expect(bodiesOf(api, MK.submit)[0]).toMatchObject({ taskId: 101, score: 10 });
    await user.keyboard('Z');
    await waitFor(() => expect(bodiesOf(api, MK.submit)).toHaveLength(2));
    expect(bodiesOf(api, MK.submit)[1]).toMatchObject({ taskId: 102, score: 0 });
    expect(screen.getByRole('button', { name: /满分\s*F/ })).toBeInTheDocument();
  });

  it('refuses a score over full marks or off the step', async () => {
    const { api } = await open();
    const user = userEvent.setup();
    await user.keyboard('11{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('分数不能超过满分 10 分');
    await user.clear(screen.getByLabelText('本题得分（满分 10）'));
    await user.keyboard('7.3{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('给分步长为 0.5 分');
    await user.clear(screen.getByLabelText('本题得分（满分 10）'));
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('请输入分数');
    expect(bodiesOf(api, MK.submit)).toHaveLength(0);
    expect(cropImage()).toHaveAttribute('src', cropOf(101));
  });

  it('has the next crop loaded before Enter, and shows it at once', async () => {
    const api = markingApi();
    await open(api);
    // The batch is leased ahead and the next crops are fetched before they are needed.
    await waitFor(() => expect(cropRequests(api, 102)).toBe(1));
    await waitFor(() => expect(cropRequests(api, 103)).toBe(1));
    // From now on crops would never arrive: what is shown next must come from memory.
    api.on(MK.crop, () => new Promise(() => {}));
    const user = userEvent.setup();
    await user.keyboard('6{Enter}');
    expect(cropImage()).toHaveAttribute('src', cropOf(102));
    expect(cropRequests(api, 102)).toBe(1);
    await user.keyboard('6{Enter}');
    expect(cropImage()).toHaveAttribute('src', cropOf(103));
  });

  it('keeps scores in a persisted queue while offline and sends each once with the same key', async () => {
    const api = markingApi();
    let down = true;
    api.on(MK.submit, (r: { data: unknown }) => {
      if (down) networkDown();
      const b = JSON.parse(r.data as string) as { taskId: number; score: number };
      return ok({ taskId: b.taskId, paperId: b.taskId + 1000, score: b.score, duplicate: false });
    });
    await open(api);
    const user = userEvent.setup();
    await user.keyboard('8{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('网络已断开，1 份评分待提交'),
    );
    // Marking goes on from the batch in memory.
    expect(cropImage()).toHaveAttribute('src', cropOf(102));
    const stored = JSON.parse(sessionStorage.getItem(QUEUE_STORAGE_KEY) ?? '[]') as {
      taskId: number;
      idempotencyKey: string;
    }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ taskId: 101, score: 8 });
    const key = stored[0]!.idempotencyKey;

    down = false;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByRole('status')).not.toHaveTextContent('待提交'));
    const sends = bodiesOf(api, MK.submit);
    expect(sends).toHaveLength(2);
    expect(sends.map((s) => s.idempotencyKey)).toEqual([key, key]);
    expect(JSON.parse(sessionStorage.getItem(QUEUE_STORAGE_KEY) ?? '[]')).toEqual([]);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(bodiesOf(api, MK.submit)).toHaveLength(2);
  });

  it('flags a problem paper with a reason and moves on', async () => {
    const { api } = await open();
    const user = userEvent.setup();
    await user.keyboard('p');
    const dialog = await screen.findByRole('dialog', { name: '标记问题卷' });
    await user.click(within(dialog).getByRole('button', { name: '确定标记' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('请选择问题类型');
    await user.selectOptions(within(dialog).getByLabelText(/问题类型/), '图像不清');
    await user.type(within(dialog).getByLabelText('问题说明'), '看不清');
    await user.click(within(dialog).getByRole('button', { name: '确定标记' }));
    await waitFor(() => expect(bodiesOf(api, MK.flag)).toHaveLength(1));
    expect(bodiesOf(api, MK.flag)[0]).toEqual({ taskId: 101, reason: 'unclear', note: '看不清' });
    await waitFor(() => expect(cropImage()).toHaveAttribute('src', cropOf(102)));
    expect(bodiesOf(api, MK.submit)).toHaveLength(0);
  });

  it('shows both marks to the arbitrator and sends the final score', async () => {
    const api = markingApi({
      block: { ...BLOCK, roles: ['arbitrator', 'leader'] },
      papers: [
        paper(201, {
          kind: 'arbitration',
          marks: [
            { score: 7, parts: [7] },
            { score: 3, parts: [3] },
          ],
        }),
      ],
    });
    await open(api, '/exam/marking/readPaper/5/0/0/1/0', 201);
    expect(bodiesOf(api, MK.fetch)[0]).toMatchObject({ blockId: 5, arbitration: true });
    const marks = screen.getByRole('region', { name: '已有评分' });
    expect(marks).toHaveTextContent('一评：7 分');
    expect(marks).toHaveTextContent('二评：3 分');
    const user = userEvent.setup();
    await user.keyboard('5{Enter}');
    await waitFor(() => expect(bodiesOf(api, MK.submit)).toHaveLength(1));
    expect(bodiesOf(api, MK.submit)[0]).toMatchObject({ taskId: 201, score: 5 });
    expect(await screen.findByText('暂无待仲裁试卷')).toBeInTheDocument();
  });

  it('scores a block of two questions box by box', async () => {
    const api = markingApi({
      block: { ...BLOCK, questionFullScores: [6, 6], questionIds: [1, 2], fullScore: 12 },
    });
    await renderApp({ path: MARK_PATH, api, user: markerUser(), pages: markingPages });
    const first = await screen.findByLabelText('第 1 小题（满分 6）');
    await waitFor(() => expect(first).toHaveFocus());
    const user = userEvent.setup();
    await user.keyboard('4{Enter}');
    expect(screen.getByLabelText('第 2 小题（满分 6）')).toHaveFocus();
    await user.keyboard('5.5{Enter}');
    await waitFor(() => expect(bodiesOf(api, MK.submit)).toHaveLength(1));
    expect(bodiesOf(api, MK.submit)[0]).toMatchObject({ taskId: 101, parts: [4, 5.5] });
  });

  it('回评: lists recent papers, re-marks one and goes back to marking', async () => {
    const api = markingApi();
    const recent = [
      { taskId: 90, paperId: 1090, score: 6, submittedAt: 0, canRescore: true },
      { taskId: 89, paperId: 1089, score: 4, submittedAt: 0, canRescore: false },
    ];
    api.on(MK.reviewList, ok({ list: recent }));
    api.on(MK.rescore, ok({ taskId: 90, paperId: 1090, score: 8, duplicate: false }));
    const { box } = await open(api);
    const user = userEvent.setup();
    await user.keyboard('b');
    const list = await screen.findByRole('region', { name: '回评' });
    expect(screen.getByRole('button', { name: /^回评\s*B$/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const second = within(list).getByRole('button', { name: '回评第 2 份（4 分）' });
    expect(second).toBeDisabled();
    expect(second).toHaveTextContent('不可重评');

    await user.click(within(list).getByRole('button', { name: '回评第 1 份（6 分）' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '回评试卷' })).toHaveAttribute('src', cropOf(90)),
    );
    expect(screen.getByRole('note')).toHaveTextContent('回评：原分 6 分');
    expect(screen.queryByRole('button', { name: /问题卷/ })).not.toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '8{Enter}');
    await waitFor(() => expect(bodiesOf(api, MK.rescore)).toHaveLength(1));
    expect(bodiesOf(api, MK.rescore)[0]).toMatchObject({ taskId: 90, score: 8 });
    expect(await screen.findByText('回评已保存：8 分')).toBeInTheDocument();
    await waitFor(() => expect(cropImage()).toHaveAttribute('src', cropOf(101)));
    expect(bodiesOf(api, MK.reviewList)).toHaveLength(2);
    expect(bodiesOf(api, MK.submit)).toHaveLength(0);
  });

  it('rotates and zooms the crop with keys and buttons, and 复原 resets it', async () => {
    await open();
    const user = userEvent.setup();
    const shown = () => cropImage()!.style.transform;
    expect(shown()).toContain('rotate(0deg) scale(1)');
    await user.keyboard('r');
    expect(shown()).toContain('rotate(90deg)');
    await user.keyboard('+');
    expect(shown()).toContain('rotate(90deg) scale(1.2)');
    await user.click(screen.getByRole('button', { name: /^缩小/ }));
    await user.click(screen.getByRole('button', { name: /^缩小/ }));
    expect(shown()).toContain('scale(0.8)');
    await user.click(screen.getByRole('button', { name: '复原' }));
    expect(shown()).toContain('rotate(0deg) scale(1)');
  });

  it('sends a digit typed outside the score box into it', async () => {
    const { box } = await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '复原' }));
    expect(box).not.toHaveFocus();
    await user.keyboard('7');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('7');
  });

  it('enters a score typed after a click on the image to zoom it, its 0 included', async () => {
    const { api, box } = await open();
    const user = userEvent.setup();
    await user.click(cropImage()!);
    expect(screen.getByRole('region', { name: '试卷图像' })).toHaveFocus();
    await user.keyboard('+');
    expect(cropImage()!.style.transform).toContain('scale(1.2)');
    await user.keyboard('10');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('10');
    // The 0 was a score, not the image's own reset key.
    expect(cropImage()!.style.transform).toContain('scale(1.2)');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(bodiesOf(api, MK.submit)).toHaveLength(1));
    expect(bodiesOf(api, MK.submit)[0]).toMatchObject({ taskId: 101, score: 10 });
  });

  it('gives full marks with F typed after dragging the image', async () => {
    const { api } = await open();
    const user = userEvent.setup();
    const image = cropImage()!;
    await user.click(image);
    await user.keyboard('++');
    const zoomed = image.style.transform;
    await user.pointer([
      { keys: '[MouseLeft>]', target: image, coords: { clientX: 10, clientY: 10 } },
      { target: image, coords: { clientX: 40, clientY: 30 } },
      { keys: '[/MouseLeft]', target: image },
    ]);
    expect(image.style.transform).not.toBe(zoomed);
    await user.keyboard('f');
    await waitFor(() => expect(bodiesOf(api, MK.submit)).toHaveLength(1));
    expect(bodiesOf(api, MK.submit)[0]).toMatchObject({ taskId: 101, score: 10 });
  });

  it('sets the paper on screen as an exemplary or typical sample, beside the scoring guide', async () => {
    const { api } = await open();
    const guide = screen.getByRole('region', { name: '评分标准' });
    expect(guide).toHaveTextContent('单调区间 4 分，最值 4 分，结论 2 分。');
    expect(guide).toHaveTextContent('最大值 f(1) = 3。');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '设为优秀样卷' }));
    expect(await screen.findByText('已设为优秀样卷')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '设为典型错误' }));
    expect(await screen.findByText('已设为典型错误')).toBeInTheDocument();
    expect(bodiesOf(api, MK.sample)).toEqual([
      { paperId: 1101, kind: 'exemplary', note: '' },
      { paperId: 1101, kind: 'typical', note: '' },
    ]);
  });
});

describe('the marking screen on a 统一阅卷 pool block', () => {
  const POOL = 'POST /marking-main/joint/pool';
  function poolApi() {
    const api = markingApi();
    api.on(
      `${POOL}/mine`,
      ok({
        list: [
          {
            blockId: 9,
            jointExamId: 7,
            jointExamName: '十一月区联考',
            subjectCode: '数学',
            name: '第5题',
            state: 'open',
            fullScore: 10,
            questionFull: [10],
            scoreStep: 1,
            guide: '',
            answer: '',
            roles: ['marker'],
            mode: 'single',
          },
        ],
      }),
    );
    api.on(`${POOL}/fetch`, ok({ list: [paper(201), paper(202)] }));
    api.on(`${POOL}/crop`, (r: FakeRequest) =>
      ok({ contentType: 'image/png', dataUrl: cropOf(bodyOf(r).taskId as number) }),
    );
    api.on(`${POOL}/problem/flag`, ok(null));
    api.on(`${POOL}/sample`, ok(null));
    api.on(
      `${POOL}/review/list`,
      ok({ list: [{ taskId: 190, paperId: 1190, score: 6, submittedAt: 0, canRescore: true }] }),
    );
    api.on(`${POOL}/review/submit`, ok({ taskId: 190, paperId: 1190, score: 8, duplicate: false }));
    return api;
  }

  it('flags a 问题卷, sets a 样卷 and re-marks through the pool’s calls, never the school’s', async () => {
    const { api, box } = await open(poolApi(), '/exam/marking/readPaper/9/pool/1/0/0', 201);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '设为优秀样卷' }));
    expect(await screen.findByText('已设为优秀样卷')).toBeInTheDocument();
    expect(bodiesOf(api, `${POOL}/sample`)).toEqual([
      { paperId: 1201, kind: 'exemplary', note: '' },
    ]);
    await user.keyboard('p');
    const dialog = await screen.findByRole('dialog', { name: '标记问题卷' });
    await user.selectOptions(within(dialog).getByLabelText(/问题类型/), '图像不清');
    await user.click(within(dialog).getByRole('button', { name: '确定标记' }));
    await waitFor(() =>
      expect(bodiesOf(api, `${POOL}/problem/flag`)).toEqual([
        { taskId: 201, reason: 'unclear', note: '' },
      ]),
    );
    await waitFor(() => expect(cropImage()).toHaveAttribute('src', cropOf(202)));
    await user.click(screen.getByRole('button', { name: /^回评\s*B$/ }));
    const list = await screen.findByRole('region', { name: '回评' });
    await user.click(within(list).getByRole('button', { name: '回评第 1 份（6 分）' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '回评试卷' })).toHaveAttribute('src', cropOf(190)),
    );
    await user.clear(box);
    await user.type(box, '8{Enter}');
    expect(await screen.findByText('回评已保存：8 分')).toBeInTheDocument();
    expect(bodiesOf(api, `${POOL}/review/submit`)).toEqual([
      expect.objectContaining({ taskId: 190, score: 8 }),
    ]);
    expect(bodiesOf(api, MK.flag)).toEqual([]);
    expect(bodiesOf(api, MK.sample)).toEqual([]);
    expect(bodiesOf(api, MK.reviewList)).toEqual([]);
    expect(bodiesOf(api, MK.crop)).toEqual([]);
  }, 30_000);
});
