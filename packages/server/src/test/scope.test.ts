/**
 * The data-scope table (issue #22, docs/scope.md): every route that reads personal or score data,
 * called by each demo role and a teacher of each scope kind, on the full demo school. Out-of-scope
 * classes, subjects, students and blocks are neither listed nor readable, and a single read of an
 * out-of-scope record answers exactly as a missing id. A route whose contract takes a student,
 * class, exam or block and is missing from the table fails the completeness check.
 *
 * The table's rows are in `scope/rows/<domain>.ts` (merged in `scope/table.ts`); the server set-up
 * is `scope/suite.ts`; the checks of one domain's own rules are `scope/<domain>Checks.ts`, run here
 * on the one seeded school.
 */
import * as contracts from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/seedDemo';
import { call, DIALECTS } from './fixtures';
import { adminChecks } from './scope/adminChecks';
import type { Ctx } from './scope/kit';
import {
  allowed,
  allRoutes,
  bodyFor,
  inputsOf,
  named,
  R,
  ROLES,
  scopedInputs,
  subjectsOf,
} from './scope/kit';
import { examChecks } from './scope/examChecks';
import { markingChecks } from './scope/markingChecks';
import { scopeSuite } from './scope/suite';
import { TABLE } from './scope/table';

describe.each(DIALECTS)('data scope on %s', (dialect) => {
  const suite = scopeSuite(dialect);

  it('names every route that takes a student, class, exam or block (completeness)', () => {
    const missing = [...allRoutes()]
      .filter(([name, route]) => scopedInputs(route).length > 0 && !(name in TABLE))
      .map(([name, route]) => `${name} ${route.url}`);
    expect(missing, 'add these routes to a file of test/scope/rows (TABLE)').toEqual([]);
  });

  const CLASSES = ['高一(1)班', '高一(2)班', '高一(3)班'];
  const SUBJECTS = ['数学', '语文'];

  const lists = Object.entries(TABLE).filter(([, e]) => e.kind === 'list');
  it.each(lists)(
    '%s: lists only classes, subjects and students in scope',
    async (name, entry) => {
      if (entry.kind !== 'list') return;
      const route = R(name);
      const classes = entry.byClass ? CLASSES : ['高一(1)班'];
      const subjects = entry.bySubject ? SUBJECTS : ['数学'];
      let adminSawOutside = false;
      for (const className of classes)
        for (const subject of subjects) {
          const ctx = suite.ctxFor(className, subject);
          for (const role of ROLES) {
            const extra = {
              ...entry.body,
              ...(entry.groups
                ? {
                    groups: CLASSES.map((c) => ({
                      name: c,
                      classIds: [suite.ids.classes.get(c)!.id],
                    })),
                  }
                : {}),
              ...(entry.grade ? { gradeId: suite.ids.classes.get('高二(1)班')!.gradeId } : {}),
            };
            const res = await suite.as(role, route, bodyFor(route, ctx, extra));
            const where = `${role} ${name} ${className} ${subject}: ${JSON.stringify(res.body).slice(0, 300)}`;
            if (role === 'admin') expect(res.body.code, where).toBe(200);
            if (res.body.code !== 200) {
              expect([403, 404], where).toContain(res.body.code);
              continue;
            }
            const subjectCtx = entry.bySubject ? subject : undefined;
            const seen = named(res.body.data);
            for (const id of seen.studentIds) {
              const s = suite.ids.students.get(id);
              expect(s, `${where} (unknown student ${id})`).toBeDefined();
              expect(allowed(role, s!.className, subjectCtx), `${where} student ${id}`).toBe(true);
              if (role === 'admin' && !allowed('teacher', s!.className, subjectCtx))
                adminSawOutside = true;
            }
            for (const no of seen.studentNos) {
              const cls = suite.ids.classOfNumber.get(no);
              if (cls === undefined) continue; // a paper's or another school's number
              expect(allowed(role, cls, subjectCtx), `${where} student ${no}`).toBe(true);
              if (role === 'admin' && !allowed('teacher', cls, subjectCtx)) adminSawOutside = true;
            }
            for (const classId of seen.classIds) {
              const cls = suite.ids.classNameOf.get(classId);
              if (cls === undefined) continue; // a teaching class or another kind of id
              expect(allowed(role, cls, subjectCtx), `${where} class ${cls}`).toBe(true);
              if (role === 'admin' && !allowed('teacher', cls, subjectCtx)) adminSawOutside = true;
            }
            if (entry.subjects) {
              const mine = subjectsOf(role, entry.byClass ? className : undefined);
              if (mine !== 'all')
                for (const subj of seen.subjects)
                  if (suite.ids.subjects.has(subj))
                    expect(mine, `${where} subject ${subj}`).toContain(subj);
            }
          }
        }
      // The probe itself sees data outside a teacher's scope, so it can fail.
      if (!entry.emptyInDemo && !['admin.getPermSubject', 'admin.queryClassRole'].includes(name))
        expect(
          adminSawOutside,
          `${name}: the admin's answer names nobody outside the teacher's scope`,
        ).toBe(true);
    },
    120_000,
  );

  const singles = Object.entries(TABLE).filter(([, e]) => e.kind === 'single');
  it.each(singles)(
    '%s: an out-of-scope student answers as a missing id',
    async (name, entry) => {
      if (entry.kind !== 'single') return;
      const route = R(name);
      for (const className of CLASSES)
        for (const subject of SUBJECTS)
          for (const role of ROLES) {
            const ctx = suite.ctxFor(className, subject);
            const found = await suite.as(role, route, bodyFor(route, ctx, entry.body));
            const missing = await suite.as(
              role,
              route,
              bodyFor(route, { ...ctx, studentId: 9_999_999 }, entry.body),
            );
            const where = `${role} ${name} ${className} ${subject}`;
            if (role === 'admin') expect(found.body.code, where).toBe(200);
            const props = Object.keys(inputsOf(route));
            const bySubject = props.includes('subjectId') || props.includes('examSubjectId');
            if (
              allowed(role, className, bySubject ? subject : undefined) &&
              found.body.code === 200
            )
              continue;
            expect(found.body, where).toEqual(missing.body);
          }
      // A student of 高一(3)班 asked through a class the user sees answers as a missing one too.
      for (const role of ROLES) {
        if (allowed(role, '高一(3)班', undefined)) continue;
        const ctx = suite.ctxFor('高一(1)班', '数学', '高一(3)班');
        const other = await suite.as(role, route, bodyFor(route, ctx, entry.body));
        const missing = await suite.as(
          role,
          route,
          bodyFor(route, { ...ctx, studentId: 9_999_999 }, entry.body),
        );
        expect(other.body, `${role} ${name} via 高一(1)班`).toEqual(missing.body);
      }
    },
    120_000,
  );

  const marking = Object.entries(TABLE).filter(([, e]) => e.kind === 'marking');
  it.each(marking)(
    '%s: markers see their blocks only, without students',
    async (name, entry) => {
      if (entry.kind !== 'marking') return;
      const route = R(name);
      const ctx: Ctx = {
        ...suite.ctxFor('高一(1)班', '数学'),
        examSubjectId: suite.ids.markingSubjectId,
        studentId: suite.ids.byClass.get('高一(1)班')!,
      };
      for (const role of ROLES) {
        const res = await suite.as(role, route, bodyFor(route, ctx, entry.body));
        const where = `${role} ${name}: ${JSON.stringify(res.body).slice(0, 300)}`;
        if (role === 'admin' || role === 'director') {
          // Managers and leaders who do not mark take no papers.
          expect(res.body.code, where).toBe(entry.markersOnly ? 403 : 200);
          continue;
        }
        if (role === 'teacher' || role === 'grader') {
          // Markers of the block (任课教师 + marker, 阅卷老师): no manager through Exam-Single.
          if (entry.markers === 'refused') {
            expect([res.body.code, res.body.msg], where).toEqual([
              403,
              '只有题块组长或阅卷管理员可以进行此操作',
            ]);
          } else {
            expect(res.body.code, where).toBe(200);
            const seen = named(res.body.data);
            expect([...seen.studentIds, ...seen.studentNos], where).toEqual([]);
            const papers = JSON.stringify(res.body.data).match(/"studentName":"[^"]+"/g);
            expect(papers, where).toBeNull();
          }
          continue;
        }
        // No role on the block and no marking key.
        expect(res.body.code, where).toBe(403);
      }
    },
    120_000,
  );

  it('every route answers another school’s student, class, exam or subject exactly as a missing id', async () => {
    const lab = await suite.database.db
      .selectFrom('schools')
      .select('id')
      .where('code', '=', 'lab')
      .executeTakeFirstOrThrow();
    const labClass = await suite.database.db
      .selectFrom('classes as c')
      .innerJoin('grades as g', 'g.id', 'c.grade_id')
      .select(['c.id', 'g.id as gradeId'])
      .where('g.school_id', '=', lab.id)
      .executeTakeFirstOrThrow();
    const labStudent = await suite.database.db
      .selectFrom('students')
      .select('id')
      .where('class_id', '=', labClass.id)
      .executeTakeFirstOrThrow();
    const labAdmin = await call<{ token: string }>(suite.app, contracts.authRoutes.loginPassword, {
      body: { loginName: 'lab-admin', password: DEMO_PASSWORD },
    });
    const labExam = await call<{ id: number; subjects: { id: number }[] }>(
      suite.app,
      R('exam.create'),
      {
        token: labAdmin.body.data.token,
        body: {
          name: '实验中学考试',
          examType: '期中',
          gradeId: labClass.gradeId,
          examDate: '2026-11-10',
          subjects: [{ subjectCode: '数学', subjectName: '数学', fullMarks: 150 }],
          classIds: [labClass.id],
        },
      },
    );
    expect(labExam.body.code, JSON.stringify(labExam.body)).toBe(200);
    const foreign: Record<string, number> = {
      studentId: labStudent.id,
      classId: labClass.id,
      examId: labExam.body.data.id,
      id: labExam.body.data.id,
      examSubjectId: labExam.body.data.subjects[0]!.id,
    };
    const differ: string[] = [];
    let compared = 0;
    for (const [name, route] of allRoutes()) {
      if (name.startsWith('auth.')) continue;
      const ctx = suite.ctxFor('高一(1)班', '数学');
      const base = bodyFor(route, ctx, TABLE[name]?.kind === 'list' ? TABLE[name].body : {});
      for (const input of scopedInputs(route)) {
        const key = input.replace(/s$/, '');
        const value = foreign[input === 'id' ? 'id' : key];
        if (value === undefined) continue;
        const plural = input.endsWith('Ids');
        const theirs = { ...base, [input]: plural ? [value] : value };
        const missing = { ...base, [input]: plural ? [9_999_999] : 9_999_999 };
        const a = await suite.as('admin', route, theirs);
        const b = await suite.as('admin', route, missing);
        // A body the generic builder leaves incomplete proves nothing about the id.
        if (!a.body.msg.startsWith('请求参数错误')) compared++;
        if (a.body.code !== b.body.code || a.body.msg !== b.body.msg)
          differ.push(
            `${name}.${input}: ${a.body.code} ${a.body.msg} ≠ ${b.body.code} ${b.body.msg}`,
          );
      }
    }
    expect(compared).toBeGreaterThan(50);
    expect(differ).toEqual([]);
  }, 120_000);

  markingChecks(suite);
  adminChecks(suite);
  examChecks(suite);
});
