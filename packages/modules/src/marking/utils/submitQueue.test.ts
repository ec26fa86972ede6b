import { createStorage } from '@examkit/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSubmitQueue, type QueuedSubmit } from './submitQueue';
import { parseScore, quickScores, scoreError } from './scoring';

const item = (taskId: number, key: string): QueuedSubmit => ({
  blockId: 1,
  taskId,
  paperId: taskId,
  leaseToken: 't',
  idempotencyKey: key,
  score: 5,
  queuedAt: 0,
});

afterEach(() => vi.useRealTimers());

describe('createSubmitQueue', () => {
  it('retries a failed submit later with the same key, in order, and sends it once', async () => {
    vi.useFakeTimers();
    const storage = createStorage('memory');
    const sent: string[] = [];
    let online = false;
    const queue = createSubmitQueue({
      storage,
      retryMs: 1000,
      send: async (i) => {
        sent.push(i.idempotencyKey);
        return online ? 'sent' : 'retry';
      },
    });
    queue.add(item(1, 'key-1'));
    queue.add(item(2, 'key-2'));
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getState()).toMatchObject({ offline: true });
    expect(queue.getState().pending).toHaveLength(2);
    expect(storage.get<QueuedSubmit[]>('examkit.marking.submitQueue')).toHaveLength(2);
    expect(sent).toEqual(['key-1']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['key-1', 'key-1']);
    online = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['key-1', 'key-1', 'key-1', 'key-2']);
    expect(queue.getState()).toMatchObject({ pending: [], offline: false, sent: 2 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(4);
    queue.dispose();
  });

  it('picks up what a reloaded tab left in storage, and drops a refused submit', async () => {
    const storage = createStorage('memory');
    storage.set('examkit.marking.submitQueue', [item(1, 'a'), item(2, 'b')]);
    const refused: string[] = [];
    const queue = createSubmitQueue({
      storage,
      send: async (i) => (i.taskId === 1 ? { refused: '试卷领取已过期' } : 'sent'),
      onRefused: (i, m) => refused.push(`${i.idempotencyKey}:${m}`),
    });
    await queue.flush();
    expect(refused).toEqual(['a:试卷领取已过期']);
    expect(queue.getState()).toMatchObject({ pending: [], sent: 1 });
    expect(storage.get('examkit.marking.submitQueue')).toEqual([]);
    queue.dispose();
  });
});

describe('score rules', () => {
  it('parses digits and .5 and refuses over full marks or off the step', () => {
    expect(parseScore('7.5')).toBe(7.5);
    expect(parseScore('.5')).toBe(0.5);
    expect(parseScore('a')).toBeNull();
    expect(scoreError('11', 10, 1)).toBe('分数不能超过满分 10 分');
    expect(scoreError('7.5', 10, 1)).toBe('给分步长为 1 分');
    expect(scoreError('7.5', 10, 0.5)).toBeNull();
    expect(scoreError('', 10, 1)).toBe('请输入分数');
    expect(quickScores(3, 0.5)).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3]);
  });
});
