import {
  resourceQuestionRoutes as R,
  type BankQuestionInput,
  type BankQuestionItem,
  type KnowledgeNode,
  type Page,
  type SimilarQuestion,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';

const question = (over: Partial<BankQuestionInput> = {}): BankQuestionInput => ({
  subjectCode: '04',
  stage: 3,
  gradeNum: 10,
  type: 'single',
  difficulty: 3,
  stem: '已知抛物线 $y=x^2-4x+3$，求它的对称轴。',
  options: ['$x=1$', '$x=2$', '$x=3$', '$x=4$'],
  answer: 'B',
  analysis: '对称轴 $x=-\\frac{b}{2a}=2$。',
  pointIds: [],
  source: '测试卷',
  year: 2026,
  tags: [],
  children: [],
  ...over,
});

describe.each(DIALECTS)('question bank calls on %s', (dialect) => {
  let s: TestServer;
  let teacher: string;
  let lab: string;
  let root: number;
  let leaf: number;
  let seq = 0;

  const as = <T>(token: string, route: (typeof R)[keyof typeof R], body: Record<string, unknown>) =>
    call<T>(s.app, route, { token, body });
  const add = async (over: Partial<BankQuestionInput> = {}, token = teacher) => {
    seq += 1;
    const r = await as<{ id: number }>(token, R.questionAdd, {
      question: question(over),
      requestId: `req-${dialect}-${seq}`,
    });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data.id;
  };
  const list = async (body: Record<string, unknown>, token = teacher) => {
    const r = await as<Page<BankQuestionItem>>(token, R.questionList, {
      bank: 'school',
      subjectCode: '04',
      ...body,
    });
    expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };

  beforeAll(async () => {
    s = await startTestServer(dialect);
    teacher = (await signIn(s.app, 'teacher')).token;
    lab = (await signIn(s.app, 'lab-admin')).token;
    const rootId = await as<{ id: number }>(teacher, R.pointAdd, {
      subjectCode: '04',
      stage: 3,
      parentId: null,
      name: '测试·函数',
    });
    root = rootId.body.data.id;
    leaf = (
      await as<{ id: number }>(teacher, R.pointAdd, {
        subjectCode: '04',
        stage: 3,
        parentId: root,
        name: '测试·二次函数',
      })
    ).body.data.id;
  }, 60_000);
  afterAll(() => s.close());

  it('finds questions by Chinese words of the stem, together with the filters', async () => {
    const a = await add({ pointIds: [leaf], difficulty: 2 });
    const b = await add({
      stem: '一个等差数列的首项为 3，公差为 2，求第十项。',
      type: 'blank',
      options: [],
    });
    const c = await add({
      stem: '抛物线的顶点在第一象限，开口向下，写出一个满足条件的函数。',
      type: 'answer',
      options: [],
    });
    expect((await list({ keyWord: '对称轴' })).list.map((q) => q.id)).toEqual([a]);
    expect((await list({ keyWord: '抛物线' })).list.map((q) => q.id)).toEqual([c, a]);
    expect((await list({ keyWord: '等差数列 公差' })).list.map((q) => q.id)).toEqual([b]);
    expect((await list({ keyWord: '抛物线', type: 'answer' })).list.map((q) => q.id)).toEqual([c]);
    expect((await list({ keyWord: '抛物线', difficulty: 2 })).list.map((q) => q.id)).toEqual([a]);
    expect((await list({ keyWord: '等比数列' })).total).toBe(0);
    // A knowledge point finds the questions of the nodes below it too.
    expect((await list({ pointId: root })).list.map((q) => q.id)).toEqual([a]);
    expect((await list({ pointId: root, keyWord: '等差' })).total).toBe(0);
    const page = await list({ pageSize: 2, pageNum: 1 });
    expect(page.list).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);

    // 文本搜题 (resource processing) searches the same index by words alone, whatever the filters.
    const search = async (keyWord: string, token = teacher) =>
      as<Page<BankQuestionItem>>(token, R.textSearch, {
        bank: 'school',
        subjectCode: '04',
        keyWord,
        pageNum: 1,
        pageSize: 20,
      });
    const found = await search('抛物线');
    expect(found.body.code, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data.list.map((q) => q.id)).toEqual([c, a]);
    expect((await search('等差数列 公差')).body.data.list.map((q) => q.id)).toEqual([b]);
    expect((await search('抛物线', lab)).body.data.list.map((q) => q.id)).not.toContain(a);
  });

  it('keeps an edit as a version, refuses a stale one and re-indexes the new stem', async () => {
    const id = await add();
    const edit = await as<{ version: number }>(teacher, R.questionUpdate, {
      id,
      version: 1,
      question: question({ stem: '已知双曲线的离心率为 2，求渐近线方程。' }),
    });
    expect(edit.body.data).toEqual({ version: 2 });
    const stale = await as(teacher, R.questionUpdate, { id, version: 1, question: question() });
    expect(stale.body.msg).toBe('试题已被他人修改，请刷新后重试');
    expect((await list({ keyWord: '渐近线' })).list.map((q) => q.id)).toEqual([id]);
    expect((await list({ keyWord: '对称轴' })).list.map((q) => q.id)).not.toContain(id);
    const versions = await as<{ version: number; editedBy: string; question: BankQuestionItem }[]>(
      teacher,
      R.questionVersions,
      { id },
    );
    expect(versions.body.data.map((v) => [v.version, v.editedBy, v.question.stem])).toEqual([
      [1, '李老师', question().stem],
    ]);
  });

  it('adds once for a retried request, and deletes softly out of lists and search', async () => {
    const body = {
      question: question({ stem: '重试测试：求函数的零点个数。' }),
      requestId: `again-${dialect}`,
    };
    const first = await as<{ id: number }>(teacher, R.questionAdd, body);
    const second = await as<{ id: number }>(teacher, R.questionAdd, body);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect((await list({ keyWord: '零点' })).total).toBe(1);
    expect((await as(teacher, R.questionDelete, { id: first.body.data.id })).body.code).toBe(200);
    expect((await list({ keyWord: '零点' })).total).toBe(0);
    expect((await as(teacher, R.questionGet, { id: first.body.data.id })).body.msg).toBe(
      '试题不存在',
    );
  });

  it("refuses another school's questions and points, and keeps the cloud bank read-only", async () => {
    const own = await add({ stem: '本校专属题目：求圆的面积。', options: ['1', '2'] });
    for (const route of [R.questionGet, R.questionDelete, R.questionVersions])
      expect((await as(lab, route, { id: own })).body.msg).toBe('试题不存在');
    const upd = await as(lab, R.questionUpdate, { id: own, version: 1, question: question() });
    expect(upd.body.msg).toBe('试题不存在');
    const labList = await as<Page<BankQuestionItem>>(lab, R.questionList, {
      bank: 'school',
      subjectCode: '04',
      keyWord: '圆的面积',
    });
    expect(labList.body.data.total).toBe(0);
    expect((await as(lab, R.pointRename, { id: leaf, name: '改名' })).body.msg).toBe(
      '知识点不存在',
    );

    const cloud = (await s.db
      .selectFrom('questions')
      .select('id')
      .where('school_id', 'is', null)
      .where('parent_id', 'is', null)
      .executeTakeFirst())!;
    expect(cloud, 'the demo bank has cloud questions').toBeDefined();
    const got = await as<BankQuestionItem>(lab, R.questionGet, { id: cloud.id });
    expect(got.body.data.bank).toBe('cloud');
    expect((await as(teacher, R.questionDelete, { id: cloud.id })).body.msg).toBe('试题不存在');
    const cloudEdit = await as(teacher, R.questionUpdate, {
      id: cloud.id,
      version: got.body.data.version,
      question: question(),
    });
    expect(cloudEdit.body.msg).toBe('试题不存在');
  });

  it('refuses the calls to a role without the resource keys', async () => {
    const grader = (await signIn(s.app, 'grader')).token;
    expect((await as(grader, R.questionList, { bank: 'school', subjectCode: '04' })).body.msg).toBe(
      '没有题库权限',
    );
  });

  it('edits the school tree: shared nodes read-only, used nodes kept, no loops', async () => {
    const tree = async (subjectCode = '04') =>
      (await as<KnowledgeNode[]>(teacher, R.listPoint, { subjectCode, stage: 3 })).body.data;
    const shared = (await tree('02')).find((n) => n.shared);
    expect(shared, 'the demo bank has a shared tree').toBeDefined();
    expect((await as(teacher, R.pointRename, { id: shared!.id, name: 'x' })).body.msg).toBe(
      '公共知识点不能修改，只能在其下添加本校知识点',
    );
    const under = await as<{ id: number }>(teacher, R.pointAdd, {
      subjectCode: '02',
      stage: 3,
      parentId: shared!.id,
      name: '本校拓展',
    });
    expect(under.body.code).toBe(200);
    const dup = await as(teacher, R.pointAdd, {
      subjectCode: '02',
      stage: 3,
      parentId: shared!.id,
      name: '本校拓展',
    });
    expect(dup.body.msg).toBe('同一级已有知识点“本校拓展”');
    expect((await as(teacher, R.pointMove, { id: root, parentId: leaf })).body.msg).toBe(
      '不能移动到自己或下级知识点之下',
    );
    expect((await as(teacher, R.pointDelete, { id: root })).body.msg).toBe('请先删除下级知识点');
    expect((await as(teacher, R.pointDelete, { id: leaf })).body.msg).toMatch(
      /^该知识点已被 \d+ 道试题使用，不能删除$/,
    );
    expect((await as(teacher, R.pointRename, { id: leaf, name: '二次函数的图像' })).body.code).toBe(
      200,
    );
    expect(
      (await as(teacher, R.pointMove, { id: under.body.data.id, parentId: null })).body.code,
    ).toBe(200);
    expect((await as(teacher, R.pointDelete, { id: under.body.data.id })).body.code).toBe(200);
    expect((await tree('02')).some((n) => n.id === under.body.data.id)).toBe(false);
    const after = await tree();
    expect(after.find((n) => n.id === leaf)).toMatchObject({
      name: '二次函数的图像',
      parentId: root,
      questionCount: 1,
    });
  });

  it('ranks similar questions by stem and points, the same way every time', async () => {
    const base = await add({
      stem: '已知等比数列的首项为 2，公比为 3，求前 5 项和。',
      options: ['1', '2'],
      pointIds: [leaf],
    });
    const near = await add({
      stem: '已知等比数列的首项为 4，公比为 2，求前 6 项和。',
      options: ['1', '2'],
      pointIds: [leaf],
    });
    const far = await add({ stem: '已知等比数列的首项为 1，求通项公式。', options: ['1', '2'] });
    const ask = () =>
      as<SimilarQuestion[]>(teacher, R.similarRecommend, {
        subjectCode: '04',
        questionId: base,
        limit: 5,
      });
    const first = (await ask()).body.data;
    const ids = first.map((x) => x.question.id);
    expect(ids).not.toContain(base);
    expect(ids[0]).toBe(near);
    if (ids.includes(far)) expect(ids.indexOf(far)).toBeGreaterThan(0);
    expect(first[0]!.pointOverlap).toBe(1);
    expect((await ask()).body.data).toEqual(first);
    const byText = await as<SimilarQuestion[]>(teacher, R.similarRecommend, {
      subjectCode: '04',
      text: '已知等比数列的首项为 4，公比为 2，求前 6 项和。',
      limit: 3,
    });
    expect(byText.body.data[0]!.question.id).toBe(near);
    expect(byText.body.data[0]!.similarity).toBe(1);
  });

  it('lists the school subjects and stages', async () => {
    const subjects = await as<{ subjectCode: string; subjectName: string }[]>(
      teacher,
      R.listSubject,
      {},
    );
    expect(subjects.body.data.slice(0, 3)).toEqual([
      { subjectCode: '01', subjectName: '语文' },
      { subjectCode: '02', subjectName: '数学' },
      { subjectCode: '03', subjectName: '英语' },
    ]);
    const stages = await as<{ stage: number; stageName: string }[]>(teacher, R.listStage, {});
    expect(stages.body.data.map((st) => st.stageName)).toEqual(['高中']);
  });
});
