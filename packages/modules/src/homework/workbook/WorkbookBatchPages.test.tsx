import {
  analyst,
  batch,
  batchDetail,
  chapterOf,
  chapterRef,
  renderWorkbook,
  SEAT_CODES,
  taggedChapter,
  W,
  workbookApi,
} from '../test/workbook';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { menuUser, myScope, ok } from '../../test/fixtures';
import { bodiesOf, K } from '../test/fixtures';

describe('教辅: 列表与编辑', () => {
  it('opens from 作业分析, creates a workbook for classes and lands on its chapters', async () => {
    const user = userEvent.setup();
    const api = workbookApi({
      [K(W.workbookBatches)]: ok([]),
      [K(W.workbookBatchCreate)]: ok({ id: 3 }),
    });
    await renderWorkbook('/homework/teaching-assistant/summary', api);
    const tabs = await screen.findByRole('navigation', { name: '作业分析' }, { timeout: 10_000 });
    await user.click(within(tabs).getByRole('link', { name: '教辅' }));
    expect(await screen.findByText('还没有教辅', {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '新建教辅' }));
    await user.click(await screen.findByRole('button', { name: '创建教辅' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请填写教辅名称');
    await user.type(screen.getByRole('textbox', { name: /教辅名称/ }), batch.name);
    await user.type(screen.getByRole('textbox', { name: '出版社' }), '人民教育出版社');
    await user.click(screen.getByRole('checkbox', { name: /四年级\(1\)班/ }));
    // A teaching class (教学班) is offered beside the classes, as 布置 offers it.
    await user.click(screen.getByRole('checkbox', { name: '数学提高班（教学班）（12 人）' }));
    await user.click(screen.getByRole('button', { name: '创建教辅' }));
    const chapters = await screen.findByRole('table', { name: '章节列表' }, { timeout: 10_000 });
    expect(bodiesOf(api, K(W.workbookBatchCreate))).toEqual([
      {
        name: batch.name,
        publisher: '人民教育出版社',
        gradeId: 4,
        subjectId: 2,
        classIds: [41],
        teachingClassIds: [7],
        idempotencyKey: expect.any(String),
      },
    ]);
    const rows = within(chapters).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('1第一单元 大数的认识已布置320403830');
    expect(within(rows[1]!).getByRole('link', { name: '批改第一单元 大数的认识' })).toHaveAttribute(
      'href',
      '/homework/teaching-assistant/correct?id=5',
    );
    // A chapter not yet assigned offers 布置 only.
    expect(within(rows[2]!).queryByRole('link', { name: /扫描/ })).toBeNull();
    expect(within(rows[2]!).getByRole('link', { name: /^布置/ })).toHaveTextContent('布置');
  }, 30_000);

  it('edits the workbook, renames a chapter and deletes one without hand-ins', async () => {
    const user = userEvent.setup();
    const api = workbookApi({
      [K(W.workbookBatchUpdate)]: ok({ ...batch, publisher: '' }),
      [K(W.workbookChapterUpdate)]: ok({ ...chapterRef, title: '第一单元 大数' }),
      [K(W.workbookChapterRemove)]: ok(null),
    });
    await renderWorkbook('/homework/teaching-assistant/batchDetail?id=3', api);
    const chapters = await screen.findByRole('table', { name: '章节列表' }, { timeout: 10_000 });
    // A chapter with hand-ins is renamed, never deleted; so is the workbook holding it.
    expect(within(chapters).queryByRole('button', { name: '删除 第一单元 大数的认识' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除教辅' })).toBeNull();
    expect(screen.getByText(/已有学生提交的章节不能删除/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '编辑教辅' }));
    const publisher = await screen.findByRole('textbox', { name: '出版社' });
    await user.clear(publisher);
    await user.click(screen.getByRole('button', { name: '保存教辅' }));
    expect(bodiesOf(api, K(W.workbookBatchUpdate))).toEqual([
      { id: 3, name: batch.name, publisher: '', classIds: [41], teachingClassIds: [] },
    ]);

    await user.click(within(chapters).getByRole('button', { name: '重命名 第一单元 大数的认识' }));
    const title = await screen.findByRole('textbox', { name: /章节名称/ });
    await user.clear(title);
    await user.type(title, '第一单元 大数');
    await user.click(screen.getByRole('button', { name: '保存章节名称' }));
    expect(bodiesOf(api, K(W.workbookChapterUpdate))).toEqual([{ id: 5, title: '第一单元 大数' }]);

    await user.click(
      within(chapters).getByRole('button', { name: '删除 第二单元 公顷和平方千米' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: '删除章节' });
    await user.click(within(dialog).getByRole('button', { name: '确定删除' }));
    expect(bodiesOf(api, K(W.workbookChapterRemove))).toEqual([{ id: 6 }]);
  }, 30_000);

  it('hides every change from one who may not make it and from the bureau seat', async () => {
    for (const [who, extra] of [
      [
        'another teacher',
        {
          [K(W.workbookBatchDetail)]: ok({ ...batchDetail, batch: { ...batch, editable: false } }),
        },
      ],
      [
        'the seat',
        {
          'POST /marking-user/user/school/my_scope': ok(
            myScope({ schoolWide: false, reader: true }),
          ),
        },
      ],
    ] as const) {
      const view = await renderWorkbook(
        '/homework/teaching-assistant/batchDetail?id=3',
        workbookApi(extra),
      );
      const chapters = await screen.findByRole('table', { name: '章节列表' }, { timeout: 10_000 });
      expect(within(chapters).getAllByRole('row')[1], who).toHaveTextContent('第一单元 大数的认识');
      expect(screen.queryByRole('button', { name: '编辑教辅' }), who).toBeNull();
      expect(within(chapters).queryByRole('button', { name: /重命名|删除/ }), who).toBeNull();
      view.unmount();
      // The chapter's questions show their points without 标注知识点 or 编辑题目.
      const chapter = await renderWorkbook(
        '/homework/teaching-assistant/chapter?id=5',
        workbookApi({ ...chapterOf(taggedChapter), ...extra }),
        who === 'the seat' ? menuUser(SEAT_CODES) : analyst(),
      );
      const questions = await screen.findByRole('table', { name: '题目列表' }, { timeout: 10_000 });
      expect(within(questions).getAllByRole('row')[2], who).toHaveTextContent('分数的加减');
      expect(within(questions).getAllByRole('row')[1], who).toHaveTextContent('未标注');
      expect(screen.queryByRole('button', { name: /标注知识点/ }), who).toBeNull();
      expect(screen.queryByRole('navigation', { name: '编辑题目' }), who).toBeNull();
      // 打印答题卡 is 校本作业's, which the seat does not hold.
      expect(screen.queryByRole('button', { name: '打印答题卡' }) === null, who).toBe(
        who === 'the seat',
      );
      chapter.unmount();
    }
  }, 30_000);
});
