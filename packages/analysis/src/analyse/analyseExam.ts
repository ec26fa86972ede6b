import type {
  AnalysisOptions,
  ExamAnalysis,
  ExamInput,
  GroupReport,
  StudentSubjectColumns,
  SubjectScores,
  SubjectStats,
} from '../types';
import { averageOf } from '../stats/describe';
import { gather, presentMembers } from './gather';
import { groupScoreStats } from './groupScoreStats';
import { buildGroups, type Group } from './groups';
import { paperLayout, paperStats, type PaperStats } from './paperStats';
import { resolveOptions } from './resolveOptions';
import { checkScores, subjectColumn, totalColumn, totalFullMarks } from './scoreColumns';
import { balanceColumn, studentScoreColumns } from './studentColumns';

function previousSubjectRanks(
  input: ExamInput,
  subjectId: string,
): Readonly<Record<string, number>> | undefined {
  const subjects = input.previous?.subjects;
  return subjects !== undefined && Object.hasOwn(subjects, subjectId)
    ? subjects[subjectId]
    : undefined;
}

function concatenate(parts: readonly Int32Array[]): Int32Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Int32Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** `column` at `order`, in a typed array that holds its values exactly. */
function permuted(column: ArrayLike<number>, order: Int32Array): Float32Array | Float64Array {
  const out =
    column instanceof Float32Array
      ? new Float32Array(order.length)
      : new Float64Array(order.length);
  for (let k = 0; k < order.length; k++) out[k] = column[order[k] as number] as number;
  return out;
}

/**
 * Analyses one exam of a grade: statistics of every subject and the total for the grade, each
 * class and each teacher's classes, question and knowledge-point statistics, and per-student
 * ranks, standard scores, rank changes and balance. Pure and deterministic; returns plain JSON.
 * @see docs/analysis.md for every definition.
 */
export function analyseExam(input: ExamInput, options: AnalysisOptions = {}): ExamAnalysis {
  const resolved = resolveOptions(options);
  const n = input.students.length;
  checkScores(input.subjects, input.scores, n);
  const ids = input.students.map((s) => s.id);
  if (new Set(ids).size !== n) throw new RangeError('duplicate student id');
  const scoresOf = new Map(input.scores.map((s) => [s.subjectId, s]));
  const columns = input.subjects.map((subject) =>
    subjectColumn(subject, scoresOf.get(subject.id), n),
  );
  // A paper nobody sat (not held, or not yet marked) is not part of the total.
  const sat = columns.map((column) => column.some((v) => !Number.isNaN(v)));
  const takes = input.subjects.map((subject) => scoresOf.get(subject.id)?.takes);
  const total = totalColumn(
    columns.filter((_, j) => sat[j]),
    n,
    takes.filter((_, j) => sat[j]),
  );
  const totalFull = totalFullMarks(
    input.subjects.filter((_, j) => sat[j]).map((s) => s.fullMarks),
    n,
    takes.filter((_, j) => sat[j]),
  );
  const { grade, classes, teachers } = buildGroups(input);
  const layouts = input.subjects.map(paperLayout);
  const gradeMeans = columns.map((c, j) => {
    const who = takes[j];
    return averageOf(who === undefined ? c : c.filter((_, s) => Boolean(who[s])), resolved.mean);
  });
  const gradeTotalMean = averageOf(total, resolved.mean);

  // Question statistics of every class, one paper at a time, from copies of the question columns
  // laid out class by class: each class reads its students' scores from consecutive memory.
  const classPapers: PaperStats[][] = classes.map(() => []);
  input.subjects.forEach((subject, j) => {
    const scores = scoresOf.get(subject.id);
    const who = takes[j];
    const presentOf = classes.map((group) => {
      const members =
        who === undefined ? group.members : group.members.filter((s) => Boolean(who[s]));
      return presentMembers(members, gather(columns[j]!, members));
    });
    if (scores === undefined || scores.questions.length === 0 || subject.questions.length === 0) {
      presentOf.forEach((present, c) => {
        classPapers[c]!.push(
          paperStats(
            subject,
            scores,
            present,
            gather(columns[j]!, present),
            resolved.groupFraction,
            resolved.lowerGroupFraction,
            layouts[j],
          ),
        );
      });
      return;
    }
    const order = concatenate(presentOf);
    const local: SubjectScores = {
      subjectId: subject.id,
      questions: scores.questions.map((column) => permuted(column, order)),
      ...(scores.responses === undefined
        ? {}
        : {
            responses: scores.responses.map((column) =>
              column === undefined ? undefined : permuted(column, order),
            ),
          }),
    };
    let offset = 0;
    presentOf.forEach((present, c) => {
      const positions = new Int32Array(present.length);
      for (let k = 0; k < positions.length; k++) positions[k] = offset + k;
      offset += present.length;
      classPapers[c]!.push(
        paperStats(
          subject,
          local,
          positions,
          gather(columns[j]!, present),
          resolved.groupFraction,
          resolved.lowerGroupFraction,
          layouts[j],
        ),
      );
    });
  });

  const report = (group: Group, papers?: readonly PaperStats[]): GroupReport => {
    const withSegments = group === grade || resolved.classSegments;
    const groupIds = Array.from(group.members, (s) => ids[s] as string);
    const subjects: SubjectStats[] = [];
    input.subjects.forEach((subject, j) => {
      if (group.subjectIds !== null && !group.subjectIds.has(subject.id)) return;
      // 选考: only the students who take the subject are in its figures
      const who = takes[j];
      const members =
        who === undefined ? group.members : group.members.filter((s) => Boolean(who[s]));
      const memberIds = who === undefined ? groupIds : Array.from(members, (s) => ids[s] as string);
      const scores = gather(columns[j]!, members);
      const paper =
        papers?.[j] ??
        paperStats(
          subject,
          scoresOf.get(subject.id),
          presentMembers(members, scores),
          gather(columns[j]!, presentMembers(members, scores)),
          resolved.groupFraction,
          resolved.lowerGroupFraction,
          layouts[j],
        );
      subjects.push({
        subjectId: subject.id,
        ...groupScoreStats(
          scores,
          memberIds,
          subject.fullMarks,
          gradeMeans[j] ?? null,
          resolved,
          withSegments,
        ),
        ...paper,
      });
    });
    return {
      id: group.id,
      classIds: group.classIds,
      studentCount: group.members.length,
      subjects,
      total: groupScoreStats(
        gather(total, group.members),
        groupIds,
        totalFull,
        gradeTotalMean,
        resolved,
        withSegments,
      ),
    };
  };

  const totalStudents = studentScoreColumns(
    total,
    totalFull,
    classes,
    ids,
    input.previous?.total,
    resolved.levels,
    resolved.tScale,
  );
  const subjectStudents: StudentSubjectColumns[] = input.subjects.map((subject, j) => {
    const { columns: figures, gradeRanks } = studentScoreColumns(
      columns[j]!,
      subject.fullMarks,
      classes,
      ids,
      previousSubjectRanks(input, subject.id),
      resolved.levels,
      resolved.tScale,
    );
    return {
      subjectId: subject.id,
      ...figures,
      balance: balanceColumn(gradeRanks, totalStudents.gradeRanks),
    };
  });

  return {
    grade: report(grade),
    classes: classes.map((group, c) => report(group, classPapers[c])),
    teachers: teachers.map((group) => report(group)),
    students: {
      ids,
      classIds: input.students.map((s) => s.classId),
      subjects: subjectStudents,
      total: totalStudents.columns,
    },
  };
}
