import {
  homeworkRoutes,
  homeworkSubmissionRoutes,
  type HomeworkScanOverview,
  type HomeworkScanPage,
  type SubmissionDetail,
} from '@examkit/contracts';
import { blankPage, encodeScan, fillSheet, type CorpusTemplate } from '@examkit/recognizer/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestServer, type TestServer } from '../../test/fixtures';
import {
  assignHomework,
  gradeOnePair,
  homeworkCallers,
  homeworkSheet,
  TEST_PAPER_PDF,
} from '../testKit';
import { questionsByPage } from './scan';

/**
 * Multi-page homework sheets (docs/homework.md "Multi-page sheets"): 50 objective questions and
 * three written ones lay out on two pages; each page's scan is matched to its page by the page
 * code and to the student by the 学号 of the first page uploaded before it, replaces only its own
 * questions, and the hand-in is complete when both pages arrived.
 */

type Routes = typeof homeworkRoutes & typeof homeworkSubmissionRoutes;
const routes: Routes = { ...homeworkRoutes, ...homeworkSubmissionRoutes };
const DPI = 150;

const QUESTIONS = [
  ...Array.from({ length: 50 }, (_, i) => ({
    label: String(i + 1),
    type: 'objective',
    answer: i % 5 === 4 ? 'AC' : 'B',
    fullMarks: 2,
  })),
  ...[51, 52, 53].map((n) => ({
    label: String(n),
    type: 'subjective',
    answer: null,
    fullMarks: 10,
  })),
];

