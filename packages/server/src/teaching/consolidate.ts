import type { DataOf, resourceWrongRoutes } from '@examkit/contracts';
import type { Db } from '../core/database';
import { badRequest } from '../core/envelope';
import type { Access } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { requireSchoolBase } from '../homework/access';
import { reportData, type ReportData } from '../homework/report/data';
import { basicOf, knowledgeOf } from '../homework/report/figures';
import { insertPaper, sectionsByType } from '../resource/papers';
import { loadQuestions } from '../resource/questions';
import { bankSource, recommendFor, subjectAliases } from '../resource/wrongRecommend';
import { gradeSubjectNamesOf } from '../school/classQueries';
import { reportable } from './assistant';

type Routes = typeof resourceWrongRoutes;
type ClassErrors = DataOf<Routes['homeworkClassErrors']>;
type Kind = 'class' | 'teachingClass';

/** Homework offered in 巩固提升's picker: the newest the caller may open. */
const PICKER_SIZE = 30;

const filterOf = (kind: Kind, id: number) =>
  kind === 'class'
    ? { classId: id, teachingClassId: null }
    : { classId: null, teachingClassId: id };

/** Rank: the lowest score rate first (unscored last), then question order. */
const byRate = (a: { scoreRate: number | null }, b: { scoreRate: number | null }) =>
  (a.scoreRate ?? 2) - (b.scoreRate ?? 2);

/**
 * One class's (or teaching class's) weakest questions and knowledge points of a homework: its
 * report's 基本情况 and 知识点统计 over the class, the one computation of those figures.
 */
async function classFigures(db: Db, access: Access, homeworkId: number, kind: Kind, id: number) {
  await requireSchoolBase(access);
  const d = await reportData(db, access, homeworkId, filterOf(kind, id));
  const [basic, knowledge] = [basicOf(d), await knowledgeOf(db, d)];
  const pointsOf = (no: number) =>
    knowledge.points.filter((p) => p.questionNos.includes(no)).map((p) => p.name);
  const questions = basic.questions
    .filter((q) => q.scoreRate !== null)
    .sort((a, b) => byRate(a, b) || a.no - b.no);
  return { d, basic, knowledge, questions, pointsOf };
}

/**
 * 巩固提升·作业: a homework's weakest questions and knowledge points per class the caller
 * corrects, each beside the homework's figure over all the caller's students.
 */
export async function homeworkClassErrors(
  db: Db,
  access: Access,
  body: { homeworkId: number | null; limit: number },
): Promise<ClassErrors> {
  const recent = await (
    await reportable(db, access)
  )
    // A 作文 is scored by its rubric, not by questions: it has no errors to consolidate.
    .where('paper_kind', '!=', 'composition')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PICKER_SIZE)
    .execute();
  const names = await gradeSubjectNamesOf(db, recent);
  const homeworks = recent.map((h) => ({ id: h.id, name: h.name, ...names(h) }));
  const id = body.homeworkId ?? recent[0]?.id ?? null;
  const empty = { homeworks, homeworkId: null, homeworkName: '', subjectName: '', untagged: 0 };
  if (id === null) return { ...empty, classes: [] };
  const all = await reportData(db, access, id, { classId: null, teachingClassId: null });
  const [overall, overallPoints] = [basicOf(all), await knowledgeOf(db, all)];
  const classes: ClassErrors['classes'] = [];
  for (const t of all.targets) {
    const f = await classFigures(db, access, id, t.kind, t.id);
    classes.push({
      kind: t.kind,
      classId: t.id,
      className: t.name,
      questions: f.questions.slice(0, body.limit).map((q) => ({
        no: q.no,
        label: q.label,
        fullMarks: q.fullMarks,
        knowledgePoints: f.pointsOf(q.no),
        classScoreRate: q.scoreRate,
        homeworkScoreRate: overall.questions.find((x) => x.no === q.no)?.scoreRate ?? null,
        wrongCount: q.wrong,
        fromBank: (f.d.questions.find((x) => x.no === q.no)?.bank_question_id ?? null) !== null,
      })),
      points: f.knowledge.points
        .filter((p) => p.scoreRate !== null)
        .slice(0, body.limit)
        .map((p) => ({
          point: p.name,
          fullMarks: p.fullMarks,
          scoreRate: p.scoreRate,
          homeworkScoreRate: overallPoints.points.find((x) => x.name === p.name)?.scoreRate ?? null,
          labels: p.questionNos.map((no) => f.d.questions.find((x) => x.no === no)?.label ?? ''),
          wrongCount: p.wrong,
        })),
    });
  }
  return {
    homeworks,
    homeworkId: id,
    homeworkName: all.homework.name,
    subjectName: all.subjectName,
    untagged: overallPoints.untagged,
    classes,
  };
}

