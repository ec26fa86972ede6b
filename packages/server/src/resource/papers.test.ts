import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  basketRoutes as b,
  DOWNLOAD_FILE_URL,
  downloadRoutes as d,
  paperDownloads,
  paperRoutes as p,
  type DataOf,
  type RouteContract,
} from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';
import { mathQuestion } from './bankFixtures';
import { insertPaper } from './papers';
import { insertQuestion } from './questions';
import { readDocx } from './word/readDocx';
import { gradeOf } from '../exam/testKit';
import { addPoint } from './testKit';

const math = mathQuestion;

type Paper = DataOf<typeof p.detail>;

describe.each(DIALECTS)('basket and papers on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  const tokens: Record<string, string> = {};
  const userIds: Record<string, number> = {};
  const as = <T = unknown>(login: string, contract: RouteContract, body?: object) =>
    call<T>(server.app, contract, {
      token: tokens[login]!,
      ...(body ? { body: body as Record<string, unknown> } : {}),
    });
  const ok = async <T>(login: string, contract: RouteContract, body?: object): Promise<T> => {
    const reply = await as<T>(login, contract, body);
    expect(reply.body.code, reply.body.msg).toBe(200);
    return reply.body.data;
  };
  const q: Record<string, number> = {};
  let labQuestion: number;
  let point: number;

  beforeAll(async () => {
    for (const login of ['teacher', 'director', 'lab-admin', 'grader']) {
      const info = await signIn(server.app, login);
      tokens[login] = info.token;
      userIds[login] = Number(info.userId);
    }
    const school = server.seed.demoSchoolId;
    const clock = server.clock;
    point = await addPoint(server.db, '集合');
    const own = { schoolId: school, userId: null };
    q.single1 = await insertQuestion(server.db, clock, own, math({ pointIds: [point] }));
    q.single2 = await insertQuestion(server.db, clock, own, math({ stem: '$1+1=$', answer: 'B' }));
    q.single3 = await insertQuestion(
      server.db,
      clock,
      own,
      math({ stem: '与集合有关的另一题', pointIds: [point] }),
    );
    q.multiple = await insertQuestion(
      server.db,
      clock,
      own,
      math({ type: 'multiple', stem: '下列是偶数的有', answer: 'BD' }),
    );
    q.judge = await insertQuestion(
      server.db,
      clock,
      own,
      math({ type: 'judge', stem: '空集是任何集合的子集', options: [], answer: '对' }),
    );
    q.blank = await insertQuestion(
      server.db,
      clock,
      own,
      math({ type: 'blank', stem: '$\\sqrt{9}=$____', options: [], answer: '3' }),
    );
    q.composite = await insertQuestion(
      server.db,
      clock,
      own,
      math({
        type: 'composite',
        stem: '已知函数 $f(x)=x^2$。',
        options: [],
        answer: '',
        children: [
          { type: 'blank', stem: '$f(2)=$____', options: [], answer: '4', analysis: '' },
          { type: 'answer', stem: '求 $f(x)$ 的最小值', options: [], answer: '0', analysis: '' },
        ],
      }),
    );
    q.chinese = await insertQuestion(
      server.db,
      clock,
      own,
      math({ subjectCode: 'chinese', stem: '下列词语书写正确的一项是' }),
    );
    labQuestion = await insertQuestion(
      server.db,
      clock,
      { schoolId: server.seed.labSchoolId, userId: null },
      math({}),
    );
  }, 180_000);

  const count = async (login: string) =>
    (
      await ok<{ questCount: number }>(login, b.count, {
        userId: userIds[login],
        subjectCode: 'math',
      })
    ).questCount;

  it('adds idempotently, groups by type, and the basket survives a new session', async () => {
    await ok('teacher', b.add, { questionId: q.single1 });
    expect(
      (await ok<{ questCount: number }>('teacher', b.add, { questionId: q.single1 })).questCount,
    ).toBe(1);
    await ok('teacher', b.batchAdd, {
      questionIds: [q.single1!, q.multiple!, q.judge!, q.blank!, q.composite!],
    });
    expect(await count('teacher')).toBe(5);
    // Another user's basket is their own.
    expect(await count('director')).toBe(0);

    tokens.teacher = (await signIn(server.app, 'teacher')).token;
    const list = await ok<DataOf<typeof b.list>>('teacher', b.list, { subjectCode: 'math' });
    expect(list.total).toBe(5);
    expect(list.groups.map((g) => [g.typeName, g.questions.map((x) => x.id)])).toEqual([
      ['单选题', [q.single1]],
      ['多选题', [q.multiple]],
      ['填空题', [q.blank]],
      ['判断题', [q.judge]],
      ['综合题', [q.composite]],
    ]);
    expect(
      (await ok<{ questionIds: number[] }>('teacher', b.ids, { subjectCode: 'math' })).questionIds,
    ).toHaveLength(5);
  });

  it('refuses another school’s question, a mixed-subject batch, and another user’s count', async () => {
    const foreign = await as('teacher', b.add, { questionId: labQuestion });
    expect(foreign.body).toMatchObject({ code: 404, msg: '试题不存在' });
    const mixed = await as('teacher', b.batchAdd, { questionIds: [q.single2, q.chinese] });
    expect(mixed.body).toMatchObject({ code: 400, msg: '一次只能加入同一学科的试题' });
    const other = await as('teacher', b.count, { userId: userIds.director, subjectCode: 'math' });
    expect(other.body.code).toBe(403);
    // 阅卷老师 has no resource area at all.
    expect(
      (await as('grader', b.count, { userId: userIds.grader, subjectCode: 'math' })).body.code,
    ).toBe(403);
    expect(await count('teacher')).toBe(5);
  });

  it('replaces a question in its place by a similar one, removes, releases and clears', async () => {
    const { replacementId } = await ok<{ replacementId: number }>('teacher', b.replace, {
      questionId: q.single1,
    });
    // The one sharing the knowledge point 集合 comes before the one that does not.
    expect(replacementId).toBe(q.single3);
    const single = (await ok<DataOf<typeof b.list>>('teacher', b.list, { subjectCode: 'math' }))
      .groups[0]!;
    expect(single.questions.map((x) => x.id)).toEqual([q.single3]);
    const back = await ok<{ replacementId: number }>('teacher', b.replace, {
      questionId: q.single3,
      replacementId: q.single1,
    });
    expect(back.replacementId).toBe(q.single1);
    const dup = await as('teacher', b.replace, {
      questionId: q.single1,
      replacementId: q.multiple,
    });
    expect(dup.body).toMatchObject({ code: 400, msg: '替换的试题已在试题篮中' });

    await ok('director', b.batchAdd, { questionIds: [q.single1, q.single2, q.judge] });
    expect(
      (await ok<{ questCount: number }>('director', b.remove, { questionId: q.single1 }))
        .questCount,
    ).toBe(2);
    expect(
      (await ok<{ questCount: number }>('director', b.release, { questionIds: [q.single2] }))
        .questCount,
    ).toBe(1);
    expect(
      (await ok<{ questCount: number }>('director', b.clear, { subjectCode: 'math' })).questCount,
    ).toBe(0);
    expect(await count('teacher')).toBe(5);
  });

  let paperId: number;
  const paperBody = (requestKey: string) => ({
    requestKey,
    paper: {
      subjectCode: 'math',
      title: '高一数学周练',
      subtitle: '第三周',
      durationMinutes: 45,
      gradeNum: 10,
      sections: [
        {
          title: '选择题',
          questions: [
            { questionId: q.multiple, score: 6 },
            { questionId: q.single1, score: 5 },
            { questionId: q.judge, score: 2 },
          ],
        },
        {
          title: '解答题',
          questions: [
            { questionId: q.blank, score: 4 },
            { questionId: q.composite, score: 12.5 },
          ],
        },
      ],
    },
  });

  it('saves 组卷 as a paper once, with its full marks, and empties the basket of its questions', async () => {
    paperId = (await ok<{ paperId: number }>('teacher', b.savePaper, paperBody('key-paper-0001')))
      .paperId;
    const again = await ok<{ paperId: number }>(
      'teacher',
      b.savePaper,
      paperBody('key-paper-0001'),
    );
    expect(again.paperId).toBe(paperId);
    expect(await count('teacher')).toBe(0);
    const paper = await ok<Paper>('teacher', p.detail, { id: paperId });
    expect(paper).toMatchObject({
      bank: 'school',
      title: '高一数学周练',
      fullMarks: 29.5,
      questionCount: 5,
    });
    expect(
      paper.sections.map((s) => [
        s.title,
        s.questions.map((x) => [x.number, x.question.id, x.score]),
      ]),
    ).toEqual([
      [
        '选择题',
        [
          [1, q.multiple, 6],
          [2, q.single1, 5],
          [3, q.judge, 2],
        ],
      ],
      [
        '解答题',
        [
          [4, q.blank, 4],
          [5, q.composite, 12.5],
        ],
      ],
    ]);
    const mine = await ok<DataOf<typeof p.myList>>('teacher', p.myList, {
      pageNum: 1,
      pageSize: 20,
    });
    expect(mine.list.map((x) => x.id)).toEqual([paperId]);
    const school = await ok<DataOf<typeof p.schoolList>>('director', p.schoolList, {
      pageNum: 1,
      pageSize: 20,
      keyWord: '周练',
    });
    expect(school.list.map((x) => x.id)).toEqual([paperId]);
    // Bad input: a question twice.
    const twice = paperBody('key-paper-0002');
    twice.paper.sections[1]!.questions.push({ questionId: q.judge, score: 1 });
    expect((await as('teacher', b.savePaper, twice)).body).toMatchObject({
      code: 400,
      msg: '同一道试题在试卷中出现了多次',
    });
  });

  it('keeps another school out of the school’s papers', async () => {
    expect((await as('lab-admin', p.detail, { id: paperId })).body).toMatchObject({
      code: 404,
      msg: '试卷不存在',
    });
    expect((await as('lab-admin', p.remove, { id: paperId })).body.code).toBe(404);
    const lab = await ok<DataOf<typeof p.schoolList>>('lab-admin', p.schoolList, {
      pageNum: 1,
      pageSize: 20,
    });
    expect(lab.total).toBe(0);
    const forged = paperBody('key-paper-0003');
    forged.paper.sections = [{ title: '一', questions: [{ questionId: labQuestion, score: 5 }] }];
    expect((await as('teacher', b.savePaper, forged)).body.code).toBe(404);
  });

  it('exports a PDF whose text shows the title, the typeset questions and, on request, the answers', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `${paperDownloads.pdf}?id=${paperId}&answers=1`,
      headers: { token: tokens.teacher! },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const file = join(mkdtempSync(join(tmpdir(), 'paper-')), 'paper.pdf');
    writeFileSync(file, response.rawPayload);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text).toContain('高一数学周练');
    expect(text).toContain('下列是偶数的有');
    expect(text).toContain('参考答案与解析');
    // Formulas are typeset (MathML through Chromium), so no LaTeX source is left in the text.
    expect(text).toContain('子集个数是');
    expect(text).not.toMatch(/\\sqrt|\\\{|\$/);
    const foreign = await server.app.inject({
      method: 'GET',
      url: `${paperDownloads.pdf}?id=${paperId}`,
      headers: { token: tokens['lab-admin']! },
    });
    expect(foreign.json()).toMatchObject({ code: 404 });
  }, 120_000);

  it('exports Word whose text holds the title, the questions with their formulas as equations, and the answers', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `${paperDownloads.docx}?id=${paperId}&answers=1`,
      headers: { token: tokens.teacher! },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('wordprocessingml.document');
    // Read back by the Word import: formulas come back as the LaTeX they were written in.
    const content = await readDocx(response.rawPayload, async () => '');
    const text = content.blocks.map((b) => (b.kind === 'paragraph' ? b.text : '')).join('\n');
    expect(text).toContain('高一数学周练');
    expect(text).toContain('下列是偶数的有');
    expect(text).toContain('$A=\\{1,2\\}$');
    expect(text).toContain('参考答案与解析');
    const without = await server.app.inject({
      method: 'GET',
      url: `${paperDownloads.docx}?id=${paperId}`,
      headers: { token: tokens.teacher! },
    });
    const plain = await readDocx(without.rawPayload, async () => '');
    expect(plain.blocks.some((b) => b.kind === 'paragraph' && b.text.includes('参考答案'))).toBe(
      false,
    );
    const foreign = await server.app.inject({
      method: 'GET',
      url: `${paperDownloads.docx}?id=${paperId}`,
      headers: { token: tokens['lab-admin']! },
    });
    expect(foreign.json()).toMatchObject({ code: 404 });
  });

  it('exports the paper as a download-centre job: PDF and Word, one job per export however often started, listed, refused to another school', async () => {
    type Job = DataOf<typeof d.downloadStatus>;
    const finished = async (jobId: number) => {
      await expect
        .poll(async () => (await ok<Job>('teacher', d.downloadStatus, { jobId })).state, {
          timeout: 20_000,
        })
        .toBe('done');
      return ok<Job>('teacher', d.downloadStatus, { jobId });
    };
    const pdfBody = { paperId, format: 'pdf', answers: true };
    const { jobId } = await ok<{ jobId: number }>('teacher', d.downloadPaper, pdfBody);
    const job = await finished(jobId);
    expect(job).toMatchObject({
      kind: 'paper',
      title: '高一数学周练-试卷PDF（含答案）',
      progress: 100,
      fileName: '高一数学周练.pdf',
    });
    const file = await server.app.inject({
      method: 'GET',
      url: `${DOWNLOAD_FILE_URL}?jobId=${jobId}`,
      headers: { token: tokens.teacher! },
    });
    expect(file.statusCode).toBe(200);
    const path = join(mkdtempSync(join(tmpdir(), 'paper-job-')), 'paper.pdf');
    writeFileSync(path, file.rawPayload);
    const text = execFileSync('pdftotext', [path, '-']).toString();
    expect(text).toContain('高一数学周练');
    expect(text).toContain('参考答案与解析');
    // Started again (a retry, a second click): the same job, run again in place.
    const again = await ok<{ jobId: number }>('teacher', d.downloadPaper, pdfBody);
    expect(again.jobId).toBe(jobId);
    await finished(jobId);

    const word = await ok<{ jobId: number }>('teacher', d.downloadPaper, {
      paperId,
      format: 'docx',
    });
    expect(word.jobId).not.toBe(jobId);
    expect((await finished(word.jobId)).fileName).toBe('高一数学周练.docx');
    const docx = await server.app.inject({
      method: 'GET',
      url: `${DOWNLOAD_FILE_URL}?jobId=${word.jobId}`,
      headers: { token: tokens.teacher! },
    });
    const content = await readDocx(docx.rawPayload, async () => '');
    const words = content.blocks.map((b) => (b.kind === 'paragraph' ? b.text : '')).join('\n');
    expect(words).toContain('下列是偶数的有');
    expect(words).not.toContain('参考答案');
    const list = await ok<{ list: Job[] }>('teacher', d.downloadList, {
      pageNum: 1,
      pageSize: 100,
    });
    expect(
      list.list
        .filter((j) => j.kind === 'paper')
        .map((j) => j.jobId)
        .sort(),
    ).toEqual([jobId, word.jobId].sort());
    // Another school's user cannot start it (the paper answers as missing) nor read the job.
    expect((await as('lab-admin', d.downloadPaper, pdfBody)).body).toMatchObject({ code: 404 });
    expect((await as('lab-admin', d.downloadStatus, { jobId })).body).toMatchObject({ code: 404 });
  }, 120_000);

  it('makes an exam from the paper: kinds, marks, key, points and the link back to the bank', async () => {
    const grade = await gradeOf(server.db, server.seed.demoSchoolId);
    const body = {
      id: paperId,
      name: '高一数学周练',
      examType: '周练',
      examDate: '2026-11-28',
      gradeId: grade.gradeId,
      classIds: grade.classIds.slice(0, 2),
      requestKey: 'key-exam-0001',
    };
    // A 任课教师 is no grade manager.
    expect((await as('teacher', p.toExam, body)).body.code).toBe(403);
    const made = await ok<{ examId: number; examSubjectId: number }>('director', p.toExam, body);
    expect((await ok<{ examId: number }>('director', p.toExam, body)).examId).toBe(made.examId);
    const exam = await server.db
      .selectFrom('exams')
      .selectAll()
      .where('id', '=', made.examId)
      .executeTakeFirstOrThrow();
    expect(exam).toMatchObject({ state: 'draft', name: '高一数学周练', exam_type: '周练' });
    const subject = await server.db
      .selectFrom('exam_subjects')
      .selectAll()
      .where('id', '=', made.examSubjectId)
      .executeTakeFirstOrThrow();
    expect(subject).toMatchObject({ subject_name: '数学', full_marks: 29.5 });
    const rows = await server.db
      .selectFrom('exam_questions')
      .select([
        'id',
        'number',
        'parent_id',
        'kind',
        'full_marks',
        'answer',
        'option_count',
        'blank_count',
        'knowledge_points',
      ])
      .where('exam_subject_id', '=', made.examSubjectId)
      .orderBy('sort_order')
      .execute();
    expect(rows.map((r) => [r.number, r.kind, Number(r.full_marks), r.answer])).toEqual([
      ['1', 'multiple', 6, 'BD'],
      ['2', 'single', 5, 'D'],
      ['3', 'judge', 2, 'T'],
      ['4', 'fill', 4, null],
      ['5', 'subjective', 12.5, null],
      ['(1)', 'fill', 6, null],
      ['(2)', 'subjective', 6.5, null],
    ]);
    expect(JSON.parse(rows[1]!.knowledge_points)).toEqual(['集合']);
    const links = await server.db
      .selectFrom('paper_exam_questions')
      .select(['exam_question_id', 'question_id'])
      .where('exam_subject_id', '=', made.examSubjectId)
      .execute();
    const byNumber = new Map(rows.map((r) => [r.id, r.number]));
    expect(links.map((l) => [byNumber.get(l.exam_question_id), l.question_id]).sort()).toEqual(
      [
        ['1', q.multiple],
        ['2', q.single1],
        ['3', q.judge],
        ['4', q.blank],
        ['5', q.composite],
      ].sort(),
    );
    const detail = await ok<Paper>('director', p.detail, { id: paperId });
    expect(detail.examIds).toEqual([made.examId]);
  });

  it('shows cloud papers read-only to who holds 云试卷 and copies one to the school once', async () => {
    const cloudQuestion = await insertQuestion(
      server.db,
      server.clock,
      { schoolId: null, userId: null },
      math({ stem: '云题库的一道题' }),
    );
    const cloudId = await insertPaper(
      server.db,
      { schoolId: null, userId: null },
      {
        subjectCode: 'math',
        title: '云端高一数学练习',
        subtitle: '',
        durationMinutes: 40,
        gradeNum: 10,
        sections: [{ title: '选择题', questions: [{ questionId: cloudQuestion, score: 5 }] }],
      },
      0,
      null,
    );
    expect((await as('teacher', p.cloudList, { pageNum: 1, pageSize: 20 })).body.code).toBe(403);
    const cloud = await ok<DataOf<typeof p.cloudList>>('director', p.cloudList, {
      pageNum: 1,
      pageSize: 20,
    });
    expect(cloud.list.find((x) => x.id === cloudId)).toMatchObject({
      bank: 'cloud',
      title: '云端高一数学练习',
    });
    expect(cloud.list.every((x) => x.bank === 'cloud')).toBe(true);
    expect((await as('director', p.remove, { id: cloudId })).body.code).toBe(404);
    const copy = await ok<{ paperId: number }>('director', p.copy, {
      id: cloudId,
      requestKey: 'key-copy-0001',
    });
    expect(
      (
        await ok<{ paperId: number }>('director', p.copy, {
          id: cloudId,
          requestKey: 'key-copy-0001',
        })
      ).paperId,
    ).toBe(copy.paperId);
    const copied = await ok<Paper>('director', p.detail, { id: copy.paperId });
    expect(copied).toMatchObject({ bank: 'school', title: '云端高一数学练习', fullMarks: 5 });
    expect(
      (await as('director', p.copy, { id: copy.paperId, requestKey: 'key-copy-0002' })).body.msg,
    ).toBe('只有云试卷可以复制到校本');
  });

  it('deletes a paper of the caller', async () => {
    expect((await as('teacher', p.remove, { id: paperId })).body.code).toBe(200);
    expect((await as('teacher', p.detail, { id: paperId })).body.code).toBe(404);
  });
});
