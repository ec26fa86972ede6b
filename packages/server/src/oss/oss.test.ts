import { ossRoutes, resourceProcessRoutes as p, type ImportDetail } from '@examkit/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryFileStore, type FileStore } from '../core/files';
import { exportPaperDocx } from '../resource/word/exportDocx';
import { sampleItems } from '../resource/word/testPaper';
import { loadQuestions } from '../resource/questions';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';

/** A memory store that also signs PUTs, as the S3 store does when it has keys. */
function presigningStore(): FileStore {
  return {
    ...createMemoryFileStore(),
    presignPut: (key, _headers, seconds) => ({
      url: `https://bucket.example/${key}?X-Amz-Expires=${seconds}`,
      expiresAt: Date.now() + seconds * 1000,
    }),
  };
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe.each(DIALECTS)('uploads and Word processing on %s', (dialect) => {
  let server: TestServer;
  let files: FileStore;
  let admin: string;
  let lab: string;
  let grader: string;
  let png: Buffer;
  let docx: Buffer;

  beforeAll(async () => {
    files = presigningStore();
    server = await startTestServer(dialect, { files });
    admin = (await signIn(server.app, 'admin')).token;
    lab = (await signIn(server.app, 'lab-admin')).token;
    grader = (await signIn(server.app, 'grader')).token;
    png = await sharp({
      create: { width: 30, height: 20, channels: 3, background: { r: 0, g: 120, b: 60 } },
    })
      .png()
      .toBuffer();
    const items = sampleItems('/nowhere.png');
    docx = (await exportPaperDocx({
      title: '单元练习',
      sections: [
        { name: '选择题', questions: [{ item: items[0]!, score: 3 }] },
        { name: '阅读材料题', questions: [{ item: items[3]!, score: 10 }] },
      ],
      answers: 'end',
    })) as Buffer;
  }, 60_000);
  afterAll(() => server.close());

  const as = <T>(token: string, route: Parameters<typeof call>[1], body: Record<string, unknown>) =>
    call<T>(server.app, route, { token, body }).then((r) => r.body);

  it('stores an image once under its content key and serves it for <img src>', async () => {
    const first = await as<{ url: string; kind: string }>(admin, ossRoutes.uploadFile, {
      fileName: '图1.PNG',
      data: b64(png),
    });
    expect(first.code, first.msg).toBe(200);
    expect(first.data).toMatchObject({ kind: 'image', contentType: 'image/png', size: png.length });
    expect(first.data.url).toMatch(/^\/marking-oss\/file\/[0-9a-f]{64}\.png$/);
    const again = await as<{ url: string }>(admin, ossRoutes.uploadFile, {
      fileName: 'copy.png',
      data: b64(png),
    });
    expect(again.data.url).toBe(first.data.url);

    const served = await server.app.inject({ method: 'GET', url: first.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload).toEqual(png);
    const missing = await server.app.inject({
      method: 'GET',
      url: `/marking-oss/file/${'0'.repeat(64)}.png`,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses other file types, disguised files, oversize files and users without the area', async () => {
    const text = await as(admin, ossRoutes.uploadFile, {
      fileName: 'a.txt',
      data: b64(Buffer.from('hi')),
    });
    expect(text.msg).toBe('只能上传图片（PNG、JPG、GIF、WEBP）或 Word 文档（.docx）');
    const fake = await as(admin, ossRoutes.uploadFile, {
      fileName: 'a.png',
      data: b64(Buffer.from('<script>alert(1)</script>')),
    });
    expect(fake.code).toBe(400);
    expect(fake.msg).toBe('只能上传图片（PNG、JPG、GIF、WEBP）或 Word 文档（.docx）');
    const renamed = await as(admin, ossRoutes.uploadFile, { fileName: 'a.docx', data: b64(png) });
    expect(renamed.msg).toBe('文件内容与扩展名不符');
    const big = await as(admin, ossRoutes.uploadSts, {
      fileName: 'big.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      size: 60 * 1024 * 1024,
    });
    expect(big.msg).toBe('文件不能超过 51200 KB');
    const refused = await as(grader, ossRoutes.uploadFile, { fileName: 'a.png', data: b64(png) });
    expect(refused.code).toBe(403);
  });

  it('gives a presigned PUT inside the school’s folder, and registers what was put there', async () => {
    const ticket = await as<{ mode: string; key: string; url: string; headers: object }>(
      admin,
      ossRoutes.uploadSts,
      {
        fileName: '试卷.docx',
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        size: docx.length,
      },
    );
    expect(ticket.code, ticket.msg).toBe(200);
    expect(ticket.data.mode).toBe('direct');
    expect(ticket.data.key).toMatch(
      new RegExp(`^direct/${server.seed.demoSchoolId}/[0-9a-f-]{36}\\.docx$`),
    );
    expect(ticket.data.url).toContain('X-Amz-Expires=300');
    expect(ticket.data.headers).toEqual({
      'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const cloud = await as<{ key: string }>(admin, ossRoutes.cloudSts, {
      fileName: 'p.png',
      contentType: 'image/png',
      size: png.length,
    });
    expect(cloud.data.key).toMatch(new RegExp(`^cloud/${server.seed.demoSchoolId}/`));

    await files.put(ticket.data.key, docx); // what the browser's PUT does
    const odd = await as(admin, ossRoutes.register, { key: '../etc/passwd', fileName: 'a.docx' });
    expect(odd.code).toBe(404);
    const elsewhere = await as(lab, ossRoutes.register, {
      key: ticket.data.key,
      fileName: '试卷.docx',
    });
    expect(elsewhere.code).toBe(404);
    const registered = await as<{ id: number; kind: string }>(admin, ossRoutes.register, {
      key: ticket.data.key,
      fileName: '试卷.docx',
    });
    expect(registered.code, registered.msg).toBe(200);
    expect(registered.data.kind).toBe('docx');
    expect(await files.get(ticket.data.key)).toBeNull();
  });

  it('tells the browser to upload to the server when the store cannot sign', async () => {
    const plain = await startTestServer(dialect);
    try {
      const token = (await signIn(plain.app, 'admin')).token;
      const ticket = await call(plain.app, ossRoutes.uploadSts, {
        token,
        body: { fileName: 'a.png', contentType: 'image/png', size: 1000 },
      });
      expect(ticket.body.data).toEqual({
        mode: 'server',
        url: '/marking-oss/upload/file',
        maxBytes: 700 * 1024,
      });
    } finally {
      await plain.close();
    }
  }, 60_000);

  it('shows a .docx as HTML to its school only', async () => {
    const upload = await as<{ id: number }>(admin, ossRoutes.uploadFile, {
      fileName: '练习.docx',
      data: b64(docx),
    });
    const html = await as<{ html: string }>(admin, ossRoutes.word2html, {
      uploadId: upload.data.id,
    });
    expect(html.code, html.msg).toBe(200);
    expect(html.data.html).toContain('<p>1．（3分）方程 $x^2-5x+6=0$ 的解是（ ）</p>');
    expect(html.data.html).not.toMatch(/<script|<w:/);
    const other = await as(lab, ossRoutes.word2html, { uploadId: upload.data.id });
    expect(other.code).toBe(404);
    expect(other.msg).toBe('上传的文件不存在');
    const image = await as<{ id: number }>(admin, ossRoutes.uploadFile, {
      fileName: 'x.png',
      data: b64(png),
    });
    const notWord = await as(admin, ossRoutes.word2html, { uploadId: image.data.id });
    expect(notWord.msg).toBe('请选择 Word 文档（.docx）');
  });

  it('splits a paper, keeps corrections and confirms it into the bank once', async () => {
    const upload = await as<{ id: number }>(admin, ossRoutes.uploadFile, {
      fileName: '单元练习.docx',
      data: b64(docx),
    });
    const badSubject = await as(admin, p.create, {
      uploadId: upload.data.id,
      subjectCode: 'nope',
      gradeNum: 8,
    });
    expect(badSubject.msg).toBe('学科不存在');
    const created = await as<{ id: number; questionCount: number; state: string }>(
      admin,
      p.create,
      {
        uploadId: upload.data.id,
        subjectCode: '02',
        gradeNum: 8,
      },
    );
    expect(created.code, created.msg).toBe(200);
    expect(created.data).toMatchObject({
      questionCount: 2,
      state: 'parsed',
      fileName: '单元练习.docx',
    });
    const id = created.data.id;

    expect((await as(lab, p.detail, { importId: id })).code).toBe(404);
    expect((await as(lab, p.confirm, { importId: id })).code).toBe(404);
    expect((await as(grader, p.list, {})).code).toBe(403);
    const listed = await as<{ id: number }[]>(lab, p.list, {});
    expect(listed.data.map((i) => i.id)).not.toContain(id);

    const detail = (await as<ImportDetail>(admin, p.detail, { importId: id })).data;
    expect(detail.questions.map((q) => [q.number, q.question.type, q.points])).toEqual([
      [1, 'single', 3],
      [2, 'composite', 10],
    ]);
    expect(detail.questions[1]!.question.children).toHaveLength(2);
    const corrected = structuredClone(detail.questions);
    corrected[0]!.question.stem = '方程 $x^2-5x+6=0$ 的两个解是（ ）';
    corrected[0]!.question.difficulty = 2;
    const emptied = structuredClone(corrected);
    emptied[0]!.question.options = ['只有一个'];
    await as(admin, p.save, { importId: id, questions: emptied });
    const refused = await as(admin, p.confirm, { importId: id });
    expect(refused.msg).toBe('第 1 题是选择题，至少需要两个选项');

    const saved = await as<ImportDetail>(admin, p.save, { importId: id, questions: corrected });
    expect(saved.data.questions[0]!.question.stem).toBe('方程 $x^2-5x+6=0$ 的两个解是（ ）');
    const [one, two] = await Promise.all([
      as<{ questionIds: number[]; state: string }>(admin, p.confirm, { importId: id }),
      as<{ questionIds: number[]; state: string }>(admin, p.confirm, { importId: id }),
    ]);
    expect(one.code, one.msg).toBe(200);
    expect(two.data.questionIds).toEqual(one.data.questionIds);
    expect(one.data.state).toBe('imported');
    expect(one.data.questionIds).toHaveLength(2);
    const bank = await loadQuestions(server.db, server.seed.demoSchoolId, one.data.questionIds);
    expect(bank.map((q) => [q.type, q.stem, q.difficulty, q.bank])).toEqual([
      ['single', '方程 $x^2-5x+6=0$ 的两个解是（ ）', 2, 'school'],
      ['composite', expect.stringContaining('矩阵'), 3, 'school'],
    ]);
    expect(bank[1]!.children.map((c) => c.answer)).toEqual(['B', '2']);
    expect((await as(admin, p.save, { importId: id, questions: corrected })).msg).toBe(
      '该试卷已入库，不能再修改',
    );
  });
});
