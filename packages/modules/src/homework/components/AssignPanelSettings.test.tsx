import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { administrationRoutes } from '@examkit/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderApp, teacherUser } from '../../test/fixtures';
import { homeworkPages } from '../index';
import { homeworkApi } from '../test/fixtures';

const SETTINGS = `POST ${administrationRoutes.homeworkSettingsGet.url}`;
const setting = (over: Record<string, unknown> = {}) => ({
  academicYear: 2026,
  rows: [
    {
      gradeId: 4,
      subjectId: 2,
      gradeName: '四年级',
      subjectName: '数学',
      enabled: true,
      deadlineTime: '20:30',
      allowLate: true,
      correctionMode: 'teacher',
      saved: true,
      ...over,
    },
  ],
});

afterEach(() => vi.restoreAllMocks());

describe('布置 with 作业设置 (/system/homework)', () => {
  it('starts the due time at the grade × subject’s deadline time until the teacher changes it', async () => {
    const user = userEvent.setup();
    await renderApp({
      path: '/homework/school-base/split-confirm?id=5',
      api: homeworkApi({ [SETTINGS]: ok(setting()) }),
      user: teacherUser(),
      pages: homeworkPages,
    });
    expect(await screen.findByText('默认 20:30（作业设置）')).toBeInTheDocument();
    const due = screen.getByLabelText(/截止时间/);
    expect((due as HTMLInputElement).value).toMatch(/T20:30$/);
    await user.clear(due);
    await user.type(due, '2026-12-01T18:00');
    expect(due).toHaveValue('2026-12-01T18:00');
  });

  it('says the grade × subject is not enabled instead of offering 布置', async () => {
    await renderApp({
      path: '/homework/school-base/split-confirm?id=5',
      api: homeworkApi({ [SETTINGS]: ok(setting({ enabled: false })) }),
      user: teacherUser(),
      pages: homeworkPages,
    });
    expect(
      await screen.findByText('四年级数学未在“作业设置”中启用作业，暂不能布置。'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/截止时间/)).toBeNull();
  });
});
