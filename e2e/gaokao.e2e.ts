import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { axeViolations, openExamMenu } from './support/app';
import { browserSuite } from './support/suite';

const app = browserSuite();

const EXAM = '2026学年高二十一月月考';

describe('新高考 simulation in the browser', () => {
  it('a director creates a 3+1+2 analysis of the demo 高二 exam and reads its converted totals', async () => {
    const page = await app.signedIn('director');
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await openExamMenu(page, '新高考模拟');
    await page.getByRole('heading', { name: '新高考模拟', level: 1 }).waitFor();
    // the demo's own analysis is listed
    await page
      .getByRole('table', { name: '新高考分析' })
      .getByText('高二十一月月考新高考分析')
      .waitFor();

    await page.getByRole('link', { name: '新建分析' }).click();
    await page.getByRole('heading', { name: '选择赋分方式' }).waitFor();
    await page.getByRole('radio', { name: '3+1+2 通用方案' }).check();
    await page.getByRole('table', { name: '等级与赋分区间' }).getByText('100–86').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '下一步' }).click();

    await page.getByRole('heading', { name: '选择考试' }).waitFor();
    await page.getByRole('button', { name: `选择 ${EXAM}` }).click();
    await page.getByRole('heading', { name: '设置等级' }).waitFor();
    const subjects = page.getByRole('group', { name: '赋分科目' });
    for (const s of ['化学', '生物', '政治', '地理'])
      expect(await subjects.getByRole('checkbox', { name: s }).isChecked()).toBe(true);
    await page.getByRole('button', { name: '创建分析' }).click();

    await page.getByRole('heading', { name: `${EXAM}新高考分析`, level: 1 }).waitFor();
    const totals = page.getByRole('table', { name: '总分概况' });
    await totals.waitFor();
    const summary = await totals
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.querySelector('td')?.textContent));
    expect(summary).toEqual(['全体', '物理类', '历史类']);
    await screenshot(page, 'gaokao-summary');

    await page
      .getByRole('navigation', { name: '总体报告' })
      .getByRole('link', { name: '成绩单' })
      .click();
    const transcript = page.getByRole('table', { name: '新高考成绩单' });
    await transcript.waitFor();
    const headers = await transcript.locator('thead th').allInnerTexts();
    const first = await transcript.locator('tbody tr').first().locator('td').allInnerTexts();
    const at = (h: string) => first[headers.indexOf(h)]!;
    // total = 语数外 raw + the first choice raw + the two chosen subjects' converted scores
    const firstChoice = at('物理') !== '—' ? at('物理') : at('历史');
    const converted = ['化学赋分', '生物赋分', '政治赋分', '地理赋分']
      .map(at)
      .filter((v) => v !== '—')
      .map(Number);
    expect(converted).toHaveLength(2);
    for (const c of converted) expect(c).toBeGreaterThanOrEqual(30);
    const expected =
      Number(at('语文')) +
      Number(at('数学')) +
      Number(at('英语')) +
      Number(firstChoice) +
      converted[0]! +
      converted[1]!;
    expect(Number(at('总分'))).toBeCloseTo(expected, 5);
    expect(at('类内排名')).toBe('1');
    await screenshot(page, 'gaokao-transcript');
    expect(problems).toEqual([]);
  });
});
