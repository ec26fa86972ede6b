import type { CentreHomeworkRow, CentreHomeworkTopics } from '@examkit/contracts';
import type { Db } from '../core/database';
import { pagedList, type Page, type PageRequest } from '../core/listing';
import type { Access } from '../core/scope';
import { gradeSubjectNamesOf } from '../school/classQueries';
import { requireSchoolBase } from '../homework/access';
import { visibleHomeworks } from '../homework/create';
import { reportData, targetStudents, type TargetFilter } from '../homework/report/data';
import { basicOf, knowledgeOf } from '../homework/report/figures';
import type { HomeworkRow } from '../homework/access';
import {
  compositionBasic,
  compositionBasicOf,
  compositionHandIns,
  compositionRowOf,
  compositionScoreRate,
} from '../homework/composition/report';

/**
 * The assigned homework whose reports the caller may open (校本作业's list rule, 作文 included),
 * newest first.
 */
export async function reportable(db: Db, access: Access) {
  await requireSchoolBase(access);
  return (await visibleHomeworks(db, access)).where('state', '=', 'assigned');
}

/** A 作文's report 基本情况 (the composition report's own computation) and its classes. */
async function compositionReport(db: Db, access: Access, homework: HomeworkRow) {
  return compositionBasicOf(db, access, homework, await compositionRowOf(db, homework));
}

/**
 * 助手报告: a page of the homework whose reports the caller may open, each with the 基本情况
 * figures of its report over the caller's students (`basicOf`, the report page's computation).
 */
export async function centreHomework(
  db: Db,
  access: Access,
  body: PageRequest,
): Promise<Page<CentreHomeworkRow>> {
  const q = await reportable(db, access);
  return pagedList(
    body,
    async ({ offset, limit }) => {
      const rows = await q
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      const out: CentreHomeworkRow[] = [];
      const names = await gradeSubjectNamesOf(db, rows);
      for (const row of rows) {
        if (row.paper_kind === 'composition') {
          const { basic, classNames } = await compositionReport(db, access, row);
          out.push({
            id: row.id,
            composition: true,
            name: row.name,
            ...names(row),
            targets: classNames,
            fullMarks: basic.fullMarks,
            expected: basic.expected,
            submitted: basic.submitted,
            corrected: basic.corrected,
            average: basic.average,
            scoreRate: compositionScoreRate(basic),
            createdAt: Number(row.created_at),
          });
          continue;
        }
        const b = basicOf(
          await reportData(db, access, row.id, { classId: null, teachingClassId: null }),
        );
        out.push({
          id: b.id,
          composition: false,
          name: b.name,
          gradeName: b.gradeName,
          subjectName: b.subjectName,
          targets: b.targets.map((t) => t.name),
          fullMarks: b.fullMarks,
          expected: b.expected,
          submitted: b.submitted,
          corrected: b.corrected,
          average: b.average,
          scoreRate: b.scoreRate,
          createdAt: Number(row.created_at),
        });
      }
      return out;
    },
    async () =>
      Number(
        (
          await q
            .clearSelect()
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      ),
  );
}

const atOrBelow = (rate: number | null, threshold: number) => rate !== null && rate <= threshold;

/**
 * 助手报告·题目列表: a homework's questions and knowledge points at or under a score rate, over
 * the caller's students (or one of their classes), from the report's 基本情况 and 知识点统计.
 */
export async function centreHomeworkTopics(
  db: Db,
  access: Access,
  body: TargetFilter & { homeworkId: number | null; threshold: number },
): Promise<CentreHomeworkTopics> {
  const recent = await (
    await reportable(db, access)
  )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(30)
    .execute();
  const id = body.homeworkId ?? recent[0]?.id ?? null;
  const names = await gradeSubjectNamesOf(db, recent);
  const homeworks = recent.map((h) => ({ id: h.id, name: h.name, ...names(h) }));
  const empty = {
    homeworks,
    homeworkId: null,
    composition: false,
    name: '',
    subjectName: '',
    targets: [],
    threshold: body.threshold,
    questions: [],
    points: [],
    untagged: 0,
    dimensions: [],
  };
  if (id === null) return empty;
  const chosen =
    recent.find((h) => h.id === id) ??
    (await (await reportable(db, access)).where('id', '=', id).executeTakeFirst());
  if (chosen?.paper_kind === 'composition') {
    // a 作文's parts over the caller's students, or one of their classes (the 基本情况 computation)
    const [{ targets, students }, hand, composition] = await Promise.all([
      targetStudents(db, access, chosen, body),
      compositionHandIns(db, access, chosen),
      compositionRowOf(db, chosen),
    ]);
    const kept = new Set(students.map((s) => s.studentId));
    const basic = compositionBasic(
      chosen,
      composition,
      hand.filter((x) => kept.has(x.student.studentId)),
    );
    return {
      ...empty,
      homeworkId: chosen.id,
      composition: true,
      name: chosen.name,
      subjectName: names(chosen).subjectName,
      targets,
      dimensions: basic.dimensions
        .map((x) => ({
          label: x.label,
          points: x.points,
          average: x.average,
          scoreRate: x.rate === null ? null : x.rate / 100,
        }))
        .filter((x) => atOrBelow(x.scoreRate, body.threshold)),
    };
  }
  const d = await reportData(db, access, id, body);
  const [basic, knowledge] = [basicOf(d), await knowledgeOf(db, d)];
  const labelOf = new Map(d.questions.map((q) => [q.no, q.label]));
  return {
    homeworks,
    homeworkId: d.homework.id,
    composition: false,
    name: d.homework.name,
    subjectName: d.subjectName,
    targets: d.targets,
    threshold: body.threshold,
    questions: basic.questions
      .filter((q) => atOrBelow(q.scoreRate, body.threshold))
      .map((q) => ({
        no: q.no,
        label: q.label,
        type: q.type === 'objective' ? '客观题' : '主观题',
        fullMarks: q.fullMarks,
        scored: q.scored,
        wrong: q.wrong,
        scoreRate: q.scoreRate,
      })),
    points: knowledge.points
      .filter((p) => atOrBelow(p.scoreRate, body.threshold))
      .map((p) => ({
        name: p.name,
        questionLabels: p.questionNos.map((no) => labelOf.get(no) ?? String(no)),
        fullMarks: p.fullMarks,
        scoreRate: p.scoreRate,
        wrong: p.wrong,
      })),
    untagged: knowledge.untagged,
    dimensions: [],
  };
}
