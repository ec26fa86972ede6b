import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fixtures';
import { MK, bodiesOf, markingApi, openMarking } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const MONITOR = 'POST /marking-main/joint/pool/monitor';

const marker = (userId: number, name: string, marked: number) => ({
  userId,
  name,
  marked,
  leased: 0,
  lastHour: marked,
  speedPerHour: marked,
  quota: null,
  remaining: null,
  estimatedFinishAt: null,
});
const stats = (count: number, mean: number) => ({
  count,
  mean,
  stdDev: 0,
  zeroShare: 0,
  fullShare: 0,
  distribution: {},
});

/** A school manager's view of a 统一阅卷 pool block: its own marker by name, the other school's not. */
function poolApi() {
  const api = markingApi();
  api.on(
    `${MONITOR}/progress`,
    ok({
      blockId: 9,
      name: '第5题',
      state: 'open',
      papers: { total: 40, done: 12, marking: 26, arbitration: 2, problem: 0 },
      remainingMarks: 56,
      doneMarks: 24,
      speedPerHour: 20,
      estimatedFinishAt: null,
      markers: [marker(7, '王阅卷', 14), marker(8, '外校阅卷老师', 10)],
    }),
  );
  api.on(
    `${MONITOR}/quality`,
    ok({
      block: stats(24, 7.5),
      markers: [
        {
          ...marker(7, '王阅卷', 14),
          ...stats(14, 8),
          pairs: 10,
          disagreementRate: 0.2,
          rechecks: 0,
          recheckSameShare: null,
          recheckMeanDiff: null,
          seeds: 0,
          seedExactShare: null,
          seedMeanError: null,
        },
      ],
    }),
  );
  api.on(
    `${MONITOR}/check`,
    ok({
      list: [
        {
          paperId: 81,
          blockId: 9,
          blockName: '第5题',
          studentId: 0,
          studentName: null,
          studentNo: null,
          state: 'done',
          finalScore: 9.5,
          finalSource: 'double',
          problem: null,
          sample: null,
          marks: [
            {
              kind: 'mark',
              slot: 1,
              userId: 7,
              userName: '王阅卷',
              score: 9.5,
              at: 0,
              reason: null,
            },
            {
              kind: 'mark',
              slot: 2,
              userId: 8,
              userName: '外校阅卷老师',
              score: 9,
              at: 0,
              reason: null,
            },
          ],
        },
      ],
    }),
  );
  return api;
}

describe('统一阅卷 monitoring pages (?pool=1)', () => {
  it('阅卷进度, 阅卷质量 and 阅卷抽查 of a pool block through the pool’s calls, by the tabs', async () => {
    const api = poolApi();
    await openMarking(api, '/exam/marking/data/progress/9?pool=1');
    expect(
      await screen.findByRole('heading', { name: '阅卷进度（统一阅卷）' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const perMarker = await screen.findByRole('table', { name: '阅卷老师进度' });
    expect(within(perMarker).getByText('王阅卷')).toBeInTheDocument();
    expect(within(perMarker).getByText('外校阅卷老师')).toBeInTheDocument();
    expect(screen.getByTestId('papers-done')).toHaveTextContent('12');
    const tabs = () => screen.getByRole('navigation', { name: '阅卷数据' });
    // No 问题卷 tab: the pool's problem papers are its 组长's, from 网上阅卷.
    expect(within(tabs()).queryByRole('link', { name: '问题卷' })).toBeNull();

    const u = userEvent.setup();
    await u.click(within(tabs()).getByRole('link', { name: '阅卷质量' }));
    const quality = await screen.findByRole('table', { name: '阅卷质量' });
    expect(within(quality).getByRole('rowheader', { name: '王阅卷' })).toBeInTheDocument();
    expect(within(quality).getByText('20%（10 对）')).toBeInTheDocument();

    await u.click(within(tabs()).getByRole('link', { name: '阅卷抽查' }));
    // No student search in the pool: a random sample only.
    expect(await screen.findByText(/不显示考生/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByLabelText('考号')).toBeNull();
    await u.click(screen.getByRole('button', { name: '随机抽查 5 份' }));
    const paper = await screen.findByRole('article', { name: '试卷 81' });
    expect(paper).toHaveTextContent('外校阅卷老师');
    expect(paper).toHaveTextContent('王阅卷');
    expect(bodiesOf(api, `${MONITOR}/check`)).toEqual([{ blockId: 9, count: 5 }]);
    // The school's own marking calls are never asked for a pool block.
    for (const own of [MK.progress, MK.quality, MK.getBlock])
      expect(bodiesOf(api, own)).toEqual([]);
  }, 30_000);
});
