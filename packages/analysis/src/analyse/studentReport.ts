import type { ExamAnalysis, StudentReport, StudentScore, StudentScoreColumns } from '../types';

function row(columns: StudentScoreColumns, s: number): StudentScore {
  return {
    score: columns.scores[s] ?? null,
    level: columns.levels[s] ?? null,
    classRank: columns.classRanks[s] ?? null,
    gradeRank: columns.gradeRanks[s] ?? null,
    z: columns.z[s] ?? null,
    t: columns.t[s] ?? null,
    rankChange: columns.rankChanges[s] ?? null,
    percentileChange: columns.percentileChanges[s] ?? null,
  };
}

/** One student's figures (成绩单) as a row, or null when the student is not in the analysis. */
export function studentReport(analysis: ExamAnalysis, studentId: string): StudentReport | null {
  const { students } = analysis;
  const s = students.ids.indexOf(studentId);
  if (s === -1) return null;
  return {
    studentId,
    classId: students.classIds[s] as string,
    subjects: students.subjects.map((subject) => ({
      subjectId: subject.subjectId,
      ...row(subject, s),
      balance: subject.balance[s] ?? null,
    })),
    total: row(students.total, s),
  };
}