/** How many weak questions of a class a practice paper follows (as 巩固提升's exam pages). */
export const PRACTICE_WEAK_QUESTIONS = 5;

/**
 * 用相似题组卷 after a homework: for the class's weakest questions with knowledge points (made from
 * the bank, or a paper's tagged by the teacher; only those of `point` when given), the first
 * similar bank question of each — ranked as for a wrong
 * homework question of the 错题本 (shared knowledge points, then the bank's similarity to the
 * source, then the difficulty nearest the class's score rate) — saved as a school paper.
 */
export async function homeworkPracticePaper(
  db: Db,
  access: Access,
  session: SessionInfo,
  body: {
    homeworkId: number;
    kind: Kind;
    classId: number;
    point: string | null;
    title: string;
    requestKey: string;
  },
  at: number,
): Promise<{ paperId: number; questionCount: number }> {
  const f = await classFigures(db, access, body.homeworkId, body.kind, body.classId);
  const schoolId = session.schoolId;
  const bankOf = (no: number) => f.d.questions.find((q) => q.no === no)?.bank_question_id ?? null;
  const weak = f.questions
    .filter((q) => bankOf(q.no) !== null || f.pointsOf(q.no).length > 0)
    .filter((q) => body.point === null || f.pointsOf(q.no).includes(body.point))
    .slice(0, PRACTICE_WEAK_QUESTIONS);
  const ids = await similarIds(
    db,
    schoolId,
    f.d,
    weak.map((q) => ({
      bankId: bankOf(q.no),
      points: body.point === null ? f.pointsOf(q.no) : [body.point],
      scoreRate: q.scoreRate,
    })),
  );
  if (ids.length === 0) throw badRequest('题库中暂无与这些错题共享知识点的试题');
  const questions = await loadQuestions(db, schoolId, ids);
  const first = questions.find((q) => q.id === ids[0])!;
  const same = ids
    .map((id) => questions.find((q) => q.id === id)!)
    .filter((q) => q.subjectCode === first.subjectCode);
  const paperId = await insertPaper(
    db,
    { schoolId, userId: session.userId },
    {
      subjectCode: first.subjectCode,
      title: body.title,
      subtitle: `${f.d.homework.name} 错题练习`,
      durationMinutes: 45,
      gradeNum: first.gradeNum,
      sections: sectionsByType(same.map((question) => ({ question }))),
    },
    at,
    body.requestKey,
  );
  return { paperId, questionCount: same.length };
}

/** The first similar bank question of each weak homework question, distinct, in order. */
async function similarIds(
  db: Db,
  schoolId: number,
  d: ReportData,
  weak: { bankId: number | null; points: string[]; scoreRate: number | null }[],
): Promise<number[]> {
  if (weak.length === 0) return [];
  const bankIds = weak.flatMap((w) => (w.bankId === null ? [] : [w.bankId]));
  const sources = await loadQuestions(db, schoolId, [...new Set(bankIds)]);
  const cache: Parameters<typeof bankSource>[3] = new Map();
  const targets = [];
  for (const w of weak) {
    // A paper's question is practised by the points the teacher tagged it with.
    if (w.bankId === null) {
      targets.push({ points: w.points, scoreRate: w.scoreRate, source: undefined });
      continue;
    }
    const q = sources.find((x) => x.id === w.bankId);
    if (!q) continue;
    targets.push({
      points: w.points,
      scoreRate: w.scoreRate,
      source: await bankSource(db, schoolId, { id: q.id, subjectCode: q.subjectCode }, cache),
    });
  }
  const subject = await db
    .selectFrom('subjects')
    .select(['code', 'name'])
    .where('id', '=', d.homework.subject_id)
    .executeTakeFirst();
  const codes = [
    ...(subject ? await subjectAliases(db, schoolId, subject) : []),
    ...targets.flatMap((t) => (t.source ? [t.source.subjectCode] : [])),
  ];
  const lists = await recommendFor(db, schoolId, [...new Set(codes)], targets, 3);
  // One question per weak question: its best-ranked one not already on the paper.
  const taken = new Set(bankIds);
  const out: number[] = [];
  for (const list of lists) {
    const id = list.map((r) => r.question.id).find((x) => !taken.has(x));
    if (id !== undefined) {
      taken.add(id);
      out.push(id);
    }
  }
  return out;
}
