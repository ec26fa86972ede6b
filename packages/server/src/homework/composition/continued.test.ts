import {
  HOMEWORK_SUBMISSION_IMAGE_URL,
  homeworkCompositionRoutes,
  homeworkRoutes,
  homeworkSubmissionRoutes,
  type HomeworkScanPage,
  type SubmissionDetail,
} from '@examkit/contracts';
import { blankPage, encodeScan, fillSheet, type CorpusTemplate } from '@examkit/recognizer/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../test/fixtures';
import { assignHomework, gradeOnePair, homeworkCallers, homeworkSheet } from '../testKit';

/**
 * An essay continued on a later page (docs/homework.md "作文"): the 作文格 of a 1500 字 essay
 * runs over several pages; each later page's part is matched to the student of the page 1 before it and
 * shown with the first (`continuedParts`, the image's `part`), the latest scan of page 2 winning.
 */

type Routes = typeof homeworkRoutes &
  typeof homeworkSubmissionRoutes &
  typeof homeworkCompositionRoutes;
const routes: Routes = {
  ...homeworkRoutes,
  ...homeworkSubmissionRoutes,
  ...homeworkCompositionRoutes,
};
const DPI = 150;

describe.each(DIALECTS)('an essay continued on page 2 on %s', (dialect) => {
  let server: TestServer;
  const { ok, tokens, signInAll } = homeworkCallers(routes, () => server);
  let id: number;
  let ct: CorpusTemplate;
  let studentNo: string;

  /** A page of the essay sheet with a stroke of "handwriting" `writing` mm into its first box. */
  async function pageScan(page: number, writing: number) {
    const blank = await blankPage(ct, page, DPI);
    const img = fillSheet(blank, ct.template, page, DPI, { examNumber: studentNo, answers: {} });
    const box = ct.template.elements.find((e) => e.kind === 'subjective' && e.page === page);
    if (box && 'w' in box) {
      const px = (mm: number) => Math.round((mm * DPI) / 25.4);
      const [x0, y0] = [px(box.x + writing), px(box.y + 10)];
      for (let y = y0; y < y0 + px(1); y++)
        for (let x = x0; x < x0 + px(30); x++) img.data[y * img.width + x] = 20;
    }
    return (await encodeScan(img, 'png', { dpi: DPI })).toString('base64');
  }
  const upload = async (page: number, writing: number) =>
    ok<HomeworkScanPage>('admin', 'scanUpload', {
      id,
      fileName: `p${page}-${writing}.png`,
      contentBase64: await pageScan(page, writing),
    });
  const image = (submissionId: number, part?: number) =>
    server.app.inject({
      method: 'GET',
      url: `${HOMEWORK_SUBMISSION_IMAGE_URL}?submissionId=${submissionId}&questionNo=1${part ? `&part=${part}` : ''}`,
      headers: { token: tokens.admin! },
    });

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInAll('admin');
    const pair = await gradeOnePair(ok, 'admin', '语文');
    const classId = pair.targets.find((t) => t.kind === 'class')!.id;
    studentNo = (
      await server.db
        .selectFrom('students')
        .select('student_no')
        .where('class_id', '=', classId)
        .orderBy('student_no')
        .executeTakeFirstOrThrow()
    ).student_no;
    ({ id } = await ok<{ id: number }>('admin', 'compositionCreate', {
      name: '长作文',
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      prompt: '写一篇不少于 1500 字的记叙文。',
      genre: '记叙文',
      minWords: 1500,
      rubric: { content: 25, structure: 15, language: 15, writing: 5 },
      estimatedMinutes: 60,
      idempotencyKey: `continued-${dialect}`,
    }));
    await assignHomework(ok, id, [classId], 60);
    ct = await homeworkSheet(server, id, '语文');
  }, 120_000);
  afterAll(() => server.close());

  it('shows the parts written on later pages after the first, from the latest scan of each page', async () => {
    const regions = ct.template.elements.flatMap((e) =>
      e.kind === 'subjective' && e.questionId === 'h1' ? [{ page: e.page, part: e.part }] : [],
    );
    expect(ct.template.pageCount).toBeGreaterThanOrEqual(2);
    expect(new Set(regions.map((r) => r.page)).size).toBe(ct.template.pageCount);
    const first = await upload(0, 10);
    expect(first).toMatchObject({ status: 'matched', page: 1 });
    const sub = first.submissionId!;
    // The first page alone: its own parts only.
    let detail = await ok<SubmissionDetail>('admin', 'submission', { submissionId: sub });
    const onFirstPage = regions.filter((r) => r.page === 0).length;
    expect(detail.answers[0]).toMatchObject({ hasImage: true, continuedParts: onFirstPage - 1 });
    const later = regions.find((r) => r.page === 1)!;
    expect((await image(sub, later.part)).statusCode).toBe(404);

    for (let page = 1; page < ct.template.pageCount; page++)
      expect(await upload(page, 10)).toMatchObject({
        status: 'matched',
        page: page + 1,
        submissionId: sub,
      });
    detail = await ok<SubmissionDetail>('admin', 'submission', { submissionId: sub });
    expect(detail.answers[0]!.continuedParts).toBe(regions.length - 1);
    const part = await image(sub, later.part);
    expect(part.statusCode).toBe(200);
    expect(part.headers['content-type']).toBe('image/png');
    expect(part.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const firstPart = await image(sub);
    expect(firstPart.rawPayload.equals(part.rawPayload)).toBe(false);

    // Page 2 scanned again with other writing: its part is the new one, the first part stays.
    const again = await upload(1, 60);
    expect(again).toMatchObject({ status: 'matched', submissionId: sub });
    const replaced = await image(sub, later.part);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.rawPayload.equals(part.rawPayload)).toBe(false);
    expect((await image(sub)).rawPayload.equals(firstPart.rawPayload)).toBe(true);
    detail = await ok<SubmissionDetail>('admin', 'submission', { submissionId: sub });
    expect(detail.answers[0]!.continuedParts).toBe(regions.length - 1);
  }, 120_000);
});
