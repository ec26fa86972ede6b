import type { ExamInput, QuestionInput, SubjectInput, SubjectScores, TeacherInput } from '../types';

/** A seeded generator (mulberry32): the same seed gives the same exam on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedExamOptions {
  readonly seed?: number;
  readonly students?: number;
  readonly classes?: number;
  readonly subjects?: number;
  readonly questions?: number;
  /** Share of students absent from each subject. */
  readonly absentRate?: number;
  /** Store scores as Float32Array (exact for half points) to halve memory. */
  readonly float32?: boolean;
}

const SUBJECT_IDS = [
  'chinese',
  'math',
  'english',
  'physics',
  'chemistry',
  'biology',
  'politics',
  'history',
  'geography',
];
const OPTIONS = ['A', 'B', 'C', 'D'];

function paper(id: string, fullMarks: number, count: number): SubjectInput {
  const objective = Math.floor(count / 2);
  const objectiveMarks = Math.min(3, Math.floor(fullMarks / Math.max(1, count)));
  const remaining = fullMarks - objective * objectiveMarks;
  const subjective = count - objective;
  const questions: QuestionInput[] = [];
  for (let q = 0; q < count; q++) {
    const isObjective = q < objective;
    const base = Math.floor(remaining / Math.max(1, subjective));
    const marks = isObjective
      ? objectiveMarks
      : q === count - 1
        ? remaining - base * (subjective - 1)
        : base;
    questions.push({
      id: `${id}-q${q + 1}`,
      fullMarks: marks,
      kind: isObjective ? 'objective' : 'subjective',
      tags: q % 5 === 0 ? [`kp${q % 4}`, `kp${(q + 1) % 4}`] : [`kp${q % 4}`],
      abilities: [q % 3 === 0 ? 'recall' : 'apply'],
      ...(isObjective ? { options: OPTIONS } : {}),
    });
  }
  return { id, fullMarks, questions };
}

/** A seeded pseudo-random exam: classes, papers with objective and subjective questions, absences, teachers and previous ranks. */
export function generateExam(options: GeneratedExamOptions = {}): ExamInput {
  const random = seededRandom(options.seed ?? 1);
  const studentCount = options.students ?? 200;
  const classCount = options.classes ?? 5;
  const subjectCount = options.subjects ?? 3;
  const questionCount = options.questions ?? 10;
  const absentRate = options.absentRate ?? 0.02;
  const makeColumn = (): Float32Array | Float64Array =>
    options.float32 ? new Float32Array(studentCount) : new Float64Array(studentCount);

  const students = Array.from({ length: studentCount }, (_, s) => ({
    id: `s${String(s + 1).padStart(6, '0')}`,
    classId: `c${String(Math.floor(random() * classCount) + 1).padStart(2, '0')}`,
  }));
  const ability = Float64Array.from(students, () => random() * 2 + random() * 2 - 2);
  const subjects = Array.from({ length: subjectCount }, (_, j) =>
    paper(
      SUBJECT_IDS[j % SUBJECT_IDS.length]! + (j >= SUBJECT_IDS.length ? j : ''),
      j < 3 ? 150 : 100,
      questionCount,
    ),
  );
  const scores: SubjectScores[] = subjects.map((subject) => {
    const absent = Uint8Array.from(students, () => (random() < absentRate ? 1 : 0));
    const responses = subject.questions.map((q) =>
      q.kind === 'objective' ? new Uint8Array(studentCount) : undefined,
    );
    const questions = subject.questions.map((question, q) => {
      const column = makeColumn();
      const difficulty = random() * 2 - 1;
      for (let s = 0; s < studentCount; s++) {
        if (absent[s]) {
          column[s] = Number.NaN;
          continue;
        }
        const p = 1 / (1 + Math.exp(difficulty - (ability[s] as number)));
        if (question.kind === 'objective') {
          const correct = random() < p;
          column[s] = correct ? question.fullMarks : 0;
          const chosen = correct ? 0 : random() < 0.1 ? -1 : 1 + Math.floor(random() * 3);
          responses[q]![s] = chosen < 0 ? 0 : 1 << chosen;
        } else {
          const raw = Math.min(1, Math.max(0, p + (random() - 0.5) * 0.4));
          column[s] = Math.round(raw * question.fullMarks * 2) / 2;
        }
      }
      return column;
    });
    return { subjectId: subject.id, questions, absent, responses };
  });
  const classIds = [...new Set(students.map((s) => s.classId))].sort();
  const teachers: TeacherInput[] = subjects.map((subject, j) => ({
    id: `t-${subject.id}`,
    subjectIds: [subject.id],
    classIds: classIds.filter((_, c) => c % 2 === j % 2),
  }));
  const previousOrder = students.map((s) => s.id);
  for (let i = previousOrder.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [previousOrder[i], previousOrder[j]] = [previousOrder[j]!, previousOrder[i]!];
  }
  const total = Object.fromEntries(previousOrder.map((id, r) => [id, r + 1]));
  return { students, subjects, scores, teachers, previous: { total } };
}

