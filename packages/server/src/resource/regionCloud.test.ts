import {
  authRoutes,
  basketRoutes as b,
  paperRoutes as p,
  regionCloudRoutes as rc,
  resourceQuestionRoutes as rq,
  type DataOf,
  type RouteContract,
} from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEAT_READ_ONLY_MESSAGE } from '../core/seatAccess';
import { DEMO_PASSWORD } from '../seed/seedDemo';
import { call, DIALECTS, signIn } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';
import { mathQuestion as math } from './bankFixtures';
import { insertPaper } from './papers';
import { insertQuestion } from './questions';
import { similarQuestions } from './similar';
import { addPoint } from './testKit';

type List = DataOf<typeof rq.questionList>;
type Papers = DataOf<typeof p.cloudList>;

describe.each(DIALECTS)('the region cloud bank on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  const tokens: Record<string, string> = {};
  const as = <T = unknown>(login: string, contract: RouteContract, body: object = {}) =>
    call<T>(server.app, contract, { token: tokens[login]!, body: body as Record<string, unknown> });
  const ok = async <T>(login: string, contract: RouteContract, body: object = {}): Promise<T> => {
    const reply = await as<T>(login, contract, body);
    expect(reply.body.code, reply.body.msg).toBe(200);
    return reply.body.data;
  };
  const cloudStems = async (login: string) =>
    (
      await ok<List>(login, rq.questionList, {
        bank: 'cloud',
        subjectCode: 'math',
        pageNum: 1,
        pageSize: 100,
      })
    ).list.map((q) => q.stem);
  const cloudPapers = async (login: string) =>
    (await ok<Papers>(login, p.cloudList, { pageNum: 1, pageSize: 100 })).list.map((x) => x.title);

  let own: number;
  let composite: number;
  let paperId: number;
  let sharedPoint: number;
  let schoolPoint: number;

  beforeAll(async () => {
    for (const login of ['teacher', 'director', 'lab-admin'])
      tokens[login] = (await signIn(server.app, login)).token;
    const bureau = await call<{ token: string }>(server.app, authRoutes.loginPassword, {
      body: { loginName: 'bureau', password: DEMO_PASSWORD, schoolId: server.seed.demoSchoolId },
    });
    expect(bureau.body.code, bureau.body.msg).toBe(200);
    tokens.bureau = bureau.body.data.token;

    const school = server.seed.demoSchoolId;
    sharedPoint = await addPoint(server.db, '区域·函数');
    schoolPoint = await addPoint(server.db, '本校·专题', { schoolId: school });
    const mine = { schoolId: school, userId: null };
    own = await insertQuestion(
      server.db,
      server.clock,
      mine,
      math({ stem: '区域云题库样题：$x^2=4$ 的正根是', pointIds: [sharedPoint, schoolPoint] }),
    );
    composite = await insertQuestion(
      server.db,
      server.clock,
      mine,
      math({
        type: 'composite',
        stem: '区域云题库材料题：阅读下列材料',
        options: [],
        answer: '',
        children: [
          { type: 'blank', stem: '（1）$1+1=$____', options: [], answer: '2', analysis: '' },
          { type: 'blank', stem: '（2）$2+2=$____', options: [], answer: '4', analysis: '' },
        ],
      }),
    );
    await insertQuestion(
      server.db,
      server.clock,
      { schoolId: null, userId: null },
      math({ stem: '全国云题库样题：$3+4=$' }),
    );
    paperId = await insertPaper(
      server.db,
      mine,
      {
        subjectCode: 'math',
        title: '区域联研数学卷',
        subtitle: '',
        durationMinutes: 40,
        gradeNum: 10,
        sections: [
          { title: '选择题', questions: [{ questionId: own, score: 5 }] },
          { title: '材料题', questions: [{ questionId: composite, score: 10 }] },
        ],
      },
      0,
      null,
    );
  }, 60_000);

  it('lets only the bureau seat of a member school publish; school staff and the seat’s writes are refused', async () => {
    expect(await ok('bureau', rc.status)).toEqual({ canPublish: true, regionName: '示范区' });
    expect(await ok('director', rc.status)).toEqual({ canPublish: false, regionName: null });
    const refused = await as('director', rc.publishQuestion, { questionId: own });
    expect(refused.body.code).toBe(403);
    expect(refused.body.msg).toBe('只有教育局账号可以发布到区域云题库');
    // The seat reads the school's papers but changes nothing of the school's resources.
    expect(
      (await ok<Papers>('bureau', p.schoolList, { pageNum: 1, pageSize: 50 })).list.map(
        (x) => x.title,
      ),
    ).toContain('区域联研数学卷');
    const point = await as('bureau', rq.pointAdd, {
      subjectCode: 'math',
      stage: 3,
      parentId: null,
      name: '教育局加的点',
    });
    expect(point.body.code).toBe(403);
    expect(point.body.msg).toBe(SEAT_READ_ONLY_MESSAGE);
  });

  it('publishes a question once into the region bank, with the shared tree’s points only', async () => {
    const first = await ok<{ questionId: number; created: boolean }>('bureau', rc.publishQuestion, {
      questionId: own,
    });
    expect(first.created).toBe(true);
    expect(first.questionId).not.toBe(own);
    const again = await ok<{ questionId: number; created: boolean }>('bureau', rc.publishQuestion, {
      questionId: own,
    });
    expect(again).toEqual({ questionId: first.questionId, created: false });
    const copy = await server.db
      .selectFrom('questions')
      .select(['school_id', 'region_id', 'stem'])
      .where('id', '=', first.questionId)
      .executeTakeFirstOrThrow();
    expect(copy.school_id).toBeNull();
    expect(copy.region_id).not.toBeNull();
    const got = await ok<DataOf<typeof rq.questionGet>>('teacher', rq.questionGet, {
      id: first.questionId,
    });
    expect(got).toMatchObject({ bank: 'cloud', stem: '区域云题库样题：$x^2=4$ 的正根是' });
    expect(got.points.map((x) => x.name)).toEqual(['区域·函数']);
    // A cloud question is not published again, nor another school's.
    expect(
      (await as('bureau', rc.publishQuestion, { questionId: first.questionId })).body.code,
    ).toBe(404);
  });

  it('publishes a paper with its questions; every school of the region reads it beside the national cloud', async () => {
    const published = await ok<{ paperId: number; created: boolean }>('bureau', rc.publishPaper, {
      id: paperId,
    });
    expect(published.created).toBe(true);
    expect(await ok('bureau', rc.publishPaper, { id: paperId })).toEqual({
      paperId: published.paperId,
      created: false,
    });
    for (const login of ['director', 'lab-admin']) {
      expect(await cloudPapers(login)).toContain('区域联研数学卷');
      const stems = await cloudStems(login);
      expect(stems).toContain('区域云题库样题：$x^2=4$ 的正根是');
      expect(stems).toContain('区域云题库材料题：阅读下列材料');
      expect(stems).toContain('全国云题库样题：$3+4=$');
    }
    // The lab school (same region) opens the paper (cloudPreiew) with the composite's parts.
    const detail = await ok<DataOf<typeof p.detail>>('lab-admin', p.detail, {
      id: published.paperId,
    });
    expect(detail.bank).toBe('cloud');
    expect(detail.sections.map((s) => s.questions.length)).toEqual([1, 1]);
    const materials = detail.sections[1]!.questions[0]!.question;
    expect(materials.bank).toBe('cloud');
    expect(materials.children.map((c) => c.answer)).toEqual(['2', '4']);
    // The question it reused was the copy published before, not a second one.
    const copies = await server.db
      .selectFrom('questions')
      .select('id')
      .where('stem', '=', '区域云题库样题：$x^2=4$ 的正根是')
      .where('school_id', 'is', null)
      .execute();
    expect(copies).toHaveLength(1);
    // And the lab school puts it into its basket.
    const added = await as('lab-admin', b.add, { questionId: materials.id });
    expect(added.body.code, added.body.msg).toBe(200);
  });

  it('keeps a region’s cloud bank from a school of another region', async () => {
    const region = await server.db
      .insertInto('regions')
      .values({
        code: 'other-district',
        name: '邻区',
        level: 'district',
        parent_id: null,
        created_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('region_schools')
      .set({ region_id: region.id })
      .where('school_id', '=', server.seed.labSchoolId)
      .execute();
    const regionPaper = await server.db
      .selectFrom('papers')
      .select('id')
      .where('title', '=', '区域联研数学卷')
      .where('school_id', 'is', null)
      .executeTakeFirstOrThrow();
    const regionQuestion = await server.db
      .selectFrom('questions')
      .select('id')
      .where('stem', '=', '区域云题库样题：$x^2=4$ 的正根是')
      .where('school_id', 'is', null)
      .executeTakeFirstOrThrow();

    const stems = await cloudStems('lab-admin');
    expect(stems).toContain('全国云题库样题：$3+4=$');
    expect(stems.filter((s) => s.startsWith('区域云题库'))).toEqual([]);
    expect(await cloudPapers('lab-admin')).not.toContain('区域联研数学卷');
    expect((await as('lab-admin', p.detail, { id: regionPaper.id })).body.code).toBe(404);
    expect((await as('lab-admin', rq.questionGet, { id: regionQuestion.id })).body.code).toBe(404);
    expect((await as('lab-admin', b.add, { questionId: regionQuestion.id })).body.code).toBe(404);
    const similar = await similarQuestions(server.db, server.seed.labSchoolId, {
      text: '区域云题库样题：$x^2=4$ 的正根是',
      subjectCode: 'math',
      limit: 50,
    });
    expect(similar.map((s) => s.question.id)).not.toContain(regionQuestion.id);
    // The demo school, still in the first region, keeps reading it.
    expect(await cloudStems('director')).toContain('区域云题库样题：$x^2=4$ 的正根是');
    const demoSimilar = await similarQuestions(server.db, server.seed.demoSchoolId, {
      text: '区域云题库样题：$x^2=4$ 的正根是',
      subjectCode: 'math',
      limit: 50,
    });
    expect(demoSimilar.map((s) => s.question.id)).toContain(regionQuestion.id);
  });
});
