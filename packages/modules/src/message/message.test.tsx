import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installErrorReporter } from '../layout/errorReporter';
import {
  SCHOOL_ROUTES,
  createFakeApi,
  demoUser,
  ok,
  renderApp,
  teacherUser,
} from '../test/fixtures';
import { HELP_ARTICLES, searchHelp, snippetOf } from './help/articles';
import { messagePages } from './index';

const message = (id: number, read: boolean) => ({
  id,
  kind: 'report_published',
  title: `期中考试成绩报告已发布${id}`,
  content: '可以查看班级报告。',
  link: '/exam/single/report/class/basic/3',
  senderName: null,
  createdAt: Date.UTC(2026, 10, 20, 2, 0),
  read,
});

/** A fake inbox: the list, detail (marks read) and the unread count agree. */
function inboxApi() {
  const items = [message(1, false), message(2, true)];
  const api = createFakeApi({
    ...SCHOOL_ROUTES,
    'GET /marking-main/message/unread_count': () =>
      ok({ count: items.filter((m) => !m.read).length }),
    'POST /marking-main/message/list': (req: { data: unknown }) => {
      const body = JSON.parse(String(req.data)) as { unreadOnly?: boolean };
      const list = items.filter((m) => !body.unreadOnly || !m.read);
      return ok({ list, total: list.length, pageNum: 1, pageSize: 20 });
    },
    'POST /marking-main/message/detail': (req: { data: unknown }) => {
      const { id } = JSON.parse(String(req.data)) as { id: number };
      const item = items.find((m) => m.id === id)!;
      item.read = true;
      return ok(item);
    },
    'POST /marking-main/message/read_all': () => {
      const count = items.filter((m) => !m.read).length;
      for (const m of items) m.read = true;
      return ok({ count });
    },
  });
  return api;
}

describe('messages', () => {
  it(
    'lists messages, filters the unread ones, opens one and the header count drops',
    {
      timeout: 20_000,
    },
    async () => {
      const api = inboxApi();
      const { router } = await renderApp({
        pages: messagePages,
        path: '/new-home-message/index',
        user: teacherUser(),
        api,
      });
      const header = await screen.findByRole('banner');
      expect(
        await within(header).findByRole('link', { name: /^消息通知\s*，\s*1\s*条未读$/ }),
      ).toBeInTheDocument();
      const list = await screen.findByRole('list', { name: '消息列表' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
      expect(within(list).getAllByText('报告发布')).toHaveLength(2);

      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: '未读消息' }));
      await waitFor(() =>
        expect(
          within(screen.getByRole('list', { name: '消息列表' })).getAllByRole('listitem'),
        ).toHaveLength(1),
      );
      await user.click(screen.getByRole('link', { name: '期中考试成绩报告已发布1' }));
      await waitFor(() => expect(router.state.location.search).toBe('?id=1'));
      expect(
        await screen.findByRole('heading', { name: '期中考试成绩报告已发布1' }),
      ).toBeInTheDocument();
      expect(screen.getByText('可以查看班级报告。')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '前往查看' })).toHaveAttribute(
        'href',
        '/exam/single/report/class/basic/3',
      );
      expect(await within(header).findByRole('link', { name: '消息通知' })).toBeInTheDocument();
    },
  );

  it('offers 发布通知 only to a school-wide administrator', async () => {
    await renderApp({
      pages: messagePages,
      path: '/new-home-message/index',
      user: teacherUser(),
      api: inboxApi(),
    });
    await screen.findByRole('list', { name: '消息列表' });
    expect(screen.queryByRole('button', { name: '发布通知' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '客户端错误日志' })).not.toBeInTheDocument();
  });

  it(
    'lets an administrator send a notice to a role and see the client error log',
    {
      timeout: 20_000,
    },
    async () => {
      const api = inboxApi();
      api.on(
        'GET /marking-main/message/notice/targets',
        ok({ roles: [{ id: 7, name: '阅卷老师' }], classes: [{ id: 3, name: '高一(1)班' }] }),
      );
      api.on('POST /marking-main/message/notice/send', ok({ id: 9, recipients: 4 }));
      api.on(
        'POST /marking-minipro/error_log/list',
        ok({
          list: [
            {
              id: 1,
              kind: 'error',
              message: '读取失败',
              stack: '',
              page: '/exam/single',
              userAgent: '',
              count: 3,
              firstSeenAt: 0,
              lastSeenAt: 0,
            },
          ],
          total: 1,
          pageNum: 1,
          pageSize: 10,
        }),
      );
      await renderApp({
        pages: messagePages,
        path: '/new-home-message/index',
        user: demoUser(),
        api,
      });
      const table = await screen.findByRole('table', { name: '客户端错误日志' });
      expect(await within(table).findByText('读取失败')).toBeInTheDocument();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: '发布通知' }));
      const dialog = await screen.findByRole('dialog', { name: '发布通知' });
      await user.click(within(dialog).getByRole('button', { name: '发布' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('请填写标题和内容');
      await user.type(within(dialog).getByLabelText('标题'), '期末监考安排');
      await user.type(within(dialog).getByLabelText('内容'), '请确认监考时间。');
      await user.click(within(dialog).getByRole('button', { name: '发布' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('请选择接收的角色或班级');
      await user.click(within(dialog).getByRole('checkbox', { name: '阅卷老师' }));
      await user.click(within(dialog).getByRole('button', { name: '发布' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: '发布通知' })).not.toBeInTheDocument(),
      );
      expect(api.lastBody('/marking-main/message/notice/send')).toEqual({
        title: '期末监考安排',
        content: '请确认监考时间。',
        roleIds: [7],
        classIds: [],
      });
    },
  );

  it('shows the parent guide once: 立即查看 records it and opens the guide', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'GET /marking-paper/parent/guide/getParentGuide': ok({ seen: false, code: null }),
      'GET /marking-paper/parent/guide/setParentGuide': ok(null),
    });
    const { router } = await renderApp({
      pages: messagePages,
      path: '/home/index',
      user: teacherUser(),
      api,
    });
    const guide = await screen.findByRole('region', { name: '家长使用指南' });
    await userEvent.setup().click(within(guide).getByRole('button', { name: '立即查看' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/new-home-message/detail'));
    expect(
      await screen.findByRole('heading', { name: '家长使用指南', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '知道了' })).not.toBeInTheDocument();
    const set = api.calls.find((c) => c.url === '/marking-paper/parent/guide/setParentGuide');
    expect(set?.params).toMatchObject({ code: 3, userId: teacherUser().userId });
  });

  it('does not show the parent guide to a user who has seen it', async () => {
    await renderApp({
      pages: messagePages,
      path: '/home/index',
      user: teacherUser(),
    });
    await screen.findByRole('banner');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('region', { name: '家长使用指南' })).not.toBeInTheDocument();
  });
});

