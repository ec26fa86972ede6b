/**
 * The set-up the 教辅 tests share: a second 高一 class the 班主任 does not lead, a batch of two
 * chapters for two classes, the first assigned with three hand-ins scanned and corrected.
 */
import {
  homeworkAssistantRoutes,
  homeworkPaperRoutes,
  homeworkRoutes,
  homeworkSubmissionRoutes,
  homeworkWorkbookRoutes,
  type HomeworkScanPage,
  type WorkbookBatch,
} from '@examkit/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type DialectName, type TestServer } from '../../test/fixtures';
import {
  addOuterClass,
  assignHomework,
  filledScan,
  gradeOnePair,
  homeworkCallers,
  homeworkSheet,
  TEST_QUESTIONS,
  type HomeworkPair,
} from '../testKit';

export type Routes = typeof homeworkRoutes &
  typeof homeworkSubmissionRoutes &
  typeof homeworkAssistantRoutes &
  typeof homeworkWorkbookRoutes &
  typeof homeworkPaperRoutes;
export const routes: Routes = {
  ...homeworkPaperRoutes,
  ...homeworkRoutes,
  ...homeworkSubmissionRoutes,
  ...homeworkAssistantRoutes,
  ...homeworkWorkbookRoutes,
};

/** What the set-up made; filled before the first test runs. */
export interface WorkbookMade {
  server: TestServer;
  pair: HomeworkPair;
  classIds: number[];
  batchId: number;
  chapterId: number;
  secondId: number;
  students: Record<number, { id: number; no: string; name: string }[]>;
  headClass: number;
  otherClass: number;
}

/** Registers the shared set-up of a 教辅 test file on `dialect`: its callers and what it made. */
export function workbookSetUp(dialect: DialectName) {
  let server: TestServer;
  const callers = homeworkCallers(routes, () => server);
  const { ok, signInAll } = callers;
  const made = {} as WorkbookMade;
  /** Adds a chapter to a batch as the admin (retry-safe by `idempotencyKey`); answers its id. */
  const addChapter = async (
    workbookId: number,
    chapter: { title: string; questions: typeof TEST_QUESTIONS; estimatedMinutes: number },
    idempotencyKey: string,
  ) =>
    (
      await ok<{ id: number }>('admin', 'workbookChapterCreate', {
        workbookId,
        ...chapter,
        idempotencyKey,
      })
    ).id;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInAll('admin', 'teacher', 'head', 'lab-admin');
    const students: WorkbookMade['students'] = {};
    // The small demo school has one class a grade: a second 高一 class the 班主任 does not lead.
    const grade = await gradeOnePair(ok, 'admin', '数学');
    await addOuterClass(server, grade.gradeId);
    const pair = await gradeOnePair(ok, 'admin', '数学');
    const classIds = pair.targets
      .filter((t) => t.kind === 'class')
      .slice(0, 2)
      .map((t) => t.id);
    for (const id of classIds)
      students[id] = await server.db
        .selectFrom('students')
        .select(['id', 'student_no as no', 'name'])
        .where('class_id', '=', id)
        .orderBy('student_no')
        .execute();
    const { id: batchId } = await ok<{ id: number }>('admin', 'workbookBatchCreate', {
      name: '同步练习册·数学必修第一册',
      publisher: '人民教育出版社',
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      classIds,
      idempotencyKey: `workbook-${dialect}`,
    });
    const chapterId = await addChapter(
      batchId,
      { title: '第一章 集合', questions: TEST_QUESTIONS, estimatedMinutes: 20 },
      `chapter-1-${dialect}`,
    );
    const secondId = await addChapter(
      batchId,
      { title: '第二章 函数', questions: TEST_QUESTIONS.slice(0, 1), estimatedMinutes: 15 },
      `chapter-2-${dialect}`,
    );
    // The chapter is assigned, scanned and corrected with the homework's own calls.
    await assignHomework(ok, chapterId, classIds, 20);
    const sheet = await homeworkSheet(server, chapterId, '数学');
    const hand = [
      { cls: classIds[0]!, i: 0, answers: { h1: 'A', h2: 'BD' }, score: 10 },
      { cls: classIds[0]!, i: 1, answers: { h1: 'C', h2: 'BD' }, score: 4 },
      { cls: classIds[1]!, i: 0, answers: { h1: 'C', h2: 'B' }, score: 10 },
    ];
    for (const [n, h] of hand.entries()) {
      const page = await ok<HomeworkScanPage>('admin', 'scanUpload', {
        id: chapterId,
        fileName: `${n}.png`,
        contentBase64: await filledScan(sheet, students[h.cls]![h.i]!.no, h.answers),
      });
      expect(page.status).toBe('matched');
      await ok('admin', 'score', {
        submissionId: page.submissionId,
        questionNo: 3,
        score: h.score,
      });
    }
    const mine = await ok<WorkbookBatch[]>('head', 'workbookBatches', {});
    const headClass = mine[0]!.classes[0]!.id;
    const otherClass = classIds.find((c) => c !== headClass)!;
    Object.assign(made, {
      server,
      pair,
      classIds,
      batchId,
      chapterId,
      secondId,
      students,
      headClass,
      otherClass,
    });
  }, 180_000);
  afterAll(() => server.close());
  return { ...callers, made, addChapter };
}
