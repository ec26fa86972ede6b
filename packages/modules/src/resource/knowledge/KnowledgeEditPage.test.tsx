import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type KnowledgeNode } from '@examkit/contracts';
import { SCHOOL_ROUTES, createFakeApi, menuUser, fail, ok, renderApp } from '../../test/fixtures';
import { resourcePages } from '../index';

afterEach(() => vi.restoreAllMocks());

const CODES = ['Home', 'Resources', 'Generate'];
const M = '/marking-resources';
const NODES: KnowledgeNode[] = [
  { id: 1, parentId: null, name: '数列', ord: 0, shared: true, questionCount: 0 },
  { id: 3, parentId: 1, name: '数列专题', ord: 0, shared: false, questionCount: 2 },
];

describe('知识点编辑', () => {
  it('adds under a shared node, renames the school node and shows a refused delete', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [`POST ${M}/common/listSubject`]: ok([{ subjectCode: '02', subjectName: '数学' }]),
      [`POST ${M}/common/listStage`]: ok([{ stage: 3, stageName: '高中', grades: [] }]),
      [`POST ${M}/common/listPoint`]: ok(NODES),
      [`POST ${M}/point/add`]: ok({ id: 9 }),
      [`POST ${M}/point/rename`]: ok(null),
      [`POST ${M}/point/delete`]: fail(400, '该知识点已被 2 道试题使用，不能删除'),
    });
    await renderApp({
      path: '/resource/knowledge-edit',
      api,
      user: menuUser(CODES),
      pages: resourcePages,
    });
    await screen.findByRole('button', { name: '数列' });
    // Shared nodes offer only 添加下级.
    expect(screen.queryByRole('button', { name: '重命名：数列' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '添加下级：数列' }));
    const add = await screen.findByRole('dialog', { name: '添加知识点' });
    await userEvent.type(within(add).getByLabelText('知识点名称'), '数列求和');
    await userEvent.keyboard('{Tab}');
    await userEvent.click(within(add).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(api.lastBody(`${M}/point/add`)).toMatchObject({
        subjectCode: '02',
        stage: 3,
        parentId: 1,
        name: '数列求和',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: '重命名：数列专题' }));
    const rename = await screen.findByRole('dialog', { name: '重命名知识点' });
    const field = within(rename).getByLabelText('知识点名称');
    await userEvent.clear(field);
    await userEvent.type(field, '数列综合');
    await userEvent.click(within(rename).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(api.lastBody(`${M}/point/rename`)).toMatchObject({ id: 3, name: '数列综合' }),
    );
    await userEvent.click(screen.getByRole('button', { name: '删除：数列专题' }));
    await userEvent.click(await screen.findByRole('button', { name: '确定删除' }));
    expect(await screen.findByText('该知识点已被 2 道试题使用，不能删除')).toBeTruthy();
  });
});
