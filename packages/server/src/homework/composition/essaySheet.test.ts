import { homeworkCompositionRoutes, homeworkRoutes } from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../test/fixtures';
import { homeworkSheetDocument } from '../sheet';
import { gradeOnePair, homeworkCallers } from '../testKit';

/**
 * The 作文's answer sheet (docs/homework.md "作文"): the essay is written in a 作文格 of at
 * least the 字数要求's squares, the count under every 100th, continued on a second page when it
 * is long; without a 字数要求 a plain box.
 */

type Routes = typeof homeworkRoutes & typeof homeworkCompositionRoutes;
const routes: Routes = { ...homeworkRoutes, ...homeworkCompositionRoutes };

describe.each(DIALECTS)('作文格 answer sheets on %s', (dialect) => {
  let server: TestServer;
  const { ok, signInAll } = homeworkCallers(routes, () => server);
  let pair: { gradeId: number; subjectId: number };

  const create = (minWords: number) =>
    ok<{ id: number }>('admin', 'compositionCreate', {
      name: `作文 ${minWords} 字`,
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      prompt: '以“我的家乡”为题，写一篇记叙文。',
      genre: '记叙文',
      minWords,
      rubric: { content: 25, structure: 15, language: 15, writing: 5 },
      estimatedMinutes: 40,
      idempotencyKey: `essay-${minWords}-${dialect}`,
    });
  const sheetOf = async (id: number) =>
    homeworkSheetDocument(
      server.db,
      await server.db
        .selectFrom('homeworks')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    );
  const gridsOf = (doc: Awaited<ReturnType<typeof sheetOf>>) =>
    doc.pages.flatMap((p) =>
      p.regions.flatMap((r) => (r.kind === 'subjective' ? [{ page: p.index, ...r }] : [])),
    );

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInAll('admin');
    pair = await gradeOnePair(ok, 'admin', '语文');
  }, 60_000);
  afterAll(() => server.close());

  it('gives an essay of 1500 字 a 作文格 over two pages, numbered on', async () => {
    const doc = await sheetOf((await create(1500)).id);
    const parts = gridsOf(doc);
    expect(doc.pages.length).toBeGreaterThanOrEqual(2);
    expect(new Set(parts.map((p) => p.page)).size).toBeGreaterThanOrEqual(2);
    const squares = parts.reduce((n, p) => n + p.grid!.perRow * p.grid!.rows, 0);
    expect(squares).toBeGreaterThanOrEqual(1500);
    expect(parts.flatMap((p) => p.grid!.marks.map((m) => m.after)).slice(0, 15)).toEqual(
      Array.from({ length: 15 }, (_, i) => (i + 1) * 100),
    );
  });

  it('keeps a plain answer box without a 字数要求', async () => {
    const doc = await sheetOf((await create(0)).id);
    expect(gridsOf(doc).every((p) => p.grid === undefined)).toBe(true);
  });
});
