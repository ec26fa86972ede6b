import {
  homeworkRoutes,
  homeworkWorkbookRoutes,
  type HomeworkDetail,
  type WorkbookBatch,
  type WorkbookBatchDetail,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { DEMO_WORKBOOK, seedWorkbook } from './seedWorkbook';

describe.each(DIALECTS)('demo workbook on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await seedWorkbook(server.db, { clock: server.clock });
    await seedWorkbook(server.db, { clock: server.clock });
  });
  afterAll(() => server.close());

  it('gives the 班主任 one workbook of 高一数学 for their class, its first chapter assigned, once', async () => {
    const { token } = await signIn(server.app, 'head');
    const batches = await call<WorkbookBatch[]>(
      server.app,
      homeworkWorkbookRoutes.workbookBatches,
      {
        token,
        body: {},
      },
    );
    expect(batches.body.data.map((b) => [b.name, b.publisher, b.gradeName, b.subjectName])).toEqual(
      [[DEMO_WORKBOOK.name, DEMO_WORKBOOK.publisher, '高一', '数学']],
    );
    expect(batches.body.data[0]!.classes.map((c) => c.name)).toEqual(['高一(1)班']);
    const detail = await call<WorkbookBatchDetail>(
      server.app,
      homeworkWorkbookRoutes.workbookBatchDetail,
      { token, body: { id: batches.body.data[0]!.id } },
    );
    expect(detail.body.data.chapters.map((c) => [c.title, c.state, c.fullMarks])).toEqual([
      [DEMO_WORKBOOK.chapters[0], 'assigned', 25],
      [DEMO_WORKBOOK.chapters[1], 'ready', 20],
    ]);
    expect(detail.body.data.chapters[0]!.expected).toBeGreaterThan(0);
    const homework = await call<HomeworkDetail>(server.app, homeworkRoutes.homeworkDetail, {
      token,
      body: { id: detail.body.data.chapters[0]!.homeworkId },
    });
    expect(homework.body.data.assignments[0]!.dueAt).toBeGreaterThan(server.clock.now().getTime());
  });
});
