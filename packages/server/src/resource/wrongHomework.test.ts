import {
  DOWNLOAD_FILE_URL,
  downloadRoutes,
  homeworkRoutes,
  homeworkStoreRoutes,
  resourceWrongDownloads,
  resourceWrongRoutes,
  type BankQuestionInput,
  type DataOf,
} from '@examkit/contracts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '../core/clock';
import {
  assignedHomework,
  assignHomework,
  gradeOnePair,
  homeworkCallers,
} from '../homework/testKit';
import { call, DIALECTS, startTestServer, TEST_NOW, type TestServer } from '../test/fixtures';
import { insertQuestion } from './questions';
import { addPoint } from './testKit';

/**
 * The 错题本 with wrong homework questions (docs/resources.md "Error questions and
 * recommendations"): the student's Word and PDF 错题本 and the class's download job carry a
 * 作业错题 part, and homework made from the bank draws similar bank questions for practice.
 */

type Routes = typeof homeworkRoutes & typeof homeworkStoreRoutes & typeof resourceWrongRoutes;
const routes: Routes = { ...homeworkRoutes, ...homeworkStoreRoutes, ...resourceWrongRoutes };
type Detail = DataOf<typeof resourceWrongRoutes.studentWrongDetail>;

/** The China date of the test clock: the hand-ins' day. */
const DAY = new Date(TEST_NOW.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const RANGE = { subjectName: '', dateFrom: DAY, dateTo: DAY };

describe.each(DIALECTS)('作业错题 in the 错题本 on %s', (dialect) => {
  let server: TestServer;
  const { tokens, ok, as, signInAll } = homeworkCallers(routes, () => server);
  const bank: Record<string, number> = {};
  let student: { id: number; name: string };
  let classId: number;
  let outsider: number;

  /** A hand-in of a homework by the student, its answers judged as given. */
  async function handIn(
    homeworkId: number,
    answers: { no: number; answer: string | null; score: number; judgement: string }[],
  ) {
    const now = TEST_NOW.getTime();
    const { id } = await server.db
      .insertInto('homework_submissions')
      .values({
        homework_id: homeworkId,
        school_id: server.seed.demoSchoolId,
        student_id: student.id,
        class_id: classId,
        status: 'finished',
        source: 'manual',
        image_key: null,
        score: answers.reduce((sum, a) => sum + a.score, 0),
        submitted_at: now,
        corrected_by: null,
        corrected_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('homework_answers')
      .values(
        answers.map((a) => ({
          submission_id: id,
          question_no: a.no,
          answer: a.answer,
          crop_key: null,
          score: a.score,
          judgement: a.judgement,
          adjustment: null,
          review: 0,
          corrected_by: null,
          corrected_at: now,
        })),
      )
      .execute();
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await signInAll('admin', 'teacher', 'lab-admin');
    const pair = await gradeOnePair(ok, 'teacher', '数学');
    classId = pair.targets.find((t) => t.kind === 'class')!.id;
    // A class the 数学 teacher does not teach, with a student of its own.
    outsider = (
      await server.db
        .insertInto('classes')
        .values({ grade_id: pair.gradeId, name: '高一(9)班' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    student = await server.db
      .selectFrom('students')
      .select(['id', 'name'])
      .where('class_id', '=', classId)
      .orderBy('student_no')
      .executeTakeFirstOrThrow();
    const { code } = await server.db
      .selectFrom('subjects')
      .select('code')
      .where('id', '=', pair.subjectId)
      .executeTakeFirstOrThrow();
    const point = (name: string) => addPoint(server.db, name, { subjectCode: code });
    const axis = await point('二次函数的对称轴');
    const sets = await point('集合的运算');
    const question = (over: Partial<BankQuestionInput>): BankQuestionInput => ({
      subjectCode: code,
      stage: 3,
      gradeNum: 10,
      type: 'single',
      difficulty: 3,
      stem: '函数 $y=x^2-4x+3$ 的对称轴方程是',
      options: ['$x=1$', '$x=2$', '$x=3$', '$x=4$'],
      answer: 'B',
      analysis: '对称轴 $x=-\\frac{b}{2a}=2$。',
      pointIds: [axis],
      source: '错题本测试',
      year: 2026,
      tags: [],
      children: [],
      ...over,
    });
    const clock = createFakeClock(TEST_NOW);
    const demo = { schoolId: server.seed.demoSchoolId, userId: null };
    bank.source = await insertQuestion(server.db, clock, demo, question({}));
    bank.similar = await insertQuestion(
      server.db,
      clock,
      demo,
      question({ stem: '抛物线 $y=x^2+6x$ 的对称轴是哪一条直线' }),
    );
    bank.unrelated = await insertQuestion(
      server.db,
      clock,
      demo,
      question({ stem: '集合 $A \\cap B$ 的元素个数', pointIds: [sets] }),
    );
    bank.otherSchool = await insertQuestion(
      server.db,
      clock,
      { schoolId: server.seed.labSchoolId, userId: null },
      question({ stem: '外校的对称轴试题 $y=x^2$' }),
    );
    const fromBank = await ok<{ id: number }>('admin', 'basketConfirm', {
      name: '二次函数课后作业',
      gradeId: pair.gradeId,
      subjectId: pair.subjectId,
      estimatedMinutes: 20,
      items: [{ questionId: bank.source, score: 4 }],
      idempotencyKey: `wrong-bank-${dialect}`,
    });
    await assignHomework(ok, fromBank.id, [classId], 20);
    const fromPaper = await assignedHomework(ok, {
      name: '函数单元作业',
      pair,
      classIds: [classId],
      idempotencyKey: `wrong-paper-${dialect}`,
    });
    await handIn(fromBank.id, [{ no: 1, answer: 'C', score: 0, judgement: 'wrong' }]);
    await handIn(fromPaper, [
      { no: 1, answer: 'A', score: 5, judgement: 'right' },
      { no: 2, answer: 'B', score: 0, judgement: 'wrong' },
      { no: 3, answer: null, score: 4, judgement: 'wrong' },
    ]);
  }, 180_000);
  afterAll(() => server?.close());

  it('a wrong question of homework from the bank carries its bank question and similar practice; one from a paper none', async () => {
    const detail = await ok<Detail>('teacher', 'studentWrongDetail', {
      studentId: student.id,
      ...RANGE,
    });
    const fromBank = detail.homework.find((h) => h.homeworkName === '二次函数课后作业')!;
    expect(fromBank).toMatchObject({ label: '1', score: 0, answer: 'B', choice: 'C' });
    expect(fromBank.bankQuestion?.id).toBe(bank.source);
    expect(fromBank.knowledgePoints).toEqual(['二次函数的对称轴']);
    // Sharing the point, never the source itself, another school's or an unrelated one.
    expect(fromBank.recommendations.map((r) => r.question.id)).toEqual([bank.similar]);
    expect(fromBank.recommendations[0]!.sharedPoints).toEqual(['二次函数的对称轴']);
    const fromPaper = detail.homework.filter((h) => h.homeworkName === '函数单元作业');
    expect(fromPaper.map((h) => [h.label, h.bankQuestion, h.recommendations])).toEqual([
      ['2', null, []],
      ['3', null, []],
    ]);
  });

  it('the Word 错题本 has a 作业错题 part with the bank stem as an equation, and the practice drawn from it', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `${resourceWrongDownloads.notebook}?studentId=${student.id}&format=docx&dateFrom=${DAY}&dateTo=${DAY}`,
      headers: { token: tokens.teacher! },
    });
    expect(res.statusCode).toBe(200);
    const xml = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['word/document.xml']!);
    const text = xml.replace(/<[^>]+>/g, '');
    const part = text.indexOf('二、作业错题');
    const practice = text.indexOf('三、巩固练习');
    expect(part).toBeGreaterThan(0);
    expect(practice).toBeGreaterThan(part);
    const homework = text.slice(part, practice);
    expect(homework).toContain(`二次函数课后作业（${DAY}）数学 第1题`);
    expect(homework).toContain('的对称轴方程是');
    expect(homework).toContain('你的作答：C');
    expect(homework).toContain('正确答案：B');
    expect(homework).toContain(`函数单元作业（${DAY}）数学 第2题`);
    expect(homework).toContain('得分：4/10');
    // The stem's formula is a Word equation, not LaTeX text.
    expect(xml).toContain('<m:oMath>');
    expect(xml).not.toContain('$y=x^2-4x+3$');
    // The practice paper carries the question recommended for the homework question.
    expect(text.slice(practice)).toContain('的对称轴是哪一条直线');
    expect(text).not.toContain('外校的对称轴试题');
  }, 120_000);

  it('the PDF 错题本 reads the same homework question as text', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `${resourceWrongDownloads.notebook}?studentId=${student.id}&format=pdf&dateFrom=${DAY}&dateTo=${DAY}`,
      headers: { token: tokens.teacher! },
    });
    expect(res.headers['content-type']).toContain('application/pdf');
    const path = join(mkdtempSync(join(tmpdir(), 'hw-notebook-')), 'student.pdf');
    writeFileSync(path, res.rawPayload);
    const text = execFileSync('pdftotext', [path, '-']).toString();
    expect(text).toContain('作业错题');
    expect(text).toContain('二次函数课后作业');
    expect(text).toContain('的对称轴方程是');
    expect(text).toContain('的对称轴是哪一条直线');
    expect(text).not.toMatch(/\$|\\frac/);
    // Another school's admin finds no such student.
    const lab = await server.app.inject({
      method: 'GET',
      url: `${resourceWrongDownloads.notebook}?studentId=${student.id}&format=pdf`,
      headers: { token: tokens['lab-admin']! },
    });
    expect(lab.json().code).toBe(404);
  }, 120_000);

  it("the 学生错题 list counts wrong homework questions, with the detail's subject, dates and scope", async () => {
    type List = DataOf<typeof resourceWrongRoutes.studentWrongList>;
    const list = (range: typeof RANGE, who = 'teacher', klass = classId) =>
      ok<List>(who, 'studentWrongList', { gradeId: null, classId: klass, ...range });
    // No exam of the class falls in the range: the student is listed by homework alone, with
    // as many wrong questions as the detail lists (1 from the bank homework, 2 from the paper's).
    const detail = await ok<Detail>('teacher', 'studentWrongDetail', {
      studentId: student.id,
      ...RANGE,
    });
    expect((await list(RANGE)).rows).toEqual([
      expect.objectContaining({
        studentId: student.id,
        name: student.name,
        classId,
        wrongCount: detail.homework.length,
        homeworkWrongCount: detail.homework.length,
        examCount: 0,
      }),
    ]);
    expect(detail.homework).toHaveLength(3);
    // Another subject, or days without hand-ins: nothing to count.
    expect((await list({ ...RANGE, subjectName: '语文' })).rows).toEqual([]);
    expect((await list({ ...RANGE, dateFrom: '2020-01-01', dateTo: '2020-01-31' })).rows).toEqual(
      [],
    );
    // The whole grade (classId null) counts the same; a school-wide admin sees the student too.
    const grade = await ok<List>('teacher', 'studentWrongList', {
      gradeId: null,
      classId: null,
      ...RANGE,
    });
    expect(grade.rows.find((r) => r.studentId === student.id)?.homeworkWrongCount).toBe(3);
    expect(
      (await list(RANGE, 'admin')).rows.find((r) => r.studentId === student.id)?.wrongCount,
    ).toBe(3);
    // Another school's admin has no such class: no rows from this school's homework.
    const lab = await as('lab-admin', 'studentWrongList', { gradeId: null, classId, ...RANGE });
    expect((lab.body as { data?: { rows?: unknown[] } }).data?.rows ?? []).toEqual([]);
  });

  it("the class's 错题本 job includes students with only wrong homework", async () => {
    // No exam of the class falls in the range: the student is in the job by homework alone.
    const body = { classId, format: 'docx', ...RANGE };
    const { jobId } = await ok<{ jobId: number }>('teacher', 'notebookJob', body);
    let job: DataOf<typeof downloadRoutes.downloadStatus> | undefined;
    for (let i = 0; i < 600 && !(job && ['done', 'failed'].includes(job.state)); i++) {
      const res = await call<NonNullable<typeof job>>(server.app, downloadRoutes.downloadStatus, {
        token: tokens.teacher!,
        body: { jobId },
      });
      job = res.body.data;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(job).toMatchObject({ state: 'done', kind: 'notebook' });
    const file = await server.app.inject({
      method: 'GET',
      url: `${DOWNLOAD_FILE_URL}?jobId=${jobId}`,
      headers: { token: tokens.teacher! },
    });
    const text = strFromU8(
      unzipSync(new Uint8Array(file.rawPayload))['word/document.xml']!,
    ).replace(/<[^>]+>/g, '');
    expect(text).toContain(`${student.name}的错题本`);
    expect(text).toContain(`二次函数课后作业（${DAY}）数学 第1题`);
    // The data scope is unchanged: a class the teacher does not teach answers as missing.
    expect((await as('teacher', 'notebookJob', { ...body, classId: outsider })).body.code).toBe(
      404,
    );
  }, 120_000);
});
