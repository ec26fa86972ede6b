import {
  type FrequencyRow,
  type WorkbookBatch,
  type WorkbookBatchDetail,
  type WorkbookStudentHomework,
  type WorkbookStudents,
  type WorkbookWrongRow,
} from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/fixtures';
import { TEST_QUESTIONS } from '../testKit';
import { workbookSetUp } from './workbookKit';

describe.each(DIALECTS)('教辅 views on %s', (dialect) => {
  const { ok, made } = workbookSetUp(dialect);

  it('keeps a batch once per key, with its chapters in book order', async () => {
    const { pair, classIds, batchId, chapterId } = made;
    const again = await ok<{ id: number }>('admin', 'workbookBatchCreate', {
      name: '另一个名字',
      publisher: '',
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      classIds,
      idempotencyKey: `workbook-${dialect}`,
    });
    expect(again.id).toBe(batchId);
    const retry = await ok<{ id: number }>('admin', 'workbookChapterCreate', {
      workbookId: batchId,
      title: '第一章 集合',
      questions: TEST_QUESTIONS,
      estimatedMinutes: 20,
      idempotencyKey: `chapter-1-${dialect}`,
    });
    expect(retry.id).toBe(chapterId);
    const batches = await ok<WorkbookBatch[]>('admin', 'workbookBatches', {
      gradeId: pair.gradeId,
    });
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({
      name: '同步练习册·数学必修第一册',
      publisher: '人民教育出版社',
      subjectName: '数学',
      chapterCount: 2,
    });
    expect(batches[0]!.classes.map((c) => c.id)).toEqual([...classIds].sort((a, b) => a - b));
  });

  it('shows each chapter with hand-ins and the average of the corrected', async () => {
    const { classIds, batchId, chapterId, secondId, students } = made;
    const detail = await ok<WorkbookBatchDetail>('admin', 'workbookBatchDetail', { id: batchId });
    const expected = students[classIds[0]!]!.length + students[classIds[1]!]!.length;
    expect(detail.chapters).toEqual([
      {
        homeworkId: chapterId,
        position: 1,
        title: '第一章 集合',
        state: 'assigned',
        questionCount: 3,
        fullMarks: 20,
        expected,
        submitted: 3,
        corrected: 3,
        // 20 (A, BD, 10), 9 (C, BD, 4), 12.5 (C, B half, 10)
        average: 13.8,
      },
      {
        homeworkId: secondId,
        position: 2,
        title: '第二章 函数',
        state: 'ready',
        questionCount: 1,
        fullMarks: 5,
        expected: 0,
        submitted: 0,
        corrected: 0,
        average: null,
      },
    ]);
    const ref = await ok('admin', 'workbookChapter', { id: chapterId });
    expect(ref).toMatchObject({
      workbookId: batchId,
      position: 1,
      title: '第一章 集合',
      estimatedMinutes: 20,
    });
  });

  it('leaves chapters out of the 校本作业 list, and counts them in 高频错题', async () => {
    const { pair, chapterId } = made;
    const page = await ok<{ list: { id: number }[] }>('admin', 'homeworkPage', {
      pageNum: 1,
      pageSize: 50,
    });
    expect(page.list.map((h) => h.id)).not.toContain(chapterId);
    const frequency = await ok<FrequencyRow[]>('admin', 'assistantFrequency', {
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      period: '7',
    });
    expect(frequency[0]).toMatchObject({
      homeworkName: '同步练习册·数学必修第一册 · 第一章 集合',
      label: '1',
      wrong: 2,
    });
  });

  it('lists every student with each chapter, and one student’s chapters', async () => {
    const { classIds, batchId, chapterId, secondId, students } = made;
    const all = await ok<WorkbookStudents>('admin', 'workbookStudents', { workbookId: batchId });
    expect(all.chapters.map((c) => c.title)).toEqual(['第一章 集合', '第二章 函数']);
    const first = students[classIds[0]!]![1]!;
    const row = all.students.find((s) => s.studentId === first.id)!;
    expect(row).toMatchObject({
      submitted: 1,
      assigned: 1,
      scoreRate: 45,
      cells: [
        { homeworkId: chapterId, assigned: true, status: 'finished', score: 9 },
        { homeworkId: secondId, assigned: false, status: 'not_submitted', score: null },
      ],
    });
    const one = await ok<WorkbookStudentHomework>('admin', 'workbookStudentHomework', {
      workbookId: batchId,
      studentId: first.id,
    });
    expect(one.student).toMatchObject({ studentId: first.id, name: first.name });
    expect(one.chapters).toEqual([
      {
        homeworkId: chapterId,
        position: 1,
        title: '第一章 集合',
        assigned: true,
        status: 'finished',
        score: 9,
        fullMarks: 20,
        wrong: 2,
      },
      {
        homeworkId: secondId,
        position: 2,
        title: '第二章 函数',
        assigned: false,
        status: 'not_submitted',
        score: null,
        fullMarks: 5,
        wrong: 0,
      },
    ]);
  });

  it('lists the wrong questions with who got them wrong, per class', async () => {
    const { classIds, batchId, students } = made;
    const rows = await ok<WorkbookWrongRow[]>('admin', 'workbookWrong', { workbookId: batchId });
    expect(
      rows.map((r) => [r.label, r.answered, r.wrong, r.wrongRate, r.commonWrongAnswer]),
    ).toEqual([
      ['1', 3, 2, 66.7, 'C'],
      ['2', 3, 1, 33.3, 'B'],
      ['3', 3, 1, 33.3, null],
    ]);
    const one = await ok<WorkbookWrongRow[]>('admin', 'workbookWrong', {
      workbookId: batchId,
      classId: classIds[0],
    });
    expect(one[0]).toMatchObject({
      label: '1',
      answered: 2,
      wrong: 1,
      students: [{ studentId: students[classIds[0]!]![1]!.id }],
    });
  });
});
