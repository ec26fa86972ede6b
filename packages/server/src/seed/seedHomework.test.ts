import {
  homeworkRoutes,
  type HomeworkDetail,
  type HomeworkSummary,
  type Page,
} from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';
import { DEMO_HOMEWORK, seedHomework } from './seedHomework';
import { createMemoryFileStore } from '../core/files';

describe.each(DIALECTS)('demo homework on %s', (dialect) => {
  const files = createMemoryFileStore();
  const server = sharedTestServer(dialect, { files });
  beforeAll(async () => {
    await seedHomework(server.db, files, { clock: server.clock });
    await seedHomework(server.db, files, { clock: server.clock });
  });

  it('gives the 任课教师 one homework of each state, once, with its paper', async () => {
    const { token } = await signIn(server.app, 'teacher');
    const page = await call<Page<HomeworkSummary>>(server.app, homeworkRoutes.homeworkPage, {
      token,
      body: { pageNum: 1, pageSize: 20 },
    });
    expect(page.body.data.list.map((h) => [h.name, h.state, h.targets])).toEqual([
      [DEMO_HOMEWORK.assigned, 'assigned', ['高一(1)班']],
      [DEMO_HOMEWORK.ready, 'ready', []],
      [DEMO_HOMEWORK.draft, 'draft', []],
    ]);
    const assigned = page.body.data.list[0]!;
    const detail = await call<HomeworkDetail>(server.app, homeworkRoutes.homeworkDetail, {
      token,
      body: { id: assigned.id },
    });
    expect(detail.body.data.fullMarks).toBe(40);
    expect(detail.body.data.assignments[0]!.dueAt).toBeGreaterThan(server.clock.now().getTime());
    const paper = await server.app.inject({
      method: 'GET',
      url: `/marking-homework/homework/school-base/paper?id=${assigned.id}`,
      headers: { token },
    });
    expect(paper.statusCode).toBe(200);
    expect(paper.headers['content-type']).toBe('application/pdf');
    expect(paper.body.startsWith('%PDF-')).toBe(true);
  });
});