describe.each(DIALECTS)('multi-page homework sheets on %s', (dialect) => {
  let server: TestServer;
  const { ok, signInAll } = homeworkCallers(routes, () => server);
  let homeworkId: number;
  let ct: CorpusTemplate;
  let byPage: number[][];
  let students: { no: string; name: string }[];

  /**
   * A 150-dpi PNG (base64) of one page: the 学号 filled on the first, options, and a stroke of
   * "handwriting" in the page's first written-answer box, `writing` mm from its left edge, so
   * that two students' written pages differ.
   */
  async function pageScan(
    page: number,
    studentNo: string,
    answers: Record<string, string>,
    writing = 10,
  ) {
    const blank = await blankPage(ct, page, DPI);
    const img = fillSheet(blank, ct.template, page, DPI, { examNumber: studentNo, answers });
    const box = ct.template.elements.find((e) => e.kind === 'subjective' && e.page === page);
    if (box && 'w' in box) {
      const px = (mm: number) => Math.round((mm * DPI) / 25.4);
      const [x0, y0] = [px(box.x + writing), px(box.y + box.h / 2)];
      for (let y = y0; y < y0 + px(1); y++)
        for (let x = x0; x < x0 + px(30); x++) img.data[y * img.width + x] = 20;
    }
    return (await encodeScan(img, 'png', { dpi: DPI })).toString('base64');
  }
  const upload = (contentBase64: string, fileName: string) =>
    ok<HomeworkScanPage>('teacher', 'scanUpload', { id: homeworkId, fileName, contentBase64 });
  const overview = () => ok<HomeworkScanOverview>('teacher', 'scanList', { id: homeworkId });
  /** Every objective question answered B. */
  const allB = (nos: number[]) => Object.fromEntries(nos.map((n) => [`h${n}`, 'B']));

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInAll('admin', 'teacher');
    const pair = await gradeOnePair(ok, 'teacher', '数学');
    const classId = pair.targets.find((t) => t.kind === 'class')!.id;
    students = (
      await server.db
        .selectFrom('students')
        .select(['student_no as no', 'name'])
        .where('class_id', '=', classId)
        .orderBy('student_no')
        .limit(2)
        .execute()
    ).map((s) => ({ ...s }));
    const { id } = await ok<{ id: number }>('admin', 'homeworkCreate', {
      name: '函数单元检测（两页）',
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      paper: { fileName: '两页.pdf', contentBase64: TEST_PAPER_PDF },
      idempotencyKey: `multipage-${dialect}`,
    });
    homeworkId = id;
    await ok('admin', 'splitConfirm', { id, questions: QUESTIONS });
    await assignHomework(ok, id, [classId], 40);
    ct = await homeworkSheet(server, id, '数学');
    byPage = questionsByPage(ct.template);
  }, 120_000);
  afterAll(() => server.close());

  it('lays the homework out on two pages, every question on one of them', () => {
    expect(ct.template.pageCount).toBe(2);
    expect(byPage).toHaveLength(2);
    expect(byPage[0]!.length).toBeGreaterThan(0);
    expect(byPage[1]!.length).toBeGreaterThan(0);
    expect([...byPage[0]!, ...byPage[1]!].sort((a, b) => a - b)).toEqual(
      QUESTIONS.map((_, i) => i + 1),
    );
  });

  it('matches each page to its student and page, and completes the hand-in when both arrived', async () => {
    const [a, b] = students;
    const first = await upload(await pageScan(0, a!.no, allB(byPage[0]!)), 'a-1.png');
    expect(first).toMatchObject({ status: 'matched', page: 1, studentName: a!.name });
    // One page of two: handed in, not complete.
    let list = await overview();
    expect(list.pageCount).toBe(2);
    expect(list.submitted).toBe(0);
    expect(list.incomplete).toEqual([
      { studentName: a!.name, studentNo: a!.no, missingPages: [2] },
    ]);

    const second = await upload(await pageScan(1, '', {}), 'a-2.png');
    expect(second).toMatchObject({
      status: 'matched',
      page: 2,
      studentName: a!.name,
      submissionId: first.submissionId,
    });
    list = await overview();
    expect(list.submitted).toBe(1);
    expect(list.incomplete).toEqual([]);

    // Both pages' questions are in the one hand-in: B right on 单选, wrong on the 多选 AC.
    const detail = await ok<SubmissionDetail>('teacher', 'submission', {
      submissionId: first.submissionId,
    });
    const objective = detail.answers.filter((x) => x.questionNo <= 50);
    expect(objective).toHaveLength(50);
    expect(objective.every((x) => x.answer === 'B')).toBe(true);
    expect(detail.score).toBe(40 * 2);
    const written = detail.answers.filter((x) => x.questionNo > 50);
    expect(written.map((x) => [x.questionNo, x.hasImage, x.score])).toEqual([
      [51, true, null],
      [52, true, null],
      [53, true, null],
    ]);

    // The teacher scores a written question of each page; the second page scanned again
    // replaces only its own questions: the first page's answers and scores stay.
    const [onFirst, onSecond] = [byPage[0]!.find((n) => n > 50)!, byPage[1]!.find((n) => n > 50)!];
    for (const questionNo of [onFirst, onSecond])
      await ok('teacher', 'score', { submissionId: first.submissionId, questionNo, score: 6 });
    await upload(await pageScan(1, '', {}, 40), 'a-2-again.png');
    const again = await ok<SubmissionDetail>('teacher', 'submission', {
      submissionId: first.submissionId,
    });
    expect(again.answers).toHaveLength(QUESTIONS.length);
    expect(again.answers.filter((x) => x.questionNo <= 50).every((x) => x.answer === 'B')).toBe(
      true,
    );
    const scoreOf = (no: number) => again.answers.find((x) => x.questionNo === no)!.score;
    expect([scoreOf(onFirst), scoreOf(onSecond)]).toEqual([6, null]);
    expect(again.score).toBe(40 * 2 + 6);

    // A second student's first page, then a page 2 goes to them, not to the first.
    const bFirst = await upload(await pageScan(0, b!.no, allB(byPage[0]!)), 'b-1.png');
    const bSecond = await upload(await pageScan(1, '', {}, 70), 'b-2.png');
    expect(bSecond).toMatchObject({ status: 'matched', submissionId: bFirst.submissionId });
    expect((await overview()).submitted).toBe(2);
  }, 180_000);

  it('asks who owns a later page when no first page of a student came before it', async () => {
    // Another user (the admin) uploads a page 2 alone: whose it is cannot be known.
    const lone = await ok<HomeworkScanPage>('admin', 'scanUpload', {
      id: homeworkId,
      fileName: 'lone-2.png',
      contentBase64: await pageScan(1, '', {}, 100),
    });
    expect(lone).toMatchObject({ status: 'exception', page: 2, submissionId: null });
    expect(lone.reason).toContain('无法确定第 2 页属于哪位学生');
  }, 120_000);
});
