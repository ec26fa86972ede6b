// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { envelope, fakeFetch, session, sse } from '../test/fakeFetch';
import { createAssistantStore } from './createAssistantStore';
import { createChatTransport } from './createChatTransport';
import { parseMarkdown } from './markdown';
import { sentenceBoundary } from './sentences';
import { contextModeOf, reportContextOf, shouldShowAssistant } from './visibility';

const deltas = (texts: string[]) => {
  let offset = 0;
  return texts.map((text) => {
    const event = { event: 'delta', data: { offset, text } };
    offset += text.length;
    return event;
  });
};

describe('the chat client (spec 000 §7, §8)', () => {
  it('sends the shared headers, stops a duplicate request and shows 请求出错 for code 500', async () => {
    let release: () => void = () => undefined;
    const { fetch, calls } = fakeFetch({
      getSessionHistory: () =>
        new Promise((resolve) => (release = () => resolve(envelope({ list: [] })))),
      deleteSessionById: () => envelope(null, 500, 'boom'),
    });
    const onError = vi.fn();
    const transport = createChatTransport({
      fetch,
      getToken: () => 'tok',
      getSchoolId: () => 3,
      onError,
    });
    const first = transport.history('widget');
    await expect(transport.history('widget')).rejects.toThrow('重复请求，自动拦截并取消');
    release();
    await expect(first).resolves.toEqual([]);
    expect(calls[0]!.headers).toMatchObject({ token: 'tok', schoolId: '3', plantform: '1' });
    await expect(transport.remove(1)).rejects.toThrow('请求出错，请稍后再试！');
    expect(onError.mock.calls.map((c) => c[0])).toEqual([
      '重复请求，自动拦截并取消',
      '请求出错，请稍后再试！',
    ]);
  });

  it('lets two widgets asking for AI access at once share one answer (React StrictMode mounts twice)', async () => {
    let release: () => void = () => undefined;
    const { fetch, calls } = fakeFetch({
      isUserAiSession: () => new Promise((resolve) => (release = () => resolve(envelope(1)))),
    });
    const onError = vi.fn();
    const transport = createChatTransport({ fetch, getToken: () => 'tok', onError });
    const first = transport.aiAccess(3);
    const second = transport.aiAccess(3);
    release();
    await expect(Promise.all([first, second])).resolves.toEqual([1, 1]);
    expect(calls).toHaveLength(1);
    expect(onError).not.toHaveBeenCalled();
    const { fetch: again } = fakeFetch({ isUserAiSession: () => envelope(0) });
    await expect(
      createChatTransport({ fetch: again, getToken: () => 'tok' }).aiAccess(3),
    ).resolves.toBe(0);
  });

  it('leaves an expired session to the app: no message of its own for 431 (spec 000 §8)', async () => {
    const { fetch } = fakeFetch({
      getSessionHistory: () => envelope(null, 431, '账号过期，请重新登录'),
    });
    const onError = vi.fn();
    const onSessionExpired = vi.fn();
    const transport = createChatTransport({
      fetch,
      getToken: () => 'tok',
      onError,
      onSessionExpired,
    });
    await expect(transport.history('widget')).rejects.toThrow('账号过期，请重新登录');
    expect(onSessionExpired).toHaveBeenCalledOnce();
    expect(onError).not.toHaveBeenCalled();
  });

  it('passes the server’s own message for other failures', async () => {
    const { fetch } = fakeFetch({ editSession: () => envelope(null, 404, '会话不存在或已删除') });
    const transport = createChatTransport({ fetch, getToken: () => 'tok' });
    await expect(transport.rename(1, 'x')).rejects.toThrow('会话不存在或已删除');
  });
});

