import { homeworkReportRoutes as r } from '@examkit/contracts';
import type { Db } from '../../core/database';
import type { Clock } from '../../core/clock';
import { badRequest, notFound } from '../../core/envelope';
import type { Router } from '../../core/router';
import { accessOf } from '../../core/scope';
import { teachClassRows } from '../../school/teachingClassRoutes';
import { requireSchoolBase } from '../access';
import { newHandIn, settle, scoreKey, storedChoice, judgementOf } from '../submissions/scoring';
import { commentsOf, rate, reportData, studentReport, studentRows } from './data';
import { basicOf, knowledgeOf } from './figures';
import { questionHead } from '../questionHead';

const TAG = 'homework';

export interface HomeworkReportDeps {
  db: Db;
  clock: Clock;
}

/** Registers homework reports, the statistics of errors and knowledge points, teaching classes and 录入. */
export function registerHomeworkReportRoutes(router: Router, { db, clock }: HomeworkReportDeps) {
  const now = () => clock.now().getTime();

  router.sessionRoute(r.reportBasic, TAG, async ({ body, session }) =>
    basicOf(await reportData(db, accessOf(db, session), body.id, body)),
  );

  router.sessionRoute(r.reportStudent, TAG, async ({ body, session }) => {
    const d = await reportData(db, accessOf(db, session), body.id, body);
    return studentRows(d, await commentsOf(db, d.homework.id));
  });

  router.sessionRoute(r.reportComment, TAG, async ({ body, session }) => {
    const d = await reportData(db, accessOf(db, session), body.id, body);
    const comments = await commentsOf(db, d.homework.id);
    const classes = new Map<number, string>();
    for (const s of d.students) classes.set(s.classId, s.className);
    return {
      targets: d.targets,
      classes: [...classes].map(([classId, className]) => ({
        classId,
        className,
        comment: comments.get(`class:${classId}`) ?? null,
      })),
      students: studentRows(d, comments),
    };
  });

  router.sessionRoute(r.saveComment, TAG, async ({ body, session }) => {
    if ((body.classId === null) === (body.studentId === null))
      throw badRequest('请选择一个班级或一名学生');
    const d = await reportData(db, accessOf(db, session), body.id, {
      classId: null,
      teachingClassId: null,
    });
    if (body.classId !== null && !d.students.some((s) => s.classId === body.classId))
      throw notFound('班级不存在');
    if (body.studentId !== null && !d.students.some((s) => s.studentId === body.studentId))
      throw notFound('学生不存在');
    const target = body.classId !== null ? `class:${body.classId}` : `student:${body.studentId}`;
    const text = body.text.trim();
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('homework_comments')
        .where('homework_id', '=', d.homework.id)
        .where('target', '=', target)
        .execute();
      if (text !== '')
        await trx
          .insertInto('homework_comments')
          .values({
            homework_id: d.homework.id,
            school_id: d.homework.school_id,
            target,
            text,
            updated_by: session.userId,
            updated_at: now(),
          })
          .execute();
    });
    return { comment: text === '' ? null : text };
  });

  router.sessionRoute(r.studentAnalysis, TAG, async ({ body, session }) => {
    const d = await reportData(db, accessOf(db, session), body.id, {
      classId: null,
      teachingClassId: null,
    });
    return studentReport(db, d, body.studentId);
  });

  router.sessionRoute(r.studentWrong, TAG, async ({ body, session }) => {
    const d = await reportData(db, accessOf(db, session), body.id, {
      classId: null,
      teachingClassId: null,
    });
    const report = await studentReport(db, d, body.studentId);
    return { ...report, questions: report.questions.filter((q) => q.judgement === 'wrong') };
  });

  router.sessionRoute(r.errorStatistics, TAG, async ({ body, session }) => {
    const d = await reportData(db, accessOf(db, session), body.id, body);
    const nameOf = new Map(d.students.map((s) => [s.studentId, s.name]));
    return {
      questions: d.questions.map((q) => {
        const list = d.subs.flatMap((s) =>
          (d.answersOf.get(s.id) ?? [])
            .filter((a) => a.question_no === q.no)
            .map((a) => ({ ...a, studentId: s.student_id })),
        );
        const scored = list.filter((a) => a.score !== null);
        const wrong = scored.filter((a) => a.judgement === 'wrong');
        const choices = new Map<string, number>();
        if (q.type === 'objective')
          for (const a of list) choices.set(a.answer ?? '', (choices.get(a.answer ?? '') ?? 0) + 1);
        return {
          ...questionHead(q),
          scored: scored.length,
          wrong: wrong.length,
          wrongRate: scored.length === 0 ? null : rate(wrong.length, scored.length),
          choices: [...choices]
            .map(([answer, count]) => ({ answer, count }))
            .sort((a, b) => b.count - a.count || a.answer.localeCompare(b.answer)),
          wrongStudents: wrong.map((a) => ({
            studentId: a.studentId,
            name: nameOf.get(a.studentId) ?? '',
          })),
        };
      }),
    };
  });

  router.sessionRoute(r.knowledgeStatistics, TAG, async ({ body, session }) =>
    knowledgeOf(db, await reportData(db, accessOf(db, session), body.id, body)),
  );

  router.sessionRoute(r.teachingClasses, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    await requireSchoolBase(access);
    const rows = await teachClassRows(db, await access.scope(), session.userId, {
      ...(body.gradeId !== null ? { gradeId: body.gradeId } : {}),
      ...(body.subjectId !== null ? { subjectId: body.subjectId } : {}),
    });
    return rows.map((t) => ({
      id: t.id,
      name: t.name,
      gradeId: t.gradeId,
      subjectId: t.subjectId,
      subjectName: t.subjectName,
      studentCount: t.studentCount,
    }));
  });

  router.sessionRoute(r.manualSave, TAG, async ({ body, session }) => {
    const access = accessOf(db, session);
    const d = await reportData(db, access, body.id, { classId: null, teachingClassId: null });
    const student = d.students.find((s) => s.studentId === body.studentId);
    if (!student) throw notFound('学生不存在');
    const existing = d.subOf.get(student.studentId);
    if (existing && existing.source !== 'manual')
      throw badRequest(
        `该学生已${existing.source === 'scan' ? '扫描' : '在线'}提交，请在批改页修改得分`,
      );
    const seen = new Set<number>();
    const rows = body.answers.map((a) => {
      const q = d.questions.find((x) => x.no === a.questionNo);
      if (!q) throw badRequest(`题目 ${a.questionNo} 不存在`);
      if (seen.has(q.no)) throw badRequest(`第 ${q.label} 题重复录入`);
      seen.add(q.no);
      const full = Number(q.full_marks);
      if (q.type === 'objective') {
        const answer = a.answer === null ? null : storedChoice(q, a.answer);
        const score = answer === null ? null : scoreKey(q, answer);
        return { q, answer, score };
      }
      if (a.score !== null && a.score > full)
        throw badRequest(`第 ${q.label} 题：得分不能超过满分 ${full} 分`);
      return { q, answer: null, score: a.score };
    });
    const at = now();
    await db.transaction().execute(async (trx) => {
      let id: number;
      if (existing) {
        id = existing.id;
        await trx
          .updateTable('homework_submissions')
          .set({ updated_at: at })
          .where('id', '=', id)
          .execute();
        await trx.deleteFrom('homework_answers').where('submission_id', '=', id).execute();
        await trx.deleteFrom('homework_answer_rubrics').where('submission_id', '=', id).execute();
      } else {
        id = (
          await trx
            .insertInto('homework_submissions')
            .values(
              newHandIn({
                homeworkId: d.homework.id,
                schoolId: d.homework.school_id,
                studentId: student.studentId,
                classId: student.classId,
                source: 'manual',
                at,
              }),
            )
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      }
      if (rows.length > 0)
        await trx
          .insertInto('homework_answers')
          .values(
            rows.map(({ q, answer, score }) => ({
              submission_id: id,
              question_no: q.no,
              answer,
              crop_key: null,
              score,
              judgement: score === null ? null : judgementOf(score, q.full_marks),
              adjustment: null,
              review: 0,
              corrected_by: score === null ? null : session.userId,
              corrected_at: score === null ? null : at,
            })),
          )
          .execute();
      await settle(trx, id, session.userId, at);
    });
    const after = await reportData(db, access, body.id, { classId: null, teachingClassId: null });
    return studentReport(db, after, student.studentId);
  });
}