describe('help centre', () => {
  it('finds articles by a Chinese word and shows the chosen one', async () => {
    const { router } = await renderApp({
      pages: messagePages,
      path: '/new-home-help/index',
      user: teacherUser(),
    });
    expect(await screen.findByRole('heading', { name: '帮助中心' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('关键字'), '仲裁');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=%E4%BB%B2%E8%A3%81'));
    expect(screen.getByRole('status')).toHaveTextContent('包含“仲裁”的帮助共 1 篇');
    const nav = screen.getByRole('navigation', { name: '帮助目录' });
    expect(within(nav).getByRole('link', { name: '网上阅卷' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '网上阅卷', level: 2 })).toBeInTheDocument();
    expect(within(nav).getAllByText('仲裁', { selector: 'mark' }).length).toBeGreaterThan(0);
  });

  it('has an article for every built module, each with text', () => {
    expect(HELP_ARTICLES.map((a) => a.title)).toEqual(
      expect.arrayContaining([
        '单校考试',
        '答题卡上传与识别',
        '网上阅卷',
        '成绩报告',
        '系统管理',
        '消息通知',
      ]),
    );
    for (const a of HELP_ARTICLES) expect(a.body.length).toBeGreaterThan(50);
    expect(searchHelp('没有这个词')).toEqual([]);
    expect(searchHelp('')).toHaveLength(HELP_ARTICLES.length);
    expect(snippetOf(HELP_ARTICLES[1]!, '发布报告')).toContain('发布报告');
  });
});

describe('client error reporter', () => {
  it('sends each error once with its count, without the query string, batched and rate-limited', async () => {
    vi.useFakeTimers();
    try {
      window.history.replaceState(null, '', '/exam/single?token=secret');
      const sent: { errors: { message: string; count: number; page: string }[] }[] = [];
      const http = {
        call: vi.fn(async (_route: unknown, input: { body: (typeof sent)[number] }) => {
          sent.push(input.body);
          return { code: 200, data: { stored: 1 }, msg: '', message: '' };
        }),
      };
      const stop = installErrorReporter(http as never, {
        flushMs: 1000,
        perReport: 20,
        reportsPerMinute: 2,
        perPage: 50,
      });
      const fire = (text: string) =>
        window.dispatchEvent(new ErrorEvent('error', { error: new Error(text), message: text }));
      fire('甲');
      fire('甲');
      fire('乙');
      await vi.advanceTimersByTimeAsync(1000);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.errors.map((e) => [e.message, e.count, e.page])).toEqual([
        ['Error: 甲', 2, '/exam/single'],
        ['Error: 乙', 1, '/exam/single'],
      ]);
      fire('丙');
      await vi.advanceTimersByTimeAsync(1000);
      fire('丁');
      await vi.advanceTimersByTimeAsync(1000);
      // Two reports a minute: 丁 waits for the minute to pass.
      expect(sent).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(sent).toHaveLength(3);
      const removed = vi.spyOn(window, 'removeEventListener');
      stop();
      expect(removed.mock.calls.map(([type]) => type)).toEqual(['error', 'unhandledrejection']);
    } finally {
      vi.useRealTimers();
      window.history.replaceState(null, '', '/');
    }
  });
});
