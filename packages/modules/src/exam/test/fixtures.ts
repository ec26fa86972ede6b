import type { ExamDetail, ExamSummary, Question } from '@examkit/contracts';
import { permissionCatalogue } from '@examkit/contracts';
import { DIRECTOR_CODES, SCHOOL_ROUTES, createFakeApi, demoUser, ok } from '../../test/fixtures';

/** Calls of the exam pages, keyed as the fake API takes them. */
export const EXAM = {
  list: 'POST /marking-main/exam/list',
  detail: 'POST /marking-main/exam/detail',
  create: 'POST /marking-main/exam/create',
  update: 'POST /marking-main/exam/update',
  remove: 'POST /marking-main/exam/delete',
  transition: 'POST /marking-main/exam/transition',
  questionsGet: 'POST /marking-main/exam/subject/questions/get',
  questionsSave: 'POST /marking-main/exam/subject/questions/save',
  questionsParse: 'POST /marking-main/exam/subject/questions/parse',
  answerSave: 'POST /marking-main/exam/subject/answer/save',
  scoreImport: 'POST /marking-main/exam/score/import',
  sheetGet: 'POST /marking-main/exam/sheet/get',
  sheetSave: 'POST /marking-main/exam/sheet/save',
  grades: 'POST /marking-user/user/school/get_perm_grade',
  subjects: 'POST /marking-user/user/school/dic/get_subject',
  classes: 'POST /marking-user/user/school/list_class_by_grade',
  students: 'POST /marking-user/user/student/get_stu',
  participants: 'POST /marking-main/exam/students',
} as const;

const student = (id: number, name: string, classId: number, electiveSubjects: string[]) => ({
  id,
  studentNo: `2026${String(id).padStart(4, '0')}`,
  name,
  sex: 1,
  tel: null,
  classId,
  className: `高一(${classId - 100})班`,
  gradeId: 10,
  gradeName: '高一',
  statistics: 1,
  comboType: '3+1+2',
  electiveSubjects,
});

/** Two students in each of 高一(1)班 and 高一(2)班; 英语 stands in for a 选考 subject. */
export const STUDENTS = [
  student(1, '张一', 101, ['英语']),
  student(2, '李二', 101, []),
  student(3, '王三', 102, ['英语']),
  student(4, '赵四', 102, []),
];

const subject = (id: number, subjectName: string, fullMarks: number, extra = {}) => ({
  id,
  subjectCode: `S${id}`,
  subjectName,
  fullMarks,
  elective: false,
  questionCount: 0,
  paperMarks: 0,
  hasSheet: false,
  answerKeyVersion: 1,
  rescoreNeeded: false,
  ...extra,
});

/** The report centre's exam list (getExam): the finished 期中 with a grade report, `published` or not. */
export const reportExamList = (published: boolean) => ({
  'POST /marking-report/teacher/getExam': ok({
    list: [
      {
        examId: 1,
        name: MIDTERM.name,
        examType: '期中',
        examDate: '2026-11-10',
        gradeId: 10,
        gradeName: '高一',
        state: 'finished',
        published,
        gradeReport: true,
      },
    ],
    total: 1,
    pageNum: 1,
    pageSize: 200,
  }),
});

/** The demo school's two exams: a finished 期中 and a draft 周练. */
export const MIDTERM: ExamSummary = {
  id: 1,
  name: '2026学年第一学期高一期中考试',
  examType: '期中',
  academicYear: 2026,
  gradeId: 10,
  gradeName: '高一',
  examDate: '2026-11-05',
  state: 'finished',
  subjects: [
    subject(11, '语文', 150, { hasSheet: true }),
    subject(12, '数学', 150, { hasSheet: true }),
  ],
  classCount: 6,
  studentCount: 270,
  createdBy: 1,
  createdAt: 0,
};
export const WEEKLY: ExamSummary = {
  ...MIDTERM,
  id: 2,
  name: '2026学年高一数学第十二周周练',
  examType: '周练',
  examDate: '2026-11-18',
  state: 'draft',
  subjects: [subject(21, '数学', 100)],
};

