import {
  ASSISTANT_FREQUENCY_COLUMNS,
  ASSISTANT_FREQUENCY_EXPORT_URL,
  ASSISTANT_PERIODS,
  FREQUENCY_LIMIT,
  homeworkAssistantRoutes as r,
  type AssistantFilter,
  type AssistantSummaryRow,
  type FrequencyRow,
} from '@examkit/contracts';
import { Type } from 'typebox';
import type { DomainDeps } from '../../core/deps';
import { badRequest } from '../../core/envelope';
import type { Router } from '../../core/router';
import { accessOf, type Access } from '../../core/scope';
import { writeSheet } from '../../exam/spreadsheets';
import { reachable, visibleHomeworks } from '../create';
import { scoredAnswersOf, studentsOf } from '../submissions/students';
import { round1 } from '../rounding';

const TAG = 'homework';
const DAY = 86_400_000;
const KEY = 'Homework-Analysis';

/** Registers 作业分析: the options, 作业汇总 (summary) and 高频错题 (frequency, its export). */
export function registerHomeworkAssistantRoutes(router: Router, { db, clock }: DomainDeps): void {
  /**
   * The assigned homework of a grade × subject the caller sees, assigned within the period, each
   * with the caller's students and their hand-ins.
   */
  const handInsOf = async (access: Access, filter: AssistantFilter) => {
    await access.require(KEY);
    const pair = (await reachable(db, await access.scope())).find(
      (p) => p.grade.id === filter.gradeId && p.subject.id === filter.subjectId,
    );
    if (!pair) throw badRequest('年级或科目不存在，或不在您的任教范围');
    const since = filter.period === 'all' ? 0 : clock.now().getTime() - Number(filter.period) * DAY;
    const homeworks = await (
      await visibleHomeworks(db, access)
    )
      .where('grade_id', '=', filter.gradeId)
      .where('subject_id', '=', filter.subjectId)
      .where('state', '=', 'assigned')
      .where((eb) =>
        eb(
          'id',
          'in',
          eb
            .selectFrom('homework_assignments')
            .select('homework_id')
            .where('assigned_at', '>=', since),
        ),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const out = [];
    for (const homework of homeworks) {
      const students = await studentsOf(db, access, homework);
      if (students.length === 0) continue;
      const ids = students.map((s) => s.studentId);
      const [questions, subs, assignments] = await Promise.all([
        db
          .selectFrom('homework_questions')
          .selectAll()
          .where('homework_id', '=', homework.id)
          .orderBy('no')
          .execute(),
        db
          .selectFrom('homework_submissions')
          .select(['id', 'student_id', 'status', 'score'])
          .where('homework_id', '=', homework.id)
          .where('student_id', 'in', ids)
          .execute(),
        db
          .selectFrom('homework_assignments')
          .select('assigned_at')
          .where('homework_id', '=', homework.id)
          .execute(),
      ]);
      const answers = await scoredAnswersOf(
        db,
        subs.map((s) => s.id),
      );
      out.push({
        homework,
        students,
        questions,
        subs,
        answers,
        assignedAt: Math.min(...assignments.map((a) => Number(a.assigned_at))),
      });
    }
    return out;
  };

  const frequencyOf = async (access: Access, filter: AssistantFilter): Promise<FrequencyRow[]> => {
    const rows: FrequencyRow[] = [];
    for (const { homework, questions, answers } of await handInsOf(access, filter)) {
      for (const q of questions) {
        const scored = answers.filter((a) => a.question_no === q.no);
        if (scored.length === 0) continue;
        const full = Number(q.full_marks);
        const wrong = scored.filter((a) => Number(a.score) < full);
        const given = new Map<string, number>();
        for (const a of wrong)
          if (q.type === 'objective' && a.answer)
            given.set(a.answer, (given.get(a.answer) ?? 0) + 1);
        const common = [...given.entries()].sort((x, y) => y[1] - x[1])[0];
        rows.push({
          homeworkId: homework.id,
          homeworkName: homework.name,
          questionNo: q.no,
          label: q.label,
          type: q.type as FrequencyRow['type'],
          fullMarks: full,
          answered: scored.length,
          wrong: wrong.length,
          wrongRate: round1((wrong.length / scored.length) * 100),
          averageScore: round1(scored.reduce((s, a) => s + Number(a.score), 0) / scored.length),
          commonWrongAnswer: common?.[0] ?? null,
        });
      }
    }
    return rows
      .filter((x) => x.wrong > 0)
      .sort((a, b) => b.wrongRate - a.wrongRate || b.wrong - a.wrong || a.homeworkId - b.homeworkId)
      .slice(0, FREQUENCY_LIMIT);
  };

  router.sessionRoute(r.assistantOptions, TAG, async ({ session }) => {
    const access = accessOf(db, session);
    await access.require(KEY);
    return (await reachable(db, await access.scope())).map((p) => ({
      gradeId: p.grade.id,
      gradeName: p.grade.name,
      subjectId: p.subject.id,
      subjectName: p.subject.name,
    }));
  });

  router.sessionRoute(r.assistantSummary, TAG, async ({ body, session }) => {
    const rows: AssistantSummaryRow[] = [];
    for (const h of await handInsOf(accessOf(db, session), body)) {
      const fullMarks = h.questions.reduce((s, q) => s + Number(q.full_marks), 0);
      const classes = new Map<number, string>();
      for (const s of h.students) classes.set(s.classId, s.className);
      for (const [classId, className] of classes) {
        const mine = new Set(
          h.students.filter((s) => s.classId === classId).map((s) => s.studentId),
        );
        const subs = h.subs.filter((s) => mine.has(s.student_id));
        const done = subs.filter((s) => s.status === 'finished' || s.status === 'modified');
        rows.push({
          homeworkId: h.homework.id,
          homeworkName: h.homework.name,
          source:
            h.homework.paper_kind === 'pdf' || h.homework.paper_kind === 'image'
              ? 'paper'
              : h.homework.paper_kind,
          classId,
          className,
          assignedAt: h.assignedAt,
          expected: mine.size,
          submitted: subs.length,
          corrected: done.length,
          fullMarks,
          average: done.length
            ? round1(done.reduce((s, x) => s + Number(x.score ?? 0), 0) / done.length)
            : null,
          submitRate: round1((subs.length / mine.size) * 100),
        });
      }
    }
    return rows;
  });

  router.sessionRoute(r.assistantFrequency, TAG, async ({ body, session }) =>
    frequencyOf(accessOf(db, session), body),
  );

  router.sessionDownload(
    {
      url: ASSISTANT_FREQUENCY_EXPORT_URL,
      summary: 'the 高频错题 list of a grade × subject and period as an Excel workbook',
      query: Type.Object(
        {
          gradeId: Type.Integer({ minimum: 1 }),
          subjectId: Type.Integer({ minimum: 1 }),
          period: Type.Union(ASSISTANT_PERIODS.map((p) => Type.Literal(p))),
        },
        { additionalProperties: false },
      ),
    },
    TAG,
    async ({ query, session }) => {
      const rows = await frequencyOf(accessOf(db, session), query as AssistantFilter);
      const body = await writeSheet(
        '高频错题',
        ASSISTANT_FREQUENCY_COLUMNS,
        rows.map((x) => [
          x.homeworkName,
          x.label,
          x.type === 'objective' ? '客观题' : '主观题',
          x.fullMarks,
          x.answered,
          x.wrong,
          x.wrongRate,
          x.averageScore,
          x.commonWrongAnswer ?? '',
        ]),
      );
      return {
        fileName: '高频错题.xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body,
      };
    },
  );
}
