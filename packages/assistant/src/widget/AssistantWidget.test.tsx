import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChatTransport } from '../core/createChatTransport';
import { envelope, fakeFetch, session, sse, type StreamScript } from '../test/fakeFetch';
import { AssistantChat } from './AssistantChat';
import { AssistantWidget } from './AssistantWidget';

const violations = async () => {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
};

function setup(access = 1, answer?: (body: Record<string, unknown> | undefined) => StreamScript) {
  const server = fakeFetch({
    isUserAiSession: () => envelope(access),
    openNewSession: () => envelope(session(7)),
    getSessionHistory: () =>
      envelope({
        list: [
          { ...session(5).session, title: '期中成绩分析' },
          { ...session(6).session, title: '家长会' },
        ],
      }),
    getSessionDetailsById: () => envelope(session(5)),
    editSession: () => envelope(null),
    deleteSessionById: () => envelope(null),
    getSession: ({ body }) =>
      sse(
        answer?.(body) ?? {
          events: [
            { event: 'meta', data: { messageId: 11, questionId: 10 } },
            { event: 'delta', data: { offset: 0, text: '第一句话。' } },
            { event: 'delta', data: { offset: 5, text: '第二' } },
            { event: 'delta', data: { offset: 7, text: '句话。' } },
            { event: 'done', data: { status: 'done', length: 10 } },
          ],
        },
      ),
  });
  const transport = createChatTransport({ fetch: server.fetch, getToken: () => 'tok' });
  return { ...server, transport };
}

beforeEach(() => {
  localStorage.clear();
  Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true });
  Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
});
afterEach(() => vi.useRealTimers());

