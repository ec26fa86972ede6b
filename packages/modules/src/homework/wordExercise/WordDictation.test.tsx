import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WordExerciseDetail } from '@examkit/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderApp } from '../../test/fixtures';
import { homeworkPages } from '../index';
import { homeworkApi } from '../test/fixtures';
import { accuracy, exercise, K, students, user, W } from './test/words';

// 听写播放 of a 字词练习 (the browser reads the words aloud).
afterEach(() => vi.restoreAllMocks());

/** A speechSynthesis that keeps the utterances it is given; the test ends each reading. */
function fakeSpeech() {
  class Utterance {
    lang = '';
    rate = 1;
    voice: unknown = null;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(readonly text: string) {}
  }
  const spoken: Utterance[] = [];
  const synth = {
    speak: vi.fn((u: Utterance) => void spoken.push(u)),
    cancel: vi.fn(),
    getVoices: () => [],
  };
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  /** Ends the latest reading and lets the interval pass. */
  const finish = (seconds: number) =>
    act(() => {
      spoken.at(-1)!.onend?.();
      vi.advanceTimersByTime(seconds * 1000);
    });
  return { spoken, synth, finish };
}

describe('听写播放', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const openCard = async (detail: WordExerciseDetail) => {
    const api = homeworkApi({
      [K(W.wordExerciseList)]: ok([detail]),
      [K(W.wordExerciseDetail)]: ok(detail),
      [K(W.wordExerciseMarks)]: ok(students),
      [K(W.wordExerciseAccuracy)]: ok(accuracy),
    });
    await renderApp({
      path: `/homework/word-exercise/accuracy?id=${detail.id}`,
      api,
      user: user(),
      pages: homeworkPages,
    });
    const u = userEvent.setup({
      advanceTimers: (ms) => {
        if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
      },
    });
    await u.click(await screen.findByRole('link', { name: '听写卡' }, { timeout: 10_000 }));
    await screen.findByRole('heading', { name: '听写播放' }, { timeout: 10_000 });
    return u;
  };

  it('reads each 语文 word twice in zh-CN with the chosen interval, showing only its number; 暂停 and 继续 read the word again', async () => {
    const { spoken, synth, finish } = fakeSpeech();
    const u = await openCard(exercise());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    expect(screen.getByText('共 3 个字词')).toBeInTheDocument();
    await u.selectOptions(screen.getByRole('combobox', { name: '间隔' }), '2 秒');
    expect(screen.getByRole('combobox', { name: '每个读' })).toHaveValue('2');
    expect(screen.getByRole('button', { name: '停止' })).toBeDisabled();
    await u.click(screen.getByRole('button', { name: '开始播放' }));
    expect(spoken.map((x) => [x.text, x.lang])).toEqual([['蜻蜓', 'zh-CN']]);
    const status = screen.getByText('正在读第 1 个（共 3 个）');
    expect(status).not.toHaveTextContent('蜻蜓');
    // Nothing more is read before the interval has passed.
    act(() => {
      spoken[0]!.onend?.();
      vi.advanceTimersByTime(1900);
    });
    expect(spoken).toHaveLength(1);
    act(() => vi.advanceTimersByTime(100));
    expect(spoken.map((x) => x.text)).toEqual(['蜻蜓', '蜻蜓']);
    finish(2);
    expect(spoken.map((x) => x.text)).toEqual(['蜻蜓', '蜻蜓', '蝴蝶']);
    expect(screen.getByText('正在读第 2 个（共 3 个）')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: '暂停' }));
    expect(synth.cancel).toHaveBeenCalled();
    expect(screen.getByText('已暂停：第 2 个（共 3 个）')).toBeInTheDocument();
    // The reading cut by the pause ends late: nothing goes on.
    finish(10);
    expect(spoken).toHaveLength(3);
    await u.click(screen.getByRole('button', { name: '继续' }));
    for (let i = 0; i < 4; i++) finish(2);
    expect(spoken.map((x) => x.text)).toEqual([
      '蜻蜓',
      '蜻蜓',
      '蝴蝶',
      '蝴蝶',
      '蝴蝶',
      '展开',
      '展开',
    ]);
    finish(2);
    expect(screen.getByText('已读完，共 3 个字词')).toBeInTheDocument();
    expect(spoken).toHaveLength(7);
    await u.click(screen.getByRole('button', { name: '停止' }));
    expect(screen.getByText('共 3 个字词')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '开始播放' })).toBeEnabled();
  }, 30_000);

  it('reads 英语 words in en-US, once each when chosen; 停止 ends the dictation', async () => {
    const { spoken, finish } = fakeSpeech();
    const english = exercise({
      subjectName: '英语',
      words: [
        { position: 1, word: 'apple', reading: '/ˈæpl/', meaning: '苹果' },
        { position: 2, word: 'banana', reading: '', meaning: '' },
      ],
    });
    const u = await openCard(english);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await u.selectOptions(screen.getByRole('combobox', { name: '每个读' }), '1 遍');
    await u.click(screen.getByRole('button', { name: '开始播放' }));
    finish(5);
    expect(spoken.map((x) => [x.text, x.lang])).toEqual([
      ['apple', 'en-US'],
      ['banana', 'en-US'],
    ]);
    await u.click(screen.getByRole('button', { name: '停止' }));
    finish(5);
    expect(spoken).toHaveLength(2);
    expect(screen.getByText('共 2 个字词')).toBeInTheDocument();
  }, 30_000);

  it('says so where the browser cannot read aloud', async () => {
    vi.stubGlobal('speechSynthesis', undefined);
    await openCard(exercise());
    expect(screen.getByText('当前浏览器不支持语音朗读')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '开始播放' })).toBeNull();
  }, 30_000);
});
