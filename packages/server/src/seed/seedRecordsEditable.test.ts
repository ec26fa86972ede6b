import {
  administrationRoutes as a,
  examRoutes,
  type ExamDetail,
  type ExamSummary,
  type Page,
  type RouteContract,
} from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryFileStore } from '../core/files';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { seedMarking } from './seedMarking';

/**
 * Every seeded exam, student, teacher and class, read through the call its edit form reads
 * with and saved unchanged through the call the form saves with (the bodies the forms in
 * @examkit/modules build), is accepted and left as it was.
 */
describe.each(DIALECTS)('seeded records saved unchanged from their edit forms on %s', (dialect) => {
  let server: TestServer;
  const admins: { school: string; token: string }[] = [];
  beforeAll(async () => {
    const files = createMemoryFileStore();
    server = await startTestServer(dialect, { files });
    await seedMarking(server.db, files);
    for (const loginName of ['admin', 'lab-admin']) {
      const user = await signIn(server.app, loginName);
      admins.push({ school: loginName, token: user.token });
    }
  }, 60_000);
  afterAll(() => server.close());

  async function ok<T>(contract: RouteContract, token: string, body: Record<string, unknown>) {
    const result = await call<T>(server.app, contract, { token, body });
    expect({ url: contract.url, body, code: result.body.code, msg: result.body.msg }).toEqual({
      url: contract.url,
      body,
      code: 200,
      msg: expect.anything() as unknown,
    });
    return result.body.data;
  }

  async function pages<T>(contract: RouteContract, token: string): Promise<T[]> {
    const out: T[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const page = await ok<Page<T>>(contract, token, { pageNum, pageSize: 200 });
      out.push(...page.list);
      if (out.length >= page.total || page.list.length === 0) return out;
    }
  }

  it('saves every seeded exam as the exam form sends it', async () => {
    let saved = 0;
    for (const { token } of admins) {
      const list = await ok<Page<ExamSummary>>(examRoutes.list, token, {
        academicYear: 0,
        pageSize: 100,
      });
      for (const summary of list.list) {
        const exam = await ok<ExamDetail>(examRoutes.detail, token, { id: summary.id });
        // The form's save button is disabled when nothing may be edited (a published exam).
        if (!exam.editable.basics && !exam.editable.participants) continue;
        const basics = {
          id: exam.id,
          name: exam.name,
          examType: exam.examType,
          examDate: exam.examDate,
        };
        const body = exam.editable.participants
          ? {
              ...basics,
              gradeId: exam.gradeId,
              subjects: exam.subjects.map((s) => ({
                id: s.id,
                subjectCode: s.subjectCode,
                subjectName: s.subjectName,
                fullMarks: s.fullMarks,
                elective: s.elective,
              })),
              classIds: exam.classes.map((c) => c.classId),
            }
          : basics;
        const after = await ok<ExamDetail>(examRoutes.update, token, body);
        expect(after).toEqual(exam);
        // Each subject once: the form lists the school's subjects by code.
        const codes = exam.subjects.map((s) => s.subjectCode);
        expect(new Set(codes).size).toBe(codes.length);
        saved += 1;
      }
    }
    // 期中 (finished), 周练 (draft) and the marking demo's 月测.
    expect(saved).toBeGreaterThanOrEqual(3);
  });

  it('saves every seeded student as the student form sends it', async () => {
    let saved = 0;
    for (const { token } of admins) {
      const students = await pages<{ id: number }>(a.getStudents, token);
      expect(students.length).toBeGreaterThan(0);
      for (const { id } of students) {
        const before = await ok<{
          studentNo: string;
          name: string;
          classId: number;
          sex: 0 | 1 | 2;
        }>(a.getStudent, token, { id });
        await ok(a.updateStudent, token, {
          id,
          studentNo: before.studentNo.trim(),
          name: before.name.trim(),
          classId: before.classId,
          sex: before.sex,
        });
        expect(await ok(a.getStudent, token, { id })).toEqual(before);
        saved += 1;
      }
    }
    expect(saved).toBeGreaterThanOrEqual(15 + 20);
  });

  it('saves every seeded teacher as the teacher form sends it', async () => {
    let saved = 0;
    for (const { token } of admins) {
      const subjects = await ok<{ id: number; name: string }[]>(a.dicGetSubject, token, {});
      const teachers = await pages<{ id: number }>(a.queryTeachers, token);
      expect(teachers.length).toBeGreaterThan(0);
      for (const { id } of teachers) {
        const before = await ok<{ name: string; subjectName: string | null }>(
          a.queryTeacher,
          token,
          { id },
        );
        const subjectId = subjects.find((s) => s.name === before.subjectName)?.id;
        if (before.subjectName) expect(subjectId, before.subjectName).toBeDefined();
        await ok(a.updateTeacher, token, {
          id,
          name: before.name.trim(),
          subjectId: subjectId ?? null,
        });
        expect(await ok(a.queryTeacher, token, { id })).toEqual(before);
        saved += 1;
      }
    }
    expect(saved).toBeGreaterThanOrEqual(14);
  });

  it('saves every seeded class as the class form sends it', async () => {
    let saved = 0;
    for (const { token } of admins) {
      const classes = await ok<{ id: number; name: string }[]>(a.queryClass, token, {});
      expect(classes.length).toBeGreaterThan(0);
      for (const cls of classes) {
        await ok(a.updateClassNew, token, { id: cls.id, name: cls.name.trim() });
        saved += 1;
      }
      expect(await ok(a.queryClass, token, {})).toEqual(classes);
    }
    expect(saved).toBeGreaterThanOrEqual(5);
  });
});