export const weeklyDetail = (): ExamDetail => ({
  ...WEEKLY,
  classes: [{ classId: 101, className: '高一(1)班' }],
  allowedTransitions: ['sheet_ready', 'finished'],
  editable: {
    basics: true,
    participants: true,
    paper: true,
    answerKey: true,
    sheet: true,
    scoreImport: true,
    delete: true,
  },
});

const q = (
  id: number,
  number: string,
  kind: Question['kind'],
  fullMarks: number,
  extra = {},
): Question => ({
  id,
  number,
  fullNumber: number,
  kind,
  fullMarks,
  optionCount: kind === 'single' || kind === 'multiple' ? 4 : null,
  answer: null,
  partialMarks: null,
  scoreStep: 1,
  blankCount: null,
  knowledgePoints: [],
  abilities: [],
  children: [],
  ...extra,
});

/** The 周练 数学 paper: 2 single choices (5 each), one multiple (10), a subjective with two parts (80). */
export const WEEKLY_PAPER = {
  examId: 2,
  examName: WEEKLY.name,
  state: 'draft' as const,
  subject: subject(21, '数学', 100),
  paperEditable: true,
  answerKeyEditable: true,
  questions: [
    q(1, '1', 'single', 5, { answer: 'A', knowledgePoints: ['集合'] }),
    q(2, '2', 'single', 5, { answer: 'C' }),
    q(3, '3', 'multiple', 10, { answer: 'ABD', partialMarks: 5 }),
    q(4, '4', 'subjective', 80, {
      children: [
        { ...q(5, '(1)', 'subjective', 30), fullNumber: '4(1)' },
        { ...q(6, '(2)', 'subjective', 50), fullNumber: '4(2)' },
      ],
    }),
  ],
};

export const GRADES_REPLY = ok([
  { id: 10, name: '高一', gradeNum: 10, academicYear: 2026 },
  { id: 11, name: '高二', gradeNum: 11, academicYear: 2026 },
]);

/** A fake API with the school calls and the exam list answered. */
export function examApi(routes: Record<string, unknown> = {}) {
  return createFakeApi({
    ...SCHOOL_ROUTES,
    [EXAM.grades]: GRADES_REPLY,
    [EXAM.subjects]: ok([
      { id: 1, name: '语文', code: 'S11' },
      { id: 2, name: '数学', code: 'S12' },
      { id: 3, name: '英语', code: 'S13' },
    ]),
    [EXAM.classes]: ok([
      {
        id: 101,
        name: '高一(1)班',
        gradeId: 10,
        gradeName: '高一',
        headTeacherId: null,
        headTeacherName: null,
        studentCount: 45,
      },
      {
        id: 102,
        name: '高一(2)班',
        gradeId: 10,
        gradeName: '高一',
        headTeacherId: null,
        headTeacherName: null,
        studentCount: 44,
      },
    ]),
    [EXAM.list]: ok({ list: [WEEKLY, MIDTERM], total: 2, pageNum: 1, pageSize: 20 }),
    [EXAM.students]: (request: { data: unknown }) => {
      const { classId } = JSON.parse(String(request.data)) as { classId?: number };
      const list = STUDENTS.filter((st) => !classId || st.classId === classId);
      return ok({ list, total: list.length, pageNum: 1, pageSize: 200 });
    },
    ...routes,
  });
}

export { bodiesOf } from '../../test/fixtures';

const TOOL_CODES = [...DIRECTOR_CODES, 'Exam-Tool'];

/** 教务主任 with the exam tool (Exam-Tool). */
export const toolUser = () =>
  demoUser({
    perms: permissionCatalogue.filter((p) => TOOL_CODES.includes(p.permCode)),
    allPerm: { '2026': { '1': TOOL_CODES } },
  });
