import {
  examRoutes,
  jointExamRoutes,
  jointPaperRoutes,
  type Question,
  type UserInfo,
} from '@examkit/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MATH_QUESTIONS, xlsxBase64 } from '../exam/testKit';
import {
  DIALECTS,
  signIn,
  startTestServer,
  TEST_NOW,
  type TestServer,
  userCalls,
} from '../test/fixtures';
import { createdJoint, jointMathExam, type Joint } from './poolTestKit';

interface Paper {
  examId: number;
  examName: string;
  paperEditable: boolean;
  answerKeyEditable: boolean;
  questions: Question[];
}
interface Sheet {
  examSubjectId: number;
  editable: boolean;
  saved: boolean;
  identity: string | null;
  design: { settings: Record<string, unknown> };
}

const leaves = (questions: readonly Question[]) =>
  questions.flatMap((q) => (q.children.length > 0 ? q.children : [q]));
const keyOf = (paper: Paper) =>
  Object.fromEntries(leaves(paper.questions).map((q) => [q.fullNumber, q.answer ?? null]));

describe.each(DIALECTS)('one answer key and answer sheet for a joint exam on %s', (dialect) => {
  let server: TestServer;
  let bureau: UserInfo;
  let demo: UserInfo;
  let lab: UserInfo;
  let joint: Joint;
  /** Each school's own exam subject of 数学, by school id. */
  const subjectOf = new Map<number, number>();

  const { as, ok } = userCalls(() => server);
  const own = async (user: UserInfo) =>
    ok<Paper>(user, examRoutes.questionsGet, { examSubjectId: subjectOf.get(user.schoolId) });
  const subject = { subjectCode: '数学' };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    bureau = await signIn(server.app, 'bureau', { schoolId: server.seed.demoSchoolId });
    demo = await signIn(server.app, 'admin');
    lab = await signIn(server.app, 'lab-admin');
    joint = await jointMathExam(server, bureau, {
      idempotencyKey: 'joint-paper-1',
      name: '高一联考（统一答题卡）',
      subjectOf,
    });
  }, 60_000);
  afterAll(() => server.close());
  beforeEach(() => server.clock.set(TEST_NOW));

  it('the organiser reads one paper and sets one answer key: every school receives it', async () => {
    const paper = await ok<Paper>(bureau, jointPaperRoutes.jointPaperGet, {
      jointExamId: joint.id,
      ...subject,
    });
    expect(paper.examName).toBe('高一联考（统一答题卡）');
    expect(paper).toMatchObject({ paperEditable: true, answerKeyEditable: true });
    const [demoPaper, labPaper] = [await own(demo), await own(lab)];
    // The schools' questions are distinct rows: the organiser's ids are matched by number.
    expect(leaves(labPaper.questions).map((q) => q.id)).not.toEqual(
      leaves(paper.questions).map((q) => q.id),
    );
    const ids = new Map(leaves(paper.questions).map((q) => [q.fullNumber, q.id]));
    const saved = await ok<Paper>(bureau, jointPaperRoutes.jointAnswerSave, {
      jointExamId: joint.id,
      ...subject,
      answers: [
        { questionId: ids.get('1'), answer: 'D' },
        { questionId: ids.get('2'), answer: 'AB', partialMarks: 2 },
        { questionId: ids.get('3'), answer: 'F' },
      ],
    });
    const expected = { '1': 'D', '2': 'AB', '3': 'F', '4': null, '5(1)': null, '5(2)': null };
    expect(keyOf(saved)).toEqual(expected);
    expect(keyOf(await own(demo))).toEqual(expected);
    expect(keyOf(await own(lab))).toEqual(expected);
    expect(keyOf(demoPaper)['1']).toBe('B');
    const partial = leaves((await own(lab)).questions).find((q) => q.fullNumber === '2');
    expect(partial?.partialMarks).toBe(2);
  });

  it("a school cannot change its own copy: the paper, key and sheet are the organiser's", async () => {
    const mine = await own(lab);
    expect(mine).toMatchObject({
      paperEditable: false,
      answerKeyEditable: false,
      setByJoint: true,
    });
    const examSubjectId = subjectOf.get(lab.schoolId);
    const message = '这是联考中本校的考试，试卷结构、答案和答题卡由联考组织方在联考页面统一设置';
    const refused = [
      await as(lab, examRoutes.questionsSave, { examSubjectId, questions: MATH_QUESTIONS }),
      await as(lab, examRoutes.answerSave, {
        examSubjectId,
        answers: [{ questionId: leaves(mine.questions)[0]!.id, answer: 'A' }],
      }),
      await as(lab, examRoutes.sheetSave, { examSubjectId, settings: {} }),
    ];
    for (const r of refused) expect(r.body).toMatchObject({ code: 400, msg: message });
    expect(keyOf(await own(lab))['1']).toBe('D');
    const sheet = await ok<Sheet>(lab, examRoutes.sheetGet, { examSubjectId });
    expect(sheet).toMatchObject({ editable: false, setByJoint: true });
    // A participant that does not organise cannot use the joint paper calls either.
    const notOrganiser = await as(lab, jointPaperRoutes.jointPaperGet, {
      jointExamId: joint.id,
      ...subject,
    });
    expect(notOrganiser.body).toMatchObject({ code: 403, msg: '只有联考的组织者可以修改联考' });
    const missing = await as(bureau, jointPaperRoutes.jointSheetGet, {
      jointExamId: joint.id,
      subjectCode: '物理',
    });
    expect(missing.body).toMatchObject({ code: 404, msg: '本次联考没有该科目' });
  });

  it('one answer sheet is laid out for every school, each with its own sheet code', async () => {
    const before = await ok<Sheet>(bureau, jointPaperRoutes.jointSheetGet, {
      jointExamId: joint.id,
      ...subject,
    });
    expect(before).toMatchObject({ editable: true, saved: false });
    const saved = await ok<{ schools: number; pageCount: number }>(
      bureau,
      jointPaperRoutes.jointSheetSave,
      {
        jointExamId: joint.id,
        ...subject,
        settings: { ...before.design.settings, answerSheetTitle: '高一联考数学答题卡' },
      },
    );
    expect(saved.schools).toBe(2);
    expect(saved.pageCount).toBeGreaterThan(0);
    const sheets = await Promise.all(
      [demo, lab].map((u) =>
        ok<Sheet>(u, examRoutes.sheetGet, { examSubjectId: subjectOf.get(u.schoolId) }),
      ),
    );
    for (const [i, sheet] of sheets.entries()) {
      expect(sheet.saved).toBe(true);
      expect(sheet.design.settings.answerSheetTitle).toBe('高一联考数学答题卡');
      expect(sheet.identity).toContain(`|${subjectOf.get([demo, lab][i]!.schoolId)}|`);
    }
    // Both schools' sheets hold the same layout (the longest exam number of both schools).
    expect(sheets[0]!.design.settings.examNumCount).toBe(sheets[1]!.design.settings.examNumCount);
    const rows = await server.db
      .selectFrom('exam_subjects')
      .select(['sheet_template'])
      .where('id', 'in', [...subjectOf.values()])
      .execute();
    expect(rows.every((r) => r.sheet_template !== null)).toBe(true);
  });

  it('once a school scans, the key and the sheet are refused with nothing changed', async () => {
    const labExam = joint.schools.find((s) => s.schoolId === lab.schoolId)!.examId;
    await ok(lab, examRoutes.transition, { id: labExam, to: 'sheet_ready' });
    // sheet_ready is still before scanning: the key follows into both schools.
    const paper = await ok<Paper>(bureau, jointPaperRoutes.jointPaperGet, {
      jointExamId: joint.id,
      ...subject,
    });
    expect(paper).toMatchObject({ paperEditable: false, answerKeyEditable: true });
    const first = leaves(paper.questions)[0]!.id;
    await ok(bureau, jointPaperRoutes.jointAnswerSave, {
      jointExamId: joint.id,
      ...subject,
      answers: [{ questionId: first, answer: 'C' }],
    });
    expect(keyOf(await own(lab))['1']).toBe('C');
    expect(keyOf(await own(demo))['1']).toBe('C');

    await ok(lab, examRoutes.transition, { id: labExam, to: 'scanning' });
    const key = await as(bureau, jointPaperRoutes.jointAnswerSave, {
      jointExamId: joint.id,
      ...subject,
      answers: [{ questionId: first, answer: 'A' }],
    });
    expect(key.body).toMatchObject({ code: 400, msg: '实验中学已开始扫描，联考的答案不能再修改' });
    const sheet = await as(bureau, jointPaperRoutes.jointSheetSave, {
      jointExamId: joint.id,
      ...subject,
      settings: { answerSheetTitle: '改过的标题' },
    });
    expect(sheet.body).toMatchObject({
      code: 400,
      msg: '实验中学已开始扫描，联考的答题卡不能再修改',
    });
    expect(keyOf(await own(demo))['1']).toBe('C');
    expect(keyOf(await own(lab))['1']).toBe('C');
    const demoSheet = await ok<Sheet>(demo, examRoutes.sheetGet, {
      examSubjectId: subjectOf.get(demo.schoolId),
    });
    expect(demoSheet.design.settings.answerSheetTitle).toBe('高一联考数学答题卡');
    const shown = await ok<Sheet>(bureau, jointPaperRoutes.jointSheetGet, {
      jointExamId: joint.id,
      ...subject,
    });
    expect(shown.editable).toBe(false);
    const structure = await as(bureau, jointExamRoutes.jointQuestionsSave, {
      jointExamId: joint.id,
      ...subject,
      questions: MATH_QUESTIONS,
    });
    expect(structure.body.code).toBe(400);
  });

  it("a lead school organises from its own exam: the other school's copy follows", async () => {
    const led = await createdJoint(server, demo, {
      idempotencyKey: 'joint-paper-lead',
      name: '两校月考',
      schoolIds: [server.seed.labSchoolId, server.seed.demoSchoolId],
    });
    expect(led.organiser).toBe('示范中学');
    await ok(demo, jointExamRoutes.jointQuestionsSave, {
      jointExamId: led.id,
      ...subject,
      questions: MATH_QUESTIONS,
    });
    const paper = await ok<Paper>(demo, jointPaperRoutes.jointPaperGet, {
      jointExamId: led.id,
      ...subject,
    });
    // The lead school's own exam is its copy, though the lab school is listed first.
    const demoExam = led.schools.find((s) => s.schoolId === demo.schoolId)!.examId;
    expect(paper.examId).toBe(demoExam);
    const judge = leaves(paper.questions).find((q) => q.fullNumber === '3')!;
    await ok(demo, jointPaperRoutes.jointAnswerSave, {
      jointExamId: led.id,
      ...subject,
      answers: [{ questionId: judge.id, answer: 'F' }],
    });
    const labList = await ok<Joint[]>(lab, jointExamRoutes.jointList, {});
    const labExam = labList.find((j) => j.id === led.id)!.schools.find((s) => s.examId)!.examId;
    const labDetail = await ok<{ subjects: { id: number }[] }>(lab, examRoutes.detail, {
      id: labExam,
    });
    const labPaper = await ok<Paper>(lab, examRoutes.questionsGet, {
      examSubjectId: labDetail.subjects[0]!.id,
    });
    expect(keyOf(labPaper)['3']).toBe('F');
    // The lab school, taking part only, is refused the organiser's calls.
    const refused = await as(lab, jointPaperRoutes.jointAnswerSave, {
      jointExamId: led.id,
      ...subject,
      answers: [{ questionId: judge.id, answer: 'T' }],
    });
    expect(refused.body).toMatchObject({ code: 403 });
  });

  it('the organiser imports the structure from an .xlsx file: a bad row is named and nothing saved; a good file replaces it for every school', async () => {
    const imported = await createdJoint(server, bureau, {
      idempotencyKey: 'joint-paper-import',
      name: '高一联考（表格导入）',
      examDate: '2026-11-25',
    });
    const target = { jointExamId: imported.id, ...subject };
    await ok(bureau, jointExamRoutes.jointQuestionsSave, { ...target, questions: MATH_QUESTIONS });
    /** Each school's own copy of the structure, as number: full marks. */
    const copies = async () => {
      const out: Record<string, number>[] = [];
      for (const user of [demo, lab]) {
        const list = await ok<Joint[]>(user, jointExamRoutes.jointList, {});
        const examId = list
          .find((j) => j.id === imported.id)!
          .schools.find((s) => s.schoolId === user.schoolId)!.examId;
        const detail = await ok<{ subjects: { id: number }[] }>(user, examRoutes.detail, {
          id: examId,
        });
        const paper = await ok<Paper>(user, examRoutes.questionsGet, {
          examSubjectId: detail.subjects[0]!.id,
        });
        out.push(
          Object.fromEntries(leaves(paper.questions).map((q) => [q.fullNumber, q.fullMarks])),
        );
      }
      return out;
    };
    const before = await copies();
    expect(before[0]).toEqual({ '1': 5, '2': 6, '3': 2, '4': 5, '5(1)': 4, '5(2)': 8 });
    expect(before[1]).toEqual(before[0]);
    const header = [
      '题号',
      '小题号',
      '题型',
      '满分',
      '选项数',
      '答案',
      '部分得分',
      '知识点',
      '能力',
    ];

    // A bad row: the organiser (the bureau's seat) is told the row and why; nothing is written.
    const bad = await ok<{ questions: unknown[]; errors: unknown[] }>(
      bureau,
      examRoutes.questionsParse,
      {
        file: await xlsxBase64([
          header,
          ['1', '', '单选', 10, 4, 'A'],
          ['2', '', '多项', 20, 4, 'AB'],
        ]),
      },
    );
    expect(bad.errors).toEqual([{ row: 3, key: '2', message: '题型“多项”无法识别' }]);
    expect(await copies()).toEqual(before);

    // A good file replaces the structure in every school's exam.
    const good = await ok<{ questions: unknown[]; errors: unknown[] }>(
      bureau,
      examRoutes.questionsParse,
      {
        file: await xlsxBase64([
          header,
          ['1', '', '单选', 10, 4, 'C', '', '函数'],
          ['2', '', '判断', 5, '', 'T'],
          ['3', '(1)', '解答', 7],
          ['3', '(2)', '解答', 8],
        ]),
      },
    );
    expect(good.errors).toEqual([]);
    await ok(bureau, jointExamRoutes.jointQuestionsSave, { ...target, questions: good.questions });
    const after = { '1': 10, '2': 5, '3(1)': 7, '3(2)': 8 };
    expect(await copies()).toEqual([after, after]);
    const paper = await ok<Paper>(bureau, jointPaperRoutes.jointPaperGet, target);
    expect(keyOf(paper)).toEqual({ '1': 'C', '2': 'T', '3(1)': null, '3(2)': null });
  });
});