/** A tiny exam from whole-subject scores (NaN = absent), for hand-worked tests. */
export function examFromTotals(
  students: readonly { id: string; classId: string }[],
  totals: Readonly<Record<string, readonly number[]>>,
  fullMarks = 100,
): ExamInput {
  const ids = Object.keys(totals);
  return {
    students,
    subjects: ids.map((id) => ({ id, fullMarks, questions: [] })),
    scores: ids.map((id) => ({ subjectId: id, questions: [], totals: totals[id]! })),
  };
}

/**
 * A small hand-made exam with every awkward case (docs/analysis.md "The awkward exam"): ties,
 * 缺考, zeros, full marks, a class of one, a question nobody answered, a paper nobody sat and an
 * elective. Figures in tests are worked by hand from this table.
 *
 * | student | class | 数学 q1 (5, A) | q2 (5, B) | q3 (10) | 数学 (20) | 语文 (10) | 物理 (10, 选考) | 化学 (10) |
 * |---|---|---|---|---|---|---|---|---|
 * | a | c1 | A 5 | — 0 | 10 | 15 | 10 | 8 | nobody sat |
 * | b | c1 | A 5 | — 0 | 5 | 10 | 6 | 6 | |
 * | c | c1 | C 0 | — 0 | 10 | 10 | 6 | not taken | |
 * | d | c1 | A 5 | — 0 | 0 | 5 | 0 | not taken | |
 * | e | c2 | B 0 | — 0 | 10 | 10 | 缺考 | not taken | |
 */
export function awkwardExam(): ExamInput {
  const NaN_ = Number.NaN;
  const options = ['A', 'B', 'C', 'D'];
  const bit = (o: string) => 1 << options.indexOf(o);
  return {
    students: [
      { id: 'a', classId: 'c1' },
      { id: 'b', classId: 'c1' },
      { id: 'c', classId: 'c1' },
      { id: 'd', classId: 'c1' },
      { id: 'e', classId: 'c2' },
    ],
    subjects: [
      {
        id: 'math',
        fullMarks: 20,
        questions: [
          { id: 'm1', fullMarks: 5, kind: 'objective', tags: ['函数'], options },
          { id: 'm2', fullMarks: 5, kind: 'objective', tags: ['函数'], options },
          { id: 'm3', fullMarks: 10, kind: 'subjective', tags: ['几何'] },
        ],
      },
      {
        id: 'chinese',
        fullMarks: 10,
        questions: [{ id: 'c1', fullMarks: 10, kind: 'subjective', tags: [] }],
      },
      {
        id: 'physics',
        fullMarks: 10,
        questions: [{ id: 'p1', fullMarks: 10, kind: 'subjective', tags: [] }],
      },
      {
        id: 'chemistry',
        fullMarks: 10,
        questions: [{ id: 'h1', fullMarks: 10, kind: 'subjective', tags: [] }],
      },
    ],
    scores: [
      {
        subjectId: 'math',
        questions: [
          [5, 5, 0, 5, 0],
          [0, 0, 0, 0, 0],
          [10, 5, 10, 0, 10],
        ],
        responses: [[bit('A'), bit('A'), bit('C'), bit('A'), bit('B')], [0, 0, 0, 0, 0], undefined],
      },
      { subjectId: 'chinese', questions: [[10, 6, 6, 0, NaN_]] },
      { subjectId: 'physics', questions: [[8, 6, NaN_, NaN_, NaN_]] },
      { subjectId: 'chemistry', questions: [[NaN_, NaN_, NaN_, NaN_, NaN_]] },
    ],
  };
}
