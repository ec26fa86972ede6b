import {
  homeworkCompositionRoutes,
  homeworkRoutes,
  homeworkSubmissionRoutes,
  type CompositionReview,
  type CompositionSuggestion,
  type HomeworkScanPage,
  type SubmissionDetail,
} from '@examkit/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../ai/testing';
import { DIALECTS, startTestServer, type TestServer } from '../../test/fixtures';
import {
  assignHomework,
  filledScan,
  gradeOnePair,
  homeworkCallers,
  homeworkSheet,
} from '../testKit';
import { imageDataUrl, MAX_IMAGE_SIDE, UNUSABLE_MESSAGE } from './aiSuggest';

const routes = { ...homeworkRoutes, ...homeworkSubmissionRoutes, ...homeworkCompositionRoutes };
const RUBRIC = { content: 25, structure: 15, language: 15, writing: 5 };

type Part = { type: string; text?: string; image_url?: { url: string } };

describe('AI批改建议 images', () => {
  it('sends a large scan as a JPEG whose longer side is at most 1600 px', async () => {
    const big = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const url = await imageDataUrl(big);
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const meta = await sharp(Buffer.from(url.split(',')[1]!, 'base64')).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: MAX_IMAGE_SIDE, height: 1067 });
  });
});

describe.each(DIALECTS)('AI批改建议 on %s', (dialect) => {
  let server: TestServer;
  let fake: FakeOpenAi;
  const { as, ok, signInAll } = homeworkCallers(routes, () => server);
  let submissionId: number;

  const suggest = (who = 'admin') =>
    as<CompositionSuggestion>(who, 'compositionSuggest', { submissionId });
  const usedTokens = async () =>
    (
      await server.db
        .selectFrom('ai_usage')
        .select((eb) => eb.fn.sum<number>('tokens').as('tokens'))
        .where('school_id', '=', server.seed.demoSchoolId)
        .executeTakeFirst()
    )?.tokens ?? 0;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    server = await startTestServer(dialect, {
      ai: {
        baseUrl: fake.baseUrl,
        apiKey: '',
        model: 'fake-vision',
        maxRetries: 0,
        timeoutMs: 1500,
      },
    });
    await signInAll('admin', 'lab-admin');
    await server.db
      .updateTable('ai_access')
      .set({ enabled: 1 })
      .where('school_id', '=', server.seed.demoSchoolId)
      .execute();
    const pair = await gradeOnePair(ok, 'admin', '语文');
    const classId = pair.targets.find((t) => t.kind === 'class')!.id;
    const { id } = await ok<{ id: number }>('admin', 'compositionCreate', {
      name: '我的家乡',
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      prompt: '以“我的家乡”为题，写一篇记叙文。',
      genre: '记叙文',
      minWords: 200,
      rubric: RUBRIC,
      estimatedMinutes: 40,
      idempotencyKey: `ai-essay-${dialect}`,
    });
    await assignHomework(ok, id, [classId], 40);
    const student = await server.db
      .selectFrom('students')
      .select('student_no')
      .where('class_id', '=', classId)
      .orderBy('student_no')
      .executeTakeFirstOrThrow();
    const sheet = await homeworkSheet(server, id, '语文');
    const page = await ok<HomeworkScanPage>('admin', 'scanUpload', {
      id,
      fileName: 'essay.png',
      contentBase64: await filledScan(sheet, student.student_no, {}),
    });
    submissionId = page.submissionId!;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('sends the essay’s page as an image with the rubric and answers the clamped suggestion, saving nothing', async () => {
    const before = await usedTokens();
    fake.queue({
      kind: 'stream',
      chunks: [
        '```json\n{"content": 30, "structure": 13.3, ',
        '"language": 12, "writing": -1, "comment": "  中心明确，细节还可以更具体。 "}\n```',
      ],
      usage: { prompt_tokens: 900, completion_tokens: 60 },
    });
    const r = await suggest();
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({
      submissionId,
      scores: { content: 25, structure: 13.5, language: 12, writing: 0 },
      comment: '中心明确，细节还可以更具体。',
    });
    const sent = fake.requests.at(-1)!.body;
    expect(sent.model).toBe('fake-vision');
    const parts = sent.messages.find((m) => m.role === 'user')!.content as unknown as Part[];
    expect(parts[0]!.type).toBe('text');
    expect(parts[0]!.text).toContain('以“我的家乡”为题，写一篇记叙文。');
    expect(parts[0]!.text).toContain('文体：记叙文');
    expect(parts[0]!.text).toContain('不少于 200 字');
    expect(parts[0]!.text).toContain('内容（content）满分 25 分');
    expect(parts[0]!.text).toContain('书写（writing）满分 5 分');
    const images = parts.filter((p) => p.type === 'image_url');
    expect(images.length).toBeGreaterThanOrEqual(1);
    expect(images[0]!.image_url!.url).toMatch(/^data:image\/jpeg;base64,/);
    expect(sent.messages[0]!.content).toContain('JSON');
    // Counted against the school's daily quota like the assistant's answers.
    expect(Number(await usedTokens()) - Number(before)).toBe(960);
    // A suggestion only: no review, the hand-in still waits for correction.
    expect(
      await ok<CompositionReview | null>('admin', 'compositionReview', { submissionId }),
    ).toBeNull();
    const detail = await ok<SubmissionDetail>('admin', 'submission', { submissionId });
    expect(detail).toMatchObject({ status: 'submitted', score: null });
  });

  it('answers a clear error for an unusable answer, a failing model and a timeout', async () => {
    fake.queue({ kind: 'stream', chunks: ['这篇作文写得不错。'] });
    expect((await suggest()).body).toMatchObject({ code: 400, msg: UNUSABLE_MESSAGE });
    fake.queue({ kind: 'stream', chunks: ['{"content": "很好", "comment": "好"}'] });
    expect((await suggest()).body).toMatchObject({ code: 400, msg: UNUSABLE_MESSAGE });
    fake.queue({ kind: 'status', status: 500 });
    expect((await suggest()).body).toMatchObject({
      code: 400,
      msg: 'AI 服务暂时不可用，请稍后再试',
    });
    fake.queue({ kind: 'hang' });
    expect((await suggest()).body).toMatchObject({
      code: 400,
      msg: 'AI 服务响应超时，请稍后再试',
    });
    expect(
      await ok<CompositionReview | null>('admin', 'compositionReview', { submissionId }),
    ).toBeNull();
  });

  it('refuses another school’s hand-in as missing and a school with AI off', async () => {
    const asked = fake.requests.length;
    expect((await suggest('lab-admin')).body).toMatchObject({ code: 404, msg: '提交不存在' });
    await server.db
      .updateTable('ai_access')
      .set({ enabled: 0 })
      .where('school_id', '=', server.seed.demoSchoolId)
      .execute();
    expect((await suggest()).body).toMatchObject({
      code: 400,
      msg: '本校未开通 AI 服务，AI 批改不可用，请手动批改',
    });
    expect(fake.requests).toHaveLength(asked);
  });
});
