import { PERMISSION_KEYS } from '@examkit/contracts';

const EXAM_REPORTS = [
  'Exam-Single-Report-Class',
  'Exam-Single-Report-Grade',
  'Exam-Multiple-Report-Class',
  'Exam-Multiple-Report-Grade',
  'Summary',
  'Subject',
  'like',
  'wenke',
];
const STUDY = ['Study', 'Study-Student', 'Study-Class'];
const TEACH_RESEARCH = [
  'Teach-Research',
  'Teach-Research-Situation',
  'Teach-Research-Usage',
  'Teach-Research-Fluctuation',
  'Teach-Research-Basket',
  'Teach-Research-Study',
  'Teach-Research-Datav',
];
const RESOURCES = [
  'Resources',
  'Paper',
  'Paper-School',
  'Paper-Cloud',
  'Generate',
  'Process',
  'Composing',
  'StudySituation',
];
const HOMEWORK = [
  'Homework',
  'Homework-SchoolBase',
  'Homework-Analysis',
  'Homework-Collate',
  'Homework-Group',
];
const CONSOLIDATE = ['Consolidate', 'Consolidate-CommitError', 'Consolidate-WeakKnowledgePoint'];
const AI = ['AiCenter', 'AiCenter-Home'];

/**
 * The demo roles and the permission keys each holds (docs/demo-school.md
 * explains the choice). Every key is one of the catalogue's.
 */
/** Roles whose data scope is the whole school; the others see only their own grades, classes and subjects. */
export const SCHOOL_WIDE_ROLES: readonly string[] = ['学校管理员', '校长', '教务主任'];

export const DEMO_ROLES: Readonly<Record<string, readonly string[]>> = {
  学校管理员: PERMISSION_KEYS,
  校长: [
    'Home',
    'Exam',
    'Exam-Single',
    'Exam-Multiple',
    'Exam-AnalyticCenter',
    'Exam-Gaokao',
    ...EXAM_REPORTS,
    ...STUDY,
    ...TEACH_RESEARCH,
    ...AI,
    'AbilityGrowth',
  ],
  教务主任: [
    'Home',
    'Exam',
    'Exam-Single',
    'Exam-Multiple',
    'Exam-AnalyticCenter',
    'Exam-Wuhen',
    'Exam-Wuhen-Manage',
    'Exam-Gaokao',
    'Exam-Cross-School',
    'Exam-Print',
    'Exam-Tool',
    ...EXAM_REPORTS,
    ...STUDY,
    ...RESOURCES,
    ...HOMEWORK,
    ...TEACH_RESEARCH,
    ...AI,
    'System',
    'System-Student',
    'System-Teacher',
    'System-Class',
  ],
  年级主任: [
    'Home',
    'Exam',
    'Exam-Single',
    'Exam-Print',
    'Exam-AnalyticCenter',
    'Exam-Single-Report-Class',
    'Exam-Single-Report-Grade',
    ...STUDY,
    'Homework',
    'Homework-Analysis',
    'Teach-Research',
    'Teach-Research-Situation',
    'Teach-Research-Study',
    ...AI,
    'System',
    'System-Student',
    'System-Class',
  ],
  班主任: [
    'Home',
    'Exam',
    'Exam-Single',
    'Exam-Print',
    'Exam-Tool',
    'Exam-Single-Report-Class',
    ...STUDY,
    'Resources',
    'StudySituation',
    ...HOMEWORK,
    ...CONSOLIDATE,
    ...AI,
    'AbilityGrowth',
    'System',
    'System-Student',
  ],
  任课教师: [
    'Home',
    'Exam',
    'Exam-Single',
    'Exam-Print',
    'Exam-Tool',
    'Exam-Single-Report-Class',
    'Resources',
    'Paper',
    'Paper-School',
    'Generate',
    'StudySituation',
    'Homework',
    'Homework-SchoolBase',
    'Homework-Collate',
    'Homework-Group',
    ...CONSOLIDATE,
    ...AI,
  ],
  阅卷老师: ['Home', 'Exam', 'Exam-Wuhen'],
};
