import { createHash } from 'node:crypto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadRoutes } from '@examkit/contracts';
import { demoUser, downloadJob, fail, ok, renderApp } from '../../test/fixtures';
import { bodiesOf } from '../../exam/test/fixtures';
import { pendingKey } from '../hooks/useScanUpload';
import { scanPages } from '../index';
import {
  FAINT,
  SCAN,
  batch,
  exception,
  objectivePage,
  objectiveRow,
  scanApi,
} from '../test/fixtures';

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const b64 = (s: string) => Buffer.from(s).toString('base64');

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const open = (api: ReturnType<typeof scanApi>) =>
  renderApp({ path: '/exam/single/scanpaper/21', api, user: demoUser(), pages: scanPages });

/** Chooses files in the page's file input as a user does. */
async function choose(user: ReturnType<typeof userEvent.setup>, ...files: File[]) {
  const input = await screen.findByLabelText('选择扫描文件', { selector: 'input' });
  await waitFor(() => expect(input).toBeEnabled());
  await user.upload(input, files);
}

describe('ScanPaperPage', () => {
  it('shows 暂无数据 for an empty subject and refuses other file types', async () => {
    const api = scanApi();
    await open(api);
    const user = userEvent.setup({ applyAccept: false });
    expect(await screen.findByRole('heading', { name: /扫描试卷 · .*周练 数学/ })).toBeVisible();
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThanOrEqual(3);
    await choose(user, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: '上传' }));
    expect(await screen.findByText(/不支持的文件类型：notes.txt/)).toBeVisible();
    expect(bodiesOf(api, SCAN.create)).toHaveLength(0);
  });

  it('uploads files in chunks with their SHA-256, completes the batch and lists it', async () => {
    const api = scanApi({
      [SCAN.create]: ok({
        batchId: 3,
        chunkSize: 4,
        files: [
          { fileIndex: 0, chunkCount: 3 },
          { fileIndex: 1, chunkCount: 1 },
        ],
      }),
      [SCAN.chunk]: ok({ received: 1, chunkCount: 3 }),
      [SCAN.complete]: ok(
        batch({ state: 'queued', filesDone: 0, pages: 0, recognized: 0, exceptions: 0 }),
      ),
      [SCAN.progress]: ok(batch({ state: 'recognizing', filesDone: 1 })),
    });
    const { storage } = await open(api);
    const user = userEvent.setup();
    await choose(
      user,
      new File(['0123456789'], 'a.png', { type: 'image/png' }),
      new File(['PDF'], 'b.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: '上传' }));
    expect(await screen.findByText('批次 3 已上传，正在识别')).toBeVisible();
    expect(bodiesOf(api, SCAN.create)).toEqual([
      {
        examSubjectId: 21,
        files: [
          { fileName: 'a.png', size: 10, sha256: sha('0123456789') },
          { fileName: 'b.pdf', size: 3, sha256: sha('PDF') },
        ],
      },
    ]);
    expect(bodiesOf(api, SCAN.chunk)).toEqual([
      { batchId: 3, fileIndex: 0, index: 0, contentBase64: b64('0123'), sha256: sha('0123') },
      { batchId: 3, fileIndex: 0, index: 1, contentBase64: b64('4567'), sha256: sha('4567') },
      { batchId: 3, fileIndex: 0, index: 2, contentBase64: b64('89'), sha256: sha('89') },
      { batchId: 3, fileIndex: 1, index: 0, contentBase64: b64('PDF'), sha256: sha('PDF') },
    ]);
    expect(bodiesOf(api, SCAN.complete)).toEqual([{ batchId: 3 }]);
    expect(screen.getByRole('progressbar', { name: '上传进度' })).toHaveAttribute('value', '4');
    expect(screen.getByText(/已上传 4\/4 个分片/)).toBeVisible();
    const row = within(screen.getByRole('table', { name: '扫描批次' })).getByRole('row', {
      name: /批次 3/,
    });
    expect(row).toHaveTextContent('排队中');
    // Completed: nothing left to resume.
    expect(storage.get(pendingKey(21))).toBeNull();
  });

  it('resumes an unfinished batch by asking which chunks arrived and sending only the rest', async () => {
    const api = scanApi({
      [SCAN.chunks]: ok({ files: [{ fileIndex: 0, chunkCount: 3, received: [0, 2] }] }),
      [SCAN.chunk]: ok({ received: 3, chunkCount: 3 }),
      [SCAN.complete]: ok(batch({ batchId: 5, state: 'queued', filesDone: 0 })),
      [SCAN.progress]: ok(batch({ batchId: 5, state: 'queued', filesDone: 0 })),
    });
    const { storage } = await open(api);
    // What a page left behind before a reload: the batch was declared, two chunks arrived.
    storage.set(pendingKey(21), {
      batchId: 5,
      chunkSize: 4,
      files: [{ fileName: 'a.png', size: 10, sha256: sha('0123456789') }],
    });
    const user = userEvent.setup();
    await choose(user, new File(['0123456789'], 'a.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: '上传' }));
    expect(await screen.findByText('批次 5 已上传，正在识别')).toBeVisible();
    expect(bodiesOf(api, SCAN.create)).toHaveLength(0);
    expect(bodiesOf(api, SCAN.chunks)).toEqual([{ batchId: 5 }]);
    expect(bodiesOf(api, SCAN.chunk)).toEqual([
      { batchId: 5, fileIndex: 0, index: 1, contentBase64: b64('4567'), sha256: sha('4567') },
    ]);
    expect(bodiesOf(api, SCAN.complete)).toEqual([{ batchId: 5 }]);
  });

  it('keeps the batch for resuming and shows the server message when a chunk is refused', async () => {
    const api = scanApi({
      [SCAN.create]: ok({ batchId: 6, chunkSize: 4, files: [{ fileIndex: 0, chunkCount: 1 }] }),
      [SCAN.chunk]: fail(400, '分片校验失败（SHA-256 不符），请重新上传该分片'),
    });
    const { storage } = await open(api);
    const user = userEvent.setup();
    await choose(user, new File(['abc'], 'a.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('button', { name: '上传' }));
    expect(
      await screen.findByText(
        /分片校验失败（SHA-256 不符），请重新上传该分片（可重新选择相同文件继续上传）/,
      ),
    ).toBeVisible();
    expect(bodiesOf(api, SCAN.complete)).toHaveLength(0);
    expect(storage.get(pendingKey(21))).toMatchObject({ batchId: 6, chunkSize: 4 });
  });

  it('polls the progress of a running batch until it is done, then reads the queue again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    const api = scanApi({
      [SCAN.list]: ok({
        list: [
          batch({ state: 'recognizing', filesDone: 0, pages: 0, recognized: 0, exceptions: 0 }),
        ],
      }),
      [SCAN.progress]: () =>
        ++polls === 1
          ? ok(
              batch({ state: 'recognizing', filesDone: 1, pages: 1, recognized: 1, exceptions: 0 }),
            )
          : ok(batch()),
    });
    await open(api);
    const table = await screen.findByRole('table', { name: '扫描批次' });
    expect(within(table).getByText('识别中')).toBeVisible();
    expect(within(table).getByText(/0\/2 个文件（0%）/)).toBeVisible();
    const listCalls = () => bodiesOf(api, SCAN.exceptions).length;
    const before = listCalls();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(within(table).getByText(/1\/2 个文件（50%）/)).toBeVisible());
    expect(screen.getByRole('progressbar', { name: '批次 3 识别进度' })).toHaveAttribute(
      'value',
      '1',
    );
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(within(table).getByText('已完成')).toBeVisible());
    expect(within(table).getByText(/2\/2 个文件（100%）/)).toBeVisible();
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    // Done: no more polling.
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(polls).toBe(2);
  });

  it('assigns the student of an unknown exam number, records the fix and takes it off the queue', async () => {
    const api = scanApi({
      [SCAN.exceptions]: (r: { data: string }) =>
        JSON.parse(r.data).state === 'open' ? ok({ list: [exception(), FAINT] }) : ok({ list: [] }),
      [SCAN.resolve]: ok(
        exception({
          student: { studentId: 2, name: '李二', examNo: '20260002', className: '高一(1)班' },
          resolvedAt: new Date(2026, 10, 21, 9, 30).getTime(),
          resolvedBy: '王老师',
          resolution: { action: 'assign', name: '指定考生', studentId: 2 },
        }),
      ),
    });
    await open(api);
    const user = userEvent.setup();
    const queue = await screen.findByRole('list', { name: '异常队列' });
    const item = within(queue).getByRole('listitem', { name: '考号不在名单中 #41' });
    expect(item).toHaveTextContent('考号 59670415 不在本考试科目的考生名单中');
    // The picker is a combobox: type part of a name or 考号, choose with the keyboard.
    const picker = within(item).getByRole('combobox', { name: '选择考生（考号不在名单中 #41）' });
    await user.click(picker);
    await user.keyboard('0002');
    const options = within(item).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['高一(1)班 李二（20260002）']);
    expect(picker).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{Enter}');
    expect(picker).toHaveValue('高一(1)班 李二（20260002）');
    expect(picker).toHaveAttribute('aria-expanded', 'false');
    // Keyboard: tab to the button and press Enter.
    within(item).getByRole('button', { name: '指定考生（考号不在名单中 #41）' }).focus();
    // Later reads leave only the faint bubble open.
    api.on(SCAN.exceptions, (r: { data: string }) =>
      JSON.parse(r.data).state === 'open' ? ok({ list: [FAINT] }) : ok({ list: [] }),
    );
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(bodiesOf(api, SCAN.resolve)).toEqual([
        { exceptionId: 41, action: 'assign', studentId: 2 },
      ]),
    );
    expect(await screen.findByText('异常 #41 已处理：指定考生')).toBeVisible();
    expect(
      within(queue).queryByRole('listitem', { name: '考号不在名单中 #41' }),
    ).not.toBeInTheDocument();
    const log = screen.getByRole('table', { name: '处理记录' });
    expect(log).toHaveTextContent('指定考生：李二（20260002）');
    expect(log).toHaveTextContent('王老师');
    expect(log).toHaveTextContent('2026-11-21 09:30');
  });

  it('corrects a faint bubble with every reviewed question', async () => {
    const api = scanApi({
      [SCAN.exceptions]: (r: { data: string }) =>
        JSON.parse(r.data).state === 'open' ? ok({ list: [FAINT] }) : ok({ list: [] }),
      [SCAN.resolve]: ok({
        ...FAINT,
        resolvedAt: 1,
        resolvedBy: '王老师',
        resolution: { action: 'answer' },
      }),
    });
    await open(api);
    const user = userEvent.setup();
    const input = await screen.findByLabelText('第2题答案（#42）');
    expect(screen.getByText(/第2题（填涂过浅）/)).toBeVisible();
    await user.type(input, 'c');
    await user.click(screen.getByRole('button', { name: '修改填涂（客观题待确认 #42）' }));
    await waitFor(() =>
      expect(bodiesOf(api, SCAN.resolve)).toEqual([
        { exceptionId: 42, action: 'answer', answers: [{ questionId: 2, answer: 'C' }] },
      ]),
    );
  });

  it('shows the server message when a fix is refused and keeps the item', async () => {
    const api = scanApi({
      [SCAN.exceptions]: (r: { data: string }) =>
        JSON.parse(r.data).state === 'open' ? ok({ list: [exception()] }) : ok({ list: [] }),
      [SCAN.resolve]: fail(409, '该异常已处理，请刷新'),
    });
    await open(api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '作废（考号不在名单中 #41）' }));
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').some((a) => a.textContent === '该异常已处理，请刷新'),
      ).toBe(true),
    );
    expect(screen.getByRole('listitem', { name: '考号不在名单中 #41' })).toBeInTheDocument();
  });

  it('reconciles against the roster, confirms an absence and rescores', async () => {
    const api = scanApi({ [SCAN.absent]: ok(null), [SCAN.rescore]: ok({ students: 1 }) });
    await open(api);
    const user = userEvent.setup();
    const summary = await screen.findByLabelText('核对结果');
    expect(summary).toHaveTextContent('已匹配1');
    expect(summary).toHaveTextContent('无答题卡1');
    expect(screen.getByText(/未匹配考生（考号 59670415）/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: '确认李二缺考' }));
    await waitFor(() =>
      expect(bodiesOf(api, SCAN.absent)).toEqual([{ examSubjectId: 21, studentId: 2 }]),
    );
    await user.click(screen.getByRole('button', { name: '重新计分' }));
    expect(await screen.findByText('已重新计分：1 名考生')).toBeVisible();
    expect(bodiesOf(api, SCAN.rescore)).toEqual([{ examSubjectId: 21 }]);
  });

  it('fetches a sheet image with the token header for the previewer', async () => {
    const fetchMock = vi.fn(
      async () => new Response(new Blob(['png']), { headers: { 'content-type': 'image/png' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:sheet-11');
    URL.revokeObjectURL = vi.fn();
    const api = scanApi({
      [SCAN.exceptions]: (r: { data: string }) =>
        JSON.parse(r.data).state === 'open' ? ok({ list: [exception()] }) : ok({ list: [] }),
    });
    await open(api);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '查看图片（考号不在名单中 #41）' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]).toEqual([
      '/marking-main/exam/scan/image?sheetId=11',
      { headers: { plantform: '1', token: 'tok-demo-7' } },
    ]);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    vi.unstubAllGlobals();
    fireEvent.keyDown(document, { key: 'Escape' });
  });

  it('lists each student’s objective score, pages and searches by name or exam number', async () => {
    const api = scanApi({
      [SCAN.objective]: (r: { data: string }) => {
        const body = JSON.parse(r.data) as { pageNum: number; keyWord?: string };
        if (body.keyWord === '李二')
          return ok(
            objectivePage({
              list: [objectivePage().list[1]!],
              total: 1,
            }),
          );
        if (body.pageNum === 2)
          return ok(
            objectivePage({
              pageNum: 2,
              list: [
                objectiveRow({
                  studentId: 60,
                  name: '王六十',
                  examNo: '20260060',
                  className: '高一(2)班',
                  status: 'review',
                  objectiveScore: 5,
                  reviewCount: 2,
                }),
              ],
            }),
          );
        return ok(objectivePage());
      },
    });
    await open(api);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: '客观题得分' });
    expect(screen.getByRole('heading', { name: '客观题得分' })).toBeVisible();
    const row = (name: RegExp) => within(table).getByRole('row', { name });
    expect(row(/张一/)).toHaveTextContent('20260001张一高一(1)班8 / 13已计分');
    expect(row(/李二/)).toHaveTextContent('20260002李二高一(1)班— / 13缺考');
    expect(bodiesOf(api, SCAN.objective)[0]).toEqual({
      examSubjectId: 21,
      pageNum: 1,
      pageSize: 50,
    });
    const pager = screen.getByRole('navigation', { name: '分页' });
    expect(pager).toHaveTextContent('共 62 条');
    expect(pager).toHaveTextContent('第 1 / 2 页');
    await user.click(within(pager).getByRole('button', { name: '下一页' }));
    expect(await within(table).findByRole('row', { name: /王六十/ })).toHaveTextContent(
      '5 / 13待确认 2 题',
    );
    expect(bodiesOf(api, SCAN.objective).at(-1)).toMatchObject({ pageNum: 2 });
    expect(pager).toHaveTextContent('第 2 / 2 页');

    const search = screen.getByRole('search', { name: '查找考生客观题得分' });
    await user.type(within(search).getByLabelText('关键字'), '李二{Enter}');
    await waitFor(() =>
      expect(within(table).queryByRole('row', { name: /王六十/ })).not.toBeInTheDocument(),
    );
    expect(within(table).getByRole('row', { name: /李二/ })).toBeVisible();
    expect(within(table).queryByRole('row', { name: /张一/ })).not.toBeInTheDocument();
    expect(bodiesOf(api, SCAN.objective).at(-1)).toEqual({
      examSubjectId: 21,
      pageNum: 1,
      pageSize: 50,
      keyWord: '李二',
    });
  });

  it('opens one student’s questions from the keyboard and closes them with Esc', async () => {
    const api = scanApi();
    await open(api);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: '查看明细（张一）' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '客观题明细 · 张一（20260001）' });
    const questions = await within(dialog).findByRole('table', { name: '各题得分' });
    expect(bodiesOf(api, SCAN.objectiveDetail)).toEqual([{ examSubjectId: 21, studentId: 1 }]);
    expect(dialog).toHaveTextContent('待确认 1 题 · 客观题得分 8 / 13');
    const q = (n: number) => within(questions).getByRole('row', { name: new RegExp(`第 ${n} 题`) });
    expect(q(1)).toHaveTextContent('第 1 题单选题BB5 / 5');
    expect(q(2)).toHaveTextContent('第 2 题多选题AC（已更正）ACD3 / 6（少选 3 分）');
    expect(q(3)).toHaveTextContent('第 3 题判断题未填涂（待确认）对— / 2');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('reads the objective scores again after a fix and after re-scoring', async () => {
    const api = scanApi({
      [SCAN.exceptions]: (r: { data: string }) =>
        JSON.parse(r.data).state === 'open' ? ok({ list: [FAINT] }) : ok({ list: [] }),
      [SCAN.resolve]: ok({ ...FAINT, resolvedAt: 1, resolvedBy: '王老师', resolution: {} }),
      [SCAN.rescore]: ok({ students: 2 }),
    });
    await open(api);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: '客观题得分' });
    expect(within(table).getByRole('row', { name: /张一/ })).toHaveTextContent('8 / 13');
    // The fix scores question 2 of 张一.
    api.on(SCAN.objective, ok(objectivePage({ list: [objectiveRow({ objectiveScore: 11 })] })));
    await user.type(await screen.findByLabelText('第2题答案（#42）'), 'c');
    await user.click(screen.getByRole('button', { name: '修改填涂（客观题待确认 #42）' }));
    await waitFor(() =>
      expect(within(table).getByRole('row', { name: /张一/ })).toHaveTextContent('11 / 13'),
    );
    // A new key: re-scoring changes it again.
    api.on(SCAN.objective, ok(objectivePage({ list: [objectiveRow({ objectiveScore: 6 })] })));
    await user.click(screen.getByRole('button', { name: '重新计分' }));
    await waitFor(() =>
      expect(within(table).getByRole('row', { name: /张一/ })).toHaveTextContent('6 / 13'),
    );
  });

  it('exports the scanned pages as a zip through the download centre', async () => {
    const user = userEvent.setup();
    const api = scanApi({
      [SCAN.list]: ok({ list: [batch()] }),
      [`POST ${downloadRoutes.downloadScans.url}`]: ok({ jobId: 4 }),
      [`POST ${downloadRoutes.downloadStatus.url}`]: ok(
        downloadJob({ jobId: 4, kind: 'scans', progress: 45, stage: '正在打包答题卡 9/20' }),
      ),
    });
    await open(api);
    await user.click(await screen.findByRole('button', { name: '导出扫描图像' }));
    expect(await screen.findByRole('progressbar', { name: '导出扫描图像进度' })).toHaveAttribute(
      'value',
      '45',
    );
    expect(screen.getByText(/正在打包答题卡 9\/20 45%/)).toBeInTheDocument();
    expect(bodiesOf(api, `POST ${downloadRoutes.downloadScans.url}`)).toEqual([
      { examSubjectId: 21 },
    ]);
  });
});
