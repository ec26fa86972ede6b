import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiConfigFromEnv,
  createChatProvider,
  ProviderError,
  REJECTED_MESSAGE,
  TIMEOUT_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from './provider';
import { startFakeOpenAi, type FakeOpenAi } from './testing';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());

const provider = (extra: { timeoutMs?: number; maxRetries?: number; stream?: boolean } = {}) =>
  createChatProvider({
    baseUrl: fake.baseUrl,
    apiKey: 'sk-test-secret',
    model: 'test-model',
    retryBaseMs: 10,
    ...extra,
  });

describe('the OpenAI-compatible provider', () => {
  it('streams chunks as they arrive, with the key only in the Authorization header', async () => {
    fake.queue({
      kind: 'stream',
      chunks: ['# 标题', '\n\n第一', '句。'],
      usage: { prompt_tokens: 12, completion_tokens: 7 },
    });
    const deltas: string[] = [];
    const before = fake.requests.length;
    const result = await provider().chat({
      messages: [{ role: 'user', content: '你好' }],
      onDelta: (t) => deltas.push(t),
    });
    expect(deltas).toEqual(['# 标题', '\n\n第一', '句。']);
    expect(result.content).toBe('# 标题\n\n第一句。');
    expect(result.promptTokens + result.completionTokens).toBe(19);
    const sent = fake.requests[before]!;
    expect(sent.headers.authorization).toBe('Bearer sk-test-secret');
    expect(sent.body).toMatchObject({ model: 'test-model', stream: true });
    expect(JSON.stringify(sent.body)).not.toContain('sk-test-secret');
  });

  it('assembles tool calls sent in pieces', async () => {
    fake.queue({
      kind: 'stream',
      chunks: [],
      toolCalls: [
        { name: 'class_report_summary', arguments: '{"examId":3,"classId":4}' },
        { name: 'list_my_exams', arguments: '{}' },
      ],
    });
    const result = await provider().chat({
      messages: [{ role: 'user', content: '本班情况' }],
      tools: [{ name: 'list_my_exams', description: 'x', parameters: { type: 'object' } }],
    });
    expect(result.toolCalls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual([
      ['class_report_summary', { examId: 3, classId: 4 }],
      ['list_my_exams', {}],
    ]);
    expect(fake.requests.at(-1)!.body.tools?.[0]?.function.name).toBe('list_my_exams');
  });

  it('answers without streaming when told so', async () => {
    fake.queue({ kind: 'json', content: '一次性回答' });
    const deltas: string[] = [];
    const result = await provider({ stream: false }).chat({
      messages: [{ role: 'user', content: '你好' }],
      onDelta: (t) => deltas.push(t),
    });
    expect(result.content).toBe('一次性回答');
    expect(deltas).toEqual(['一次性回答']);
    expect(fake.requests.at(-1)!.body.stream).toBe(false);
  });

  it('waits out a slow stream whose chunks come within the timeout', async () => {
    fake.queue({ kind: 'stream', chunks: ['慢', '慢', '来'], delayMs: 150 });
    const result = await provider({ timeoutMs: 1_000 }).chat({
      messages: [{ role: 'user', content: '?' }],
    });
    expect(result.content).toBe('慢慢来');
  });

  it('gives up with a Chinese timeout message when the model does not answer', async () => {
    fake.queue({ kind: 'hang' }, { kind: 'hang' });
    const started = Date.now();
    const failure = await provider({ timeoutMs: 200, maxRetries: 1 })
      .chat({ messages: [{ role: 'user', content: '?' }] })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).message).toBe(TIMEOUT_MESSAGE);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it('retries a provider error with backoff and succeeds', async () => {
    fake.queue(
      { kind: 'status', status: 503 },
      { kind: 'status', status: 429 },
      { kind: 'stream', chunks: ['恢复了'] },
    );
    const before = fake.requests.length;
    const result = await provider({ maxRetries: 2 }).chat({
      messages: [{ role: 'user', content: '?' }],
    });
    expect(result.content).toBe('恢复了');
    expect(fake.requests.length - before).toBe(3);
  });

  it('reports a provider that keeps failing, and does not retry a refused request', async () => {
    fake.queue({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    await expect(
      provider({ maxRetries: 1 }).chat({ messages: [{ role: 'user', content: '?' }] }),
    ).rejects.toThrow(UNAVAILABLE_MESSAGE);
    fake.queue({ kind: 'status', status: 401 });
    const before = fake.requests.length;
    await expect(provider().chat({ messages: [{ role: 'user', content: '?' }] })).rejects.toThrow(
      REJECTED_MESSAGE,
    );
    expect(fake.requests.length - before).toBe(1);
  });

  it('does not retry a stream cut after text was sent (the text would repeat)', async () => {
    fake.queue({ kind: 'stream', chunks: ['前半', '后半'], cutAfter: 1 });
    const deltas: string[] = [];
    const before = fake.requests.length;
    await expect(
      provider().chat({
        messages: [{ role: 'user', content: '?' }],
        onDelta: (t) => deltas.push(t),
      }),
    ).rejects.toThrow(UNAVAILABLE_MESSAGE);
    expect(deltas).toEqual(['前半']);
    expect(fake.requests.length - before).toBe(1);
  });

  it('reads its settings from the environment, and is off without a base URL or model', () => {
    expect(aiConfigFromEnv({})).toBeUndefined();
    expect(aiConfigFromEnv({ AI_BASE_URL: 'http://127.0.0.1:11434/v1' })).toBeUndefined();
    expect(
      aiConfigFromEnv({
        AI_BASE_URL: 'http://127.0.0.1:11434/v1',
        AI_MODEL: 'qwen2.5',
        AI_TIMEOUT_MS: '30000',
      }),
    ).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: '',
      model: 'qwen2.5',
      timeoutMs: 30000,
    });
    expect(() =>
      aiConfigFromEnv({ AI_BASE_URL: 'x', AI_MODEL: 'y', AI_MAX_RETRIES: 'many' }),
    ).toThrow();
  });
});