describe('the headless store', () => {
  it('streams an answer into the conversation', async () => {
    const { fetch, calls } = fakeFetch({
      openNewSession: () => envelope(session(7)),
      getSession: () =>
        sse({
          events: [
            { event: 'meta', data: { messageId: 11, questionId: 10 } },
            ...deltas(['## 小结', '\n\n第一句。']),
            { event: 'done', data: { status: 'done', length: 11 } },
          ],
        }),
    });
    const store = createAssistantStore({
      transport: createChatTransport({ fetch, getToken: () => 't' }),
      getContext: () => ({ mode: 'CLASS_REPORT', context: { examId: 3, classId: 4 } }),
    });
    await store.getState().ask('本班表现如何？');
    expect(store.getState().messages).toEqual([
      { messageId: 10, role: 'user', content: '本班表现如何？', status: 'done', error: null },
      {
        messageId: 11,
        role: 'assistant',
        content: '## 小结\n\n第一句。',
        status: 'done',
        error: null,
      },
    ]);
    expect(calls.find((c) => c.url.endsWith('openNewSession'))!.body).toEqual({
      contextMode: 'CLASS_REPORT',
      context: { examId: 3, classId: 4 },
    });
    expect(calls.find((c) => c.url.endsWith('getSession'))!.body).toMatchObject({
      sessionId: 7,
      question: '本班表现如何？',
      context: { examId: 3, classId: 4 },
    });
  });

  it('resumes a dropped stream from what it received, without repeating text', async () => {
    const parts = deltas(['第一句。', '第二句。', '第三句。']);
    const { fetch, calls } = fakeFetch({
      openNewSession: () => envelope(session(7)),
      getSession: (call) =>
        call.body?.resumeMessageId
          ? sse({
              events: [
                { event: 'meta', data: { messageId: 11, questionId: null } },
                // The server sends everything from the offset asked for.
                { event: 'delta', data: { offset: 4, text: '第二句。第三句。' } },
                { event: 'done', data: { status: 'done', length: 12 } },
              ],
            })
          : sse({
              events: [{ event: 'meta', data: { messageId: 11, questionId: 10 } }, ...parts],
              cutAfter: 2,
            }),
    });
    const store = createAssistantStore({
      transport: createChatTransport({ fetch, getToken: () => 't' }),
      resumeDelayMs: 1,
    });
    await store.getState().ask('写三句');
    expect(store.getState().messages.at(-1)).toMatchObject({
      content: '第一句。第二句。第三句。',
      status: 'done',
    });
    expect(calls.filter((c) => c.url.endsWith('getSession')).map((c) => c.body)).toEqual([
      { sessionId: 7, question: '写三句' },
      { sessionId: 7, resumeMessageId: 11, offset: 4 },
    ]);
  });

  it('stops, retries and edits through the server', async () => {
    const { fetch, calls } = fakeFetch({
      stopAnswer: () => envelope(null),
      getSession: (call) =>
        sse({
          events: [
            {
              event: 'meta',
              data: {
                messageId: call.body?.retryMessageId ? 21 : 31,
                questionId: call.body?.editMessageId ? 30 : null,
              },
            },
            ...deltas([call.body?.retryMessageId ? '重试的回答' : '编辑后的回答']),
            { event: 'done', data: { status: 'done', length: 5 } },
          ],
        }),
    });
    const store = createAssistantStore({
      transport: createChatTransport({ fetch, getToken: () => 't' }),
    });
    store.setState({
      session: session(7).session,
      messages: [
        { messageId: 1, role: 'user', content: '原问题', status: 'done', error: null },
        { messageId: 2, role: 'assistant', content: '失败', status: 'error', error: 'x' },
      ],
    });
    await store.getState().retry(2);
    expect(store.getState().messages.map((m) => m.content)).toEqual(['原问题', '重试的回答']);
    await store.getState().edit(1, '新问题');
    expect(store.getState().messages.map((m) => [m.messageId, m.content])).toEqual([
      [30, '新问题'],
      [31, '编辑后的回答'],
    ]);
    store.setState({ streamingId: 31 });
    await store.getState().stop();
    expect(calls.at(-1)!.body).toEqual({ messageId: 31 });
  });
});

describe('spec rules', () => {
  it.each([
    ['/home', 1, null, true],
    ['/ai-center/home', 1, null, false],
    ['/teach-research/datav', 1, null, false],
    ['/homework/teaching-assistant/correct', 1, null, false],
    ['/exam/single/report/class/basic/3', 1, 1, false],
    ['/exam/single/report/class/basic/3', 1, 2, true],
    ['/home', 0, null, false],
  ])('%s with access %s and brand %s shows: %s', (pathname, aiAccess, brandVariant, shown) => {
    expect(shouldShowAssistant({ pathname, aiAccess, brandVariant })).toBe(shown);
  });

  it('takes the context mode and the report in view from the route', () => {
    expect(contextModeOf('/exam/single/report/class/basic/12')).toBe('CLASS_REPORT');
    expect(contextModeOf('/exam/single/report/grade/basic/12')).toBe('GRADE_REPORT');
    expect(contextModeOf('/home')).toBe('COMMON');
    expect(reportContextOf('/exam/single/report/class/basic/12', '?classId=3&subjectId=5')).toEqual(
      {
        examId: 12,
        classId: 3,
        subjectId: 5,
      },
    );
    expect(reportContextOf('/home', '?classId=3')).toEqual({});
  });

  it('reads Markdown as data and keeps raw HTML as text', () => {
    const blocks = parseMarkdown(
      '# 标题\n\n<img src=x onerror=alert(1)>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n1. 一\n2. 二\n\n$$x^2$$',
    );
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'table', 'list', 'math']);
    expect(blocks[1]).toEqual({
      type: 'paragraph',
      children: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }],
    });
  });

  it('finds where the last complete sentence ends', () => {
    expect(sentenceBoundary('第一句。第二', 0)).toBe(4);
    expect(sentenceBoundary('第一句。第二句！', 4)).toBe(8);
    expect(sentenceBoundary('还没完', 0)).toBe(0);
  });
});