describe('AssistantWidget', () => {
  it('greets, hides the bubble after 5 s, and toggles the idle animation every 5 s with a 0.7 s pause', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { transport } = setup();
    const { container } = render(
      <AssistantWidget transport={transport} schoolId={1} pathname="/home" />,
    );
    expect(await screen.findByRole('tooltip')).toHaveTextContent('你好，有什么问题尽管问我吧');
    const floating = container.querySelector('[data-idle]')!;
    await waitFor(() => expect(floating).toHaveAttribute('data-idle', 'on'));
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(floating).toHaveAttribute('data-idle', 'off');
    act(() => vi.advanceTimersByTime(700));
    expect(floating).toHaveAttribute('data-idle', 'on');
  });

  it('keeps still under prefers-reduced-motion', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) =>
      ({ matches: query.includes('reduce') }) as MediaQueryList) as typeof window.matchMedia;
    const { transport } = setup();
    const { container } = render(
      <AssistantWidget transport={transport} schoolId={1} pathname="/home" />,
    );
    await screen.findByRole('button', { name: 'AI助手' });
    expect(container.querySelector('[data-idle]')).toHaveAttribute('data-idle', 'off');
    window.matchMedia = original;
  });

  it.each([
    ['/ai-center/home', 1, null],
    ['/teach-research/datav', 1, null],
    ['/homework/teaching-assistant/correct', 1, null],
    ['/home', 1, 1],
    ['/home', 0, null],
  ])('stays hidden on %s (access %s, brand %s)', async (pathname, access, brand) => {
    const { transport, calls } = setup(access);
    render(
      <AssistantWidget
        transport={transport}
        schoolId={1}
        pathname={pathname}
        brandVariant={brand}
      />,
    );
    await waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByRole('button', { name: 'AI助手' })).toBeNull();
  });

  it('starts clamped to the window minus 300 px, moves by keyboard and remembers where it was put', async () => {
    const { transport } = setup();
    const user = userEvent.setup();
    const { container, unmount } = render(
      <AssistantWidget transport={transport} schoolId={1} pathname="/home" />,
    );
    const button = await screen.findByRole('button', { name: 'AI助手' });
    const floating = container.querySelector<HTMLElement>('[data-idle]')!;
    expect(floating.style.left).toBe('980px');
    expect(floating.style.top).toBe('500px');
    button.focus();
    await user.keyboard('{Alt>}{ArrowLeft}{ArrowUp}{/Alt}');
    expect(floating.style.left).toBe('960px');
    expect(floating.style.top).toBe('480px');
    unmount();
    render(<AssistantWidget transport={transport} schoolId={1} pathname="/home" />);
    await screen.findByRole('button', { name: 'AI助手' });
    expect(document.querySelector<HTMLElement>('[data-idle]')!.style.left).toBe('960px');
  });

  it('opens the drawer, streams the answer as Markdown, announces it by sentence, and closes on Esc back to the button', async () => {
    const { transport, calls } = setup(1, () => ({
      delayMs: 5,
      events: [
        { event: 'meta', data: { messageId: 11, questionId: 10 } },
        { event: 'delta', data: { offset: 0, text: '## 班级小结\n\n第一句话。第二' } },
        { event: 'delta', data: { offset: 16, text: '句话。<b>粗</b>' } },
        { event: 'done', data: { status: 'done', length: 28 } },
      ],
    }));
    const user = userEvent.setup();
    render(
      <AssistantWidget
        transport={transport}
        schoolId={1}
        pathname="/exam/single/report/class/basic/12"
        search="?classId=3"
      />,
    );
    const button = await screen.findByRole('button', { name: 'AI助手' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(calls.find((c) => c.url.endsWith('openNewSession'))!.body).toEqual({
      contextMode: 'CLASS_REPORT',
      context: { examId: 12, classId: 3 },
    });
    const box = await screen.findByLabelText('问题');
    await waitFor(() => expect(box).toHaveFocus());
    await user.type(box, '总结本班{Enter}');
    expect(await screen.findByRole('heading', { name: '班级小结' })).toBeInTheDocument();
    const log = screen.getByRole('log', { name: '对话记录' });
    await waitFor(() => expect(within(log).getByText(/第二句话。/)).toBeInTheDocument());
    // Raw HTML stays text.
    expect(dialog.querySelector('b')).toBeNull();
    expect(within(log).getByText(/<b>粗<\/b>/)).toBeInTheDocument();
    const announcer = dialog.querySelector('[aria-live="polite"]')!;
    await waitFor(() => expect(announcer.textContent).toContain('<b>粗</b>'));
    expect(screen.getByRole('log', { name: '对话记录' })).toHaveAttribute('aria-live', 'off');
    await user.click(within(log).getByRole('button', { name: '复制' }));
    expect(await navigator.clipboard.readText()).toBe(
      '## 班级小结\n\n第一句话。第二句话。<b>粗</b>',
    );
    expect(within(log).getByRole('button', { name: '已复制' })).toBeInTheDocument();
    expect(await violations()).toEqual([]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  }, 20_000);

  it('announces complete sentences, not tokens, while an answer streams', async () => {
    let push: (text: string, offset: number) => void = () => undefined;
    const server = fakeFetch({
      isUserAiSession: () => envelope(1),
      openNewSession: () => envelope(session(7)),
      getSession: () => {
        const encoder = new TextEncoder();
        let controller!: ReadableStreamDefaultController<Uint8Array>;
        const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
        controller.enqueue(
          encoder.encode(`event: meta\ndata: {"messageId":11,"questionId":10}\n\n`),
        );
        push = (text, offset) =>
          controller.enqueue(
            encoder.encode(`event: delta\ndata: ${JSON.stringify({ offset, text })}\n\n`),
          );
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      },
    });
    const user = userEvent.setup();
    render(
      <AssistantWidget
        transport={createChatTransport({ fetch: server.fetch, getToken: () => 't' })}
        schoolId={1}
        pathname="/home"
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'AI助手' }));
    await user.type(await screen.findByLabelText('问题'), '你好{Enter}');
    const announcer = (await screen.findByRole('dialog')).querySelector('[aria-live="polite"]')!;
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '停止生成' })).toBeInTheDocument(),
    );
    act(() => push('第一', 0));
    await waitFor(() =>
      expect(within(screen.getByRole('log')).getByText('第一')).toBeInTheDocument(),
    );
    expect(announcer.textContent).toBe('');
    act(() => push('句。第', 2));
    await waitFor(() => expect(announcer.textContent).toBe('第一句。'));
  });

  it('lists, renames and deletes sessions from the history entry', async () => {
    const { transport, calls } = setup();
    const user = userEvent.setup();
    render(<AssistantWidget transport={transport} schoolId={1} pathname="/home" />);
    await user.click(await screen.findByRole('button', { name: '历史记录' }));
    expect(await screen.findByRole('button', { name: /^期中成绩分析/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '重命名：期中成绩分析' }));
    const title = screen.getByLabelText('对话标题');
    await user.clear(title);
    await user.type(title, '期中复盘{Enter}');
    expect(await screen.findByRole('button', { name: /^期中复盘/ })).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('editSession'))!.body).toEqual({
      sessionId: 5,
      title: '期中复盘',
    });
    await user.click(screen.getByRole('button', { name: '删除：家长会' }));
    await user.click(screen.getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^家长会/ })).toBeNull());
    expect(await violations()).toEqual([]);
  });

  it('keeps Tab inside the drawer', async () => {
    const { transport } = setup();
    const user = userEvent.setup();
    render(<AssistantWidget transport={transport} schoolId={1} pathname="/home" />);
    await user.click(await screen.findByRole('button', { name: 'AI助手' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(screen.getByLabelText('问题')).toHaveFocus());
    for (let i = 0; i < 12; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});

describe('AssistantChat (the AI centre)', () => {
  it('says how to configure AI when no model is set', async () => {
    const { fetch } = fakeFetch({
      getAiStatus: () =>
        envelope({
          configured: false,
          schoolEnabled: true,
          permitted: true,
          model: null,
          dailyTokenQuota: 1,
          usedTokensToday: 0,
        }),
    });
    render(<AssistantChat transport={createChatTransport({ fetch, getToken: () => 't' })} />);
    expect(await screen.findByRole('status')).toHaveTextContent('AI_BASE_URL');
    expect(screen.queryByLabelText('问题')).toBeNull();
  });

  it('offers the fixed session types and starts one', async () => {
    const { fetch, calls } = fakeFetch({
      getAiStatus: () =>
        envelope({
          configured: true,
          schoolEnabled: true,
          permitted: true,
          model: 'm',
          dailyTokenQuota: 1,
          usedTokensToday: 0,
        }),
      getSessionHistory: () => envelope({ list: [] }),
      getAiFixedSessionTypes: () =>
        envelope([
          {
            sessionType: 'PAPER_REVIEW',
            name: '试卷讲评',
            description: '讲评',
            suggestions: ['这次考试哪些题得分率最低？'],
          },
        ]),
      openAiCenterSession: () =>
        envelope(session(9, { suggestions: ['这次考试哪些题得分率最低？'] })),
    });
    const user = userEvent.setup();
    render(<AssistantChat transport={createChatTransport({ fetch, getToken: () => 't' })} />);
    await user.click(await screen.findByRole('button', { name: /试卷讲评/ }));
    expect(
      await screen.findByRole('button', { name: '这次考试哪些题得分率最低？' }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.url.endsWith('openAiCenterSession'))!.body).toEqual({
      sessionType: 'PAPER_REVIEW',
    });
    // The new conversation shows in the list at once.
    expect(screen.getByRole('button', { name: /^新对话/ })).toBeInTheDocument();
    expect(await violations()).toEqual([]);
  });
});
