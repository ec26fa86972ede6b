import { resourceQuestionRoutes as R, type DataOf } from '@examkit/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryFileStore, type FileStore } from '../core/files';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { FIGURE_SOURCE, seedBankImages } from './seedBankImages';

describe.each(DIALECTS)('the demo bank’s figures on %s', (dialect) => {
  let server: TestServer;
  let files: FileStore;
  beforeAll(async () => {
    files = createMemoryFileStore();
    server = await startTestServer(dialect, { files });
  }, 60_000);
  afterAll(() => server.close());

  it('draws PNG figures into the upload store, referenced like uploads and served to the bank', async () => {
    const school = server.seed.demoSchoolId;
    expect(await seedBankImages(server.db, files, school, server.clock)).toBe(7);
    expect(await seedBankImages(server.db, files, school, server.clock)).toBe(0);
    const token = (await signIn(server.app, 'teacher')).token;
    const reply = await call<DataOf<typeof R.questionList>>(server.app, R.questionList, {
      token,
      body: { bank: 'school', subjectCode: '02', source: FIGURE_SOURCE, pageNum: 1, pageSize: 20 },
    });
    expect(reply.body.code, reply.body.msg).toBe(200);
    const list = reply.body.data.list;
    expect(list).toHaveLength(7);
    expect(list.every((q) => q.points.length === 1)).toBe(true);
    const urls = list.map(
      (q) => /!\[[^\]]+\]\((\/marking-oss\/file\/[0-9a-f]{64}\.png)\)$/.exec(q.stem)?.[1],
    );
    expect(urls.every(Boolean)).toBe(true);
    expect(new Set(urls).size).toBe(7);
    // Each figure question asks something of its own, not only a different picture.
    expect(new Set(list.map((q) => q.stem.split('\n\n')[0])).size).toBe(7);
    for (const url of urls) {
      const res = await server.app.inject({ method: 'GET', url: url! });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 360, 240]);
    }
    // The triangles' answers: AB = 2 BC (∠A = 30°).
    for (const q of list.filter((x) => x.stem.includes('triangle'))) {
      const bc = Number(/\$BC=(\d+)\$/.exec(q.stem)![1]);
      expect(q.answer).toBe(`$${2 * bc}$`);
    }
  });
});
