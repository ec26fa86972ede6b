import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type HomeworkScanOverview,
  type WordStudentDetail,
  type WordWrongBook,
  WORD_WRONG_EXPORT_URL,
} from '@examkit/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockXlsxDownload, ok, renderApp } from '../../test/fixtures';
import { homeworkPages } from '../index';
import { bodiesOf, HW, homeworkApi } from '../test/fixtures';
import { accuracy, exercise, K, OPTIONS, students, user, W, WS } from './test/words';
import { parsePositions, parseWordLines } from './wordShared';

afterEach(() => vi.restoreAllMocks());

describe('字词练习', () => {
  it('reads the words one a line and the wrong numbers typed', () => {
    expect(parseWordLines('蜻蜓|qīng tíng|一种昆虫\n\n apple\t/ˈæpl/\t苹果 ')).toEqual([
      { word: '蜻蜓', reading: 'qīng tíng', meaning: '一种昆虫' },
      { word: 'apple', reading: '/ˈæpl/', meaning: '苹果' },
    ]);
    expect(parsePositions('3 1，3', 3)).toEqual([1, 3]);
    expect(parsePositions('4', 3)).toBeNull();
    expect(parsePositions('', 3)).toEqual([]);
  });

  it('is reached from 校本作业, makes a list of 语文 words and assigns it', async () => {
    const u = userEvent.setup();
    const made = exercise({ classes: [] });
    const api = homeworkApi({
      [HW.homeworkOptions]: ok(OPTIONS),
      [K(W.wordExerciseList)]: ok([]),
      [K(W.wordExerciseSave)]: ok(made),
      [K(W.wordExerciseDetail)]: ok(made),
      [K(W.wordExerciseAssign)]: ok(
        exercise({ teachingClasses: [{ teachingClassId: 301, name: '语文拓展班', dueAt: 0 }] }),
      ),
    });
    await renderApp({ path: '/homework/school-base', api, user: user(), pages: homeworkPages });
    await u.click(await screen.findByRole('link', { name: '字词练习' }, { timeout: 10_000 }));
    await u.click(await screen.findByRole('button', { name: '新建字词练习' }, { timeout: 10_000 }));
    // Only 语文 and 英语 are offered.
    const pair = screen.getByRole('combobox', { name: /年级科目/ });
    expect(within(pair).queryByRole('option', { name: '高一数学' })).toBeNull();
    await u.click(screen.getByRole('button', { name: '保存字词练习' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请填写练习名称');
    await u.type(screen.getByRole('textbox', { name: /练习名称/ }), '第一单元听写');
    await u.selectOptions(pair, '高一语文');
    const box = screen.getByRole('textbox', { name: /每行一个/ });
    await u.type(box, '蜻蜓|qīng tíng|一种昆虫{enter}蜻蜓');
    await u.click(screen.getByRole('button', { name: '保存字词练习' }));
    expect(screen.getByRole('alert')).toHaveTextContent('第 2 个字词“蜻蜓”重复');
    await u.clear(box);
    await u.type(box, '蜻蜓|qīng tíng|一种昆虫{enter}蝴蝶|hú dié{enter}展开|zhǎn kāi|张开');
    expect(screen.getByText(/共 3 个字词/)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: '保存字词练习' }));
    const [saved] = bodiesOf(api, K(W.wordExerciseSave));
    expect(saved).toMatchObject({
      id: null,
      name: '第一单元听写',
      gradeId: 10,
      subjectId: 1,
      words: [
        { word: '蜻蜓', reading: 'qīng tíng', meaning: '一种昆虫' },
        { word: '蝴蝶', reading: 'hú dié', meaning: '' },
        { word: '展开', reading: 'zhǎn kāi', meaning: '张开' },
      ],
    });
    expect(String(saved!.idempotencyKey).length).toBeGreaterThanOrEqual(8);
    // The 布置 panel of the new list.
    await screen.findByRole('heading', { name: '布置 · 第一单元听写' });
    await u.click(screen.getByRole('button', { name: '布置' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请选择班级或教学班');
    await u.click(screen.getByRole('checkbox', { name: '高一(1)班（2 人）' }));
    // The caller's teaching class (教学班) of the grade × subject beside the classes.
    await u.click(screen.getByRole('checkbox', { name: '语文拓展班（教学班）（5 人）' }));
    await u.click(screen.getByRole('button', { name: '布置' }));
    expect(bodiesOf(api, K(W.wordExerciseAssign))[0]).toMatchObject({
      id: 7,
      classIds: [101],
      teachingClassIds: [301],
    });
    expect(
      await screen.findByText(/已布置：高一\(1\)班（截止 .*）、语文拓展班（教学班）（截止/),
    ).toBeInTheDocument();
  }, 60_000);

  it('marks wrong words by typing numbers (Enter goes on) or clicking, and shows the 正确率 lowest first', async () => {
    const u = userEvent.setup();
    const api = homeworkApi({
      [K(W.wordExerciseList)]: ok([exercise()]),
      [K(W.wordExerciseDetail)]: ok(exercise()),
      [K(W.wordExerciseMarks)]: ok(students),
      [K(W.wordExerciseAccuracy)]: ok(accuracy),
      [K(W.wordExerciseMark)]: (r: { data: string }) => {
        const body = JSON.parse(r.data) as { studentId: number; wrong: number[] };
        return {
          code: 200,
          msg: 'ok',
          data: { ...students.find((s) => s.studentId === body.studentId)!, wrong: body.wrong },
        };
      },
    });
    await renderApp({
      path: '/homework/word-exercise/accuracy?id=7',
      api,
      user: user(),
      pages: homeworkPages,
    });
    const first = await screen.findByRole('textbox', { name: '张三错词序号' }, { timeout: 10_000 });
    await u.type(first, '3 2{enter}');
    expect(bodiesOf(api, K(W.wordExerciseMark))[0]).toEqual({ id: 7, studentId: 1, wrong: [2, 3] });
    // Enter saved and moved to the next student.
    await vi.waitFor(() =>
      expect(screen.getByRole('textbox', { name: '李四错词序号' })).toHaveFocus(),
    );
    expect(screen.getByRole('button', { name: '张三 3 展开' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await u.click(screen.getByRole('button', { name: '李四 3 展开' }));
    expect(bodiesOf(api, K(W.wordExerciseMark))[1]).toEqual({ id: 7, studentId: 2, wrong: [3] });
    await u.type(screen.getByRole('textbox', { name: '李四错词序号' }), '{selectall}9{enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('请输入 1 到 3 的序号');
    const rates = screen.getByRole('table', { name: '字词正确率' });
    const rows = within(rates).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('3展开zhǎn kāi张开020%张三、李四');
    expect(rows[3]).toHaveTextContent('1蜻蜓');
    expect(screen.getByText('已批改 2 / 2 人，正确率从低到高排列。')).toBeInTheDocument();
  }, 30_000);

  it('批改与正确率 of a list assigned to a class and a teaching class: the 班级 filter offers both', async () => {
    const u = userEvent.setup();
    const both = exercise({
      teachingClasses: [{ teachingClassId: 301, name: '语文拓展班', dueAt: 0 }],
    });
    const api = homeworkApi({
      [K(W.wordExerciseList)]: ok([both]),
      [K(W.wordExerciseDetail)]: ok(both),
      [K(W.wordExerciseMarks)]: ok(students),
      [K(W.wordExerciseAccuracy)]: ok(accuracy),
    });
    await renderApp({
      path: '/homework/word-exercise/accuracy?id=7',
      api,
      user: user(),
      pages: homeworkPages,
    });
    await screen.findByRole('textbox', { name: '张三错词序号' }, { timeout: 10_000 });
    expect(bodiesOf(api, K(W.wordExerciseMarks))[0]).toEqual({
      id: 7,
      classId: null,
      teachingClassId: null,
    });
    await u.selectOptions(screen.getByRole('combobox', { name: '班级' }), '语文拓展班（教学班）');
    await vi.waitFor(() => {
      expect(bodiesOf(api, K(W.wordExerciseMarks)).at(-1)).toEqual({
        id: 7,
        classId: null,
        teachingClassId: 301,
      });
      expect(bodiesOf(api, K(W.wordExerciseAccuracy)).at(-1)).toEqual({
        id: 7,
        classId: null,
        teachingClassId: 301,
      });
    });
  }, 30_000);

  it('shows every student over the lists, then one student’s words right and wrong', async () => {
    const u = userEvent.setup();
    const detail: WordStudentDetail = {
      exercises: [{ id: 7, name: '第一单元听写', words: exercise().words }],
      students: [
        { studentId: 1, studentNo: '001', name: '张三', className: '高一(1)班', results: [[2, 3]] },
        { studentId: 2, studentNo: '002', name: '李四', className: '高一(2)班', results: [null] },
      ],
    };
    const api = homeworkApi({
      [HW.homeworkOptions]: ok(OPTIONS),
      [K(W.wordExerciseStudentDetail)]: (r: { data: string }) => {
        const body = JSON.parse(r.data) as { studentId: number | null };
        return {
          code: 200,
          msg: 'ok',
          data:
            body.studentId === null
              ? detail
              : { ...detail, students: detail.students.filter((s) => s.studentId === 1) },
        };
      },
    });
    await renderApp({
      path: '/homework/word-exercise/detail',
      api,
      user: user(),
      pages: homeworkPages,
    });
    await screen.findByRole('option', { name: '高一(1)班' }, { timeout: 10_000 });
    await u.selectOptions(screen.getByRole('combobox', { name: '班级' }), '高一(1)班');
    const table = await screen.findByRole('table', { name: '学生字词情况' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('001张三错 2：蝴蝶、展开33.3%');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('002李四未批改—');
    await u.selectOptions(screen.getByRole('combobox', { name: '学生' }), '张三（001）');
    const one = await screen.findByRole('table', { name: '第一单元听写' });
    expect(
      within(one)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['序号字词结果', '1蜻蜓✓ 对', '2蝴蝶✗ 错', '3展开✗ 错']);
    expect(screen.getByRole('link', { name: '查看错题本' })).toHaveAttribute(
      'href',
      '/homework/word-exercise/wrong?target=class:101&studentId=1',
    );
    // A teaching class: its members with their class.
    await u.selectOptions(screen.getByRole('combobox', { name: '班级' }), '语文拓展班（教学班）');
    const members = await screen.findByRole('table', { name: '学生字词情况' });
    expect(within(members).getAllByRole('row')[0]).toHaveTextContent(
      '学号姓名班级第一单元听写正确率',
    );
    expect(within(members).getAllByRole('row')[2]).toHaveTextContent('002李四高一(2)班未批改—');
    expect(bodiesOf(api, K(W.wordExerciseStudentDetail))).toEqual([
      { classId: 101, teachingClassId: null, studentId: null, subjectId: null },
      { classId: 101, teachingClassId: null, studentId: 1, subjectId: null },
      { classId: null, teachingClassId: 301, studentId: null, subjectId: null },
    ]);
  }, 30_000);

  it('keeps the 错题本: every student’s wrong words, one student’s in full, 一键生成复习 and 导出', async () => {
    const u = userEvent.setup();
    const word = (w: string, count: number, exercises: string[]) => ({
      word: w,
      reading: '',
      meaning: '',
      subjectId: 1,
      subjectName: '语文',
      count,
      lastWrongAt: new Date(2026, 10, 21, 9).getTime(),
      exercises,
    });
    const book: WordWrongBook = {
      students: [
        {
          studentId: 1,
          studentNo: '001',
          name: '张三',
          className: '高一(1)班',
          marked: 2,
          words: [
            word('蝴蝶', 2, ['第一单元听写', '第二单元听写']),
            word('展开', 1, ['第一单元听写']),
          ],
        },
        {
          studentId: 2,
          studentNo: '002',
          name: '李四',
          className: '高一(1)班',
          marked: 2,
          words: [],
        },
      ],
    };
    const review = exercise({
      id: 9,
      name: '高一(1)班错词复习（11月21日）',
      wordCount: 2,
      classes: [],
    });
    const api = homeworkApi({
      [HW.homeworkOptions]: ok(OPTIONS),
      [K(W.wordExerciseWrongWords)]: (r: { data: string }) => {
        const body = JSON.parse(r.data) as { studentId: number | null };
        const data =
          body.studentId === null
            ? book
            : { students: book.students.filter((s) => s.studentId === body.studentId) };
        return { code: 200, msg: 'ok', data };
      },
      [K(W.wordExerciseReview)]: ok(review),
      [K(W.wordExerciseDetail)]: ok(review),
      [K(W.wordExerciseList)]: ok([exercise(), review]),
    });
    await renderApp({
      path: '/homework/word-exercise/detail',
      api,
      user: user(),
      pages: homeworkPages,
    });
    // Reached from the 字词练习 tabs.
    await u.click(await screen.findByRole('link', { name: '错题本' }, { timeout: 10_000 }));
    expect(await screen.findByRole('heading', { name: '字词练习 · 错题本' })).toBeInTheDocument();
    await screen.findByRole('option', { name: '高一(1)班' });
    await u.selectOptions(screen.getByRole('combobox', { name: '班级' }), '高一(1)班');
    const table = await screen.findByRole('table', { name: '错题本' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      '001张三高一(1)班22蝴蝶×2、展开查看',
    );
    await u.click(screen.getByRole('button', { name: '一键生成复习' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '已生成复习练习“高一(1)班错词复习（11月21日）”（2 个字词）。去布置',
    );
    const [sent] = bodiesOf(api, K(W.wordExerciseReview)) as Record<string, unknown>[];
    expect(sent).toMatchObject({
      classId: 101,
      teachingClassId: null,
      studentId: null,
      subjectId: null,
    });
    expect(String(sent!.idempotencyKey).length).toBeGreaterThanOrEqual(8);
    expect(screen.getByRole('link', { name: '去布置' })).toHaveAttribute(
      'href',
      '/homework/word-exercise/question?id=9',
    );
    // One student's words in full.
    await u.click(screen.getByRole('button', { name: '查看 张三 的错词' }));
    const one = await screen.findByRole('table', { name: '张三的错词' });
    expect(
      within(one)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['蝴蝶语文22026-11-21第一单元听写、第二单元听写', '展开语文12026-11-21第一单元听写']);
    expect(bodiesOf(api, K(W.wordExerciseWrongWords)).at(-1)).toEqual({
      classId: 101,
      teachingClassId: null,
      studentId: 1,
      subjectId: null,
    });
    // 导出错题本: the student's words as Excel.
    const fetchMock = mockXlsxDownload();
    await u.click(screen.getByRole('button', { name: '导出错题本' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]![0]).toBe(`${WORD_WRONG_EXPORT_URL}?classId=101&studentId=1`);
    fetchMock.mockRestore();
    // One student's 复习 (a new request key), then 去布置: the new list's 布置 panel.
    await u.click(screen.getByRole('button', { name: '一键生成复习' }));
    await screen.findByRole('link', { name: '去布置' });
    const [first, second] = bodiesOf(api, K(W.wordExerciseReview)) as Record<string, unknown>[];
    expect(second).toMatchObject({ classId: 101, studentId: 1 });
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
    await u.click(screen.getByRole('link', { name: '去布置' }));
    expect(
      await screen.findByRole('heading', { name: '布置 · 高一(1)班错词复习（11月21日）' }),
    ).toBeInTheDocument();
  }, 30_000);

  it('scans the 听写卡 from the list: uploads each file, then hands an exception to a student', async () => {
    const u = userEvent.setup();
    const scanPage = (over: Partial<HomeworkScanOverview['pages'][number]>) => ({
      id: 1,
      fileName: 'a.png',
      status: 'matched' as const,
      reason: null,
      studentNoRead: '001',
      studentName: '张三',
      submissionId: null,
      createdAt: 1_764_000_000_000,
      page: 1,
      ...over,
    });
    const unreadable = scanPage({
      id: 2,
      fileName: 'b.png',
      status: 'exception',
      reason: '学号填涂不清（第 3 位未涂），请选择学生',
      studentNoRead: null,
      studentName: null,
    });
    const scans: HomeworkScanOverview = {
      expected: 2,
      submitted: 1,
      openExceptions: 1,
      pageCount: 1,
      incomplete: [],
      pages: [unreadable, scanPage({})],
    };
    const api = homeworkApi({
      [K(W.wordExerciseList)]: ok([exercise(), exercise({ id: 8, name: '未布置', classes: [] })]),
      [K(W.wordExerciseDetail)]: ok(exercise()),
      [K(W.wordExerciseMarks)]: ok(students),
      [K(WS.wordScanList)]: ok(scans),
      [K(WS.wordScanUpload)]: ok(scanPage({ id: 3, fileName: 'c.png' })),
      [K(WS.wordScanResolve)]: ok({ ...unreadable, status: 'resolved', studentName: '李四' }),
    });
    await renderApp({
      path: '/homework/word-exercise/question',
      api,
      user: user(),
      pages: homeworkPages,
    });
    // Only an assigned list can be scanned.
    expect(
      await screen.findByRole('link', { name: '扫描 第一单元听写' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '扫描 未布置' })).toBeNull();
    await u.click(screen.getByRole('link', { name: '扫描 第一单元听写' }));
    expect(
      await screen.findByRole('heading', { name: '听写卡扫描 · 第一单元听写' }),
    ).toBeInTheDocument();
    expect(screen.getByText('应交 2 人，已扫描 1 人，待处理异常 1 个')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '批改与正确率' })).toHaveAttribute(
      'href',
      '/homework/word-exercise/accuracy?id=7',
    );
    await u.upload(screen.getByLabelText('上传扫描答题卡'), [
      new File(['png'], 'c.png', { type: 'image/png' }),
    ]);
    await vi.waitFor(() =>
      expect(bodiesOf(api, K(WS.wordScanUpload))[0]).toMatchObject({ id: 7, fileName: 'c.png' }),
    );
    expect(await screen.findByText('已上传 1 个文件')).toBeInTheDocument();
    const row = within(screen.getByRole('table', { name: '扫描记录' })).getByRole('row', {
      name: /b\.png/,
    });
    expect(row).toHaveTextContent('学号填涂不清（第 3 位未涂），请选择学生');
    await u.selectOptions(within(row).getByRole('combobox'), '高一(1)班 李四（002）');
    await u.click(within(row).getByRole('button', { name: '确定' }));
    expect(bodiesOf(api, K(WS.wordScanResolve))).toEqual([{ pageId: 2, studentId: 2 }]);
  }, 30_000);
});
