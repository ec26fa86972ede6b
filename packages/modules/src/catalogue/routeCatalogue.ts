import {
  examAnalytic,
  examClassReport,
  examGradeReport,
  examMultiple,
  examMultipleReport,
  examSingle,
  examTool,
  marking,
  onlineStudent,
} from './examCatalogue';
import { GAOKAO_REPORT_GROUPS } from './gaokaoReportGroups';
import { full, group, keep, type Row } from './group';
import type { RouteEntry } from './types';

const shell = group('shell', null, null, [
  ['/', 'root', '首页', null, { public: true, redirect: '/login' }],
  ['/login', 'login', '登录', null, { public: true }],
  ['/oauth', 'oauth', '统一登录', null, { public: true }],
  ['/oauth2', 'oauth2', '统一登录', null, { public: true }],
  ['/c-oauth', 'c-oauth', '统一登录', null, { public: true }],
]);

const home = group('home', 'Home', 'Home', [['/home/index', 'home', '首页']]);

const message = group('message', null, null, [
  ['/new-home-help/index', 'new-home-help', '帮助中心'],
  ['/new-home-message/index', 'new-home-message', '消息通知'],
  ['/new-home-message/detail', 'new-home-message-detail', '消息详情'],
  // examkit's path for the download centre, which spec 000 §2 names without one (docs/downloads.md)
  ['/new-home-download/index', 'new-home-download', '下载中心'],
]);

const gaokao = group('gaokao', 'Exam', 'Exam-Gaokao', [
  ['/exam/gaokao', 'exam-gaokao', '新高考模拟', undefined, keep],
  ['/exam/gaokao/leveltype', 'exam-gaokao-leveltype', '选择赋分方式', undefined, keep],
  ['/exam/gaokao/chooseExam', 'exam-gaokao-chooseExam', '选择考试', undefined, keep],
  ['/exam/gaokao/setLevel', 'exam-gaokao-setLevel', '设置等级', undefined, keep],
  ['/exam/gaokao/student_submit', 'exam-gaokao-student-submit', '学生选科', undefined, keep],
  [
    '/exam/gaokao/report/:id',
    'exam-gaokao-report',
    '新高考报告',
    undefined,
    { redirect: '/exam/gaokao/report/:id/summary/basic' },
  ],
  ...GAOKAO_REPORT_GROUPS.flatMap(([g, perm, title, tabs]) =>
    tabs.map(([tab, tabTitle]): Row => [
      `/exam/gaokao/report/:id/${g}/${tab}`,
      `exam-gaokao-report-${g}-${tab}`,
      `${title}·${tabTitle}`,
      perm,
    ]),
  ),
]);

const examOther = [
  ...group('exam', 'Exam', 'Exam-Cross-School', [
    ['/exam/crossSchool', 'exam-cross-school', '跨校考试'],
    ['/exam/crossSchool/join', 'exam-cross-school-join', '加入跨校考试'],
  ]),
  ...group('exam', 'Exam', 'Exam-Print', [['/exam/print', 'exam-print', '试卷印刷']]),
];

const resource = group('resource', 'Resources', 'Resources', [
  ['/resource/paper/school', 'resource-paper-school', '校本试卷', 'Paper-School'],
  ['/resource/paper/cloudPreiew', 'resource-paper-cloudPreiew', '云试卷预览', 'Paper-Cloud'],
  ['/resource/paper/cloud', 'resource-paper-cloud', '云试卷', 'Paper-Cloud'],
  ['/resource/paper/school-detail', 'resource-paper-school-detail', '校本试卷详情', 'Paper-School'],
  [
    '/resource/generate/error-question-bank',
    'resource-generate-error-question-bank',
    '错题库',
    'Generate',
  ],
  ['/resource/generate/topic', 'resource-generate-topic', '智能组卷', 'Generate'],
  ['/resource/generate/assistants', 'resource-generate-assistants', '组卷助手', 'Generate'],
  [
    '/resource/generate/assistants/detail',
    'resource-generate-assistants-detail',
    '组卷助手详情',
    'Generate',
  ],
  [
    '/resource/generate/cloud-question-bank',
    'resource-generate-cloud-question-bank',
    '云题库',
    'Generate',
  ],
  ['/resource/process', 'resource-process', '资源加工', 'Process'],
  ['/resource/process/process-detail', 'resource-process-detail', '加工详情', 'Process'],
  ['/resource/group', 'resource-group', '备课组资源'],
  ['/resource/knowledge-edit', 'resource-knowledge-edit', '知识点编辑'],
  ['/resource/group-paper', 'resource-group-paper', '备课组试卷'],
  ['/resource/basket', 'resource-basket', '试题篮'],
  ['/resource/basket-confirm', 'resource-basket-confirm', '确认试卷'],
  ['/resource/composition', 'resource-composition', '作文资源', 'Composing'],
  [
    '/resource/composition/commitError',
    'resource-composition-commitError',
    '作文易错点',
    'Composing',
  ],
  [
    '/resource/composition/weakKnowledgePoint',
    'resource-composition-weakKnowledgePoint',
    '作文薄弱点',
    'Composing',
  ],
  ['/resource/student-wrong', 'resource-student-wrong', '学生错题', 'StudySituation'],
  [
    '/resource/student-wrong/detail',
    'resource-student-wrong-detail',
    '学生错题详情',
    'StudySituation',
  ],
  ['/resource/school/microVideo', 'resource-school-microVideo', '微课视频'],
  ['/resource/school/analysis', 'resource-school-analysis', '校本资源分析'],
]);

const ta = (path: string, title: string): Row => [
  `/homework/teaching-assistant${path}`,
  `homework-teaching-assistant${path.replaceAll('/', '-')}`,
  title,
  'Homework-Analysis',
];
const sb = (path: string, title: string): Row => [
  `/homework/school-base${path}`,
  `homework-school-base${path.replaceAll('/', '-').replaceAll(':', '')}`,
  title,
  'Homework-SchoolBase',
];
const wordExercise = (tab: string, title: string): Row => [
  `/homework/word-exercise/${tab}`,
  `homework-word-exercise-${tab}`,
  title,
];

/**
 * The homework student page: like /online-exam, not in the spec; public, entered with the 作业码
 * and the 学号 (docs/homework.md "Hand-ins on screen").
 */
const homeworkOnlineStudent = group('homework', null, null, [
  ['/homework-online', 'homework-online', '在线作业', null, { public: true, fullscreen: true }],
]);

const homework = group('homework', 'Homework', 'Homework', [
  ['/homework/viewPdf', 'homework-viewPdf', '查看作业PDF', null, full],
  sb('', '校本作业'),
  ta('', '作业分析'),
  ta('/batch', '批次分析'),
  ta('/chapter', '章节分析'),
  ta('/comment', '作业讲评'),
  ta('/frequency', '高频错题'),
  ta('/student', '学生分析'),
  ta('/summary', '作业汇总'),
  ta('/frequency/export', '导出高频错题'),
  ta('/batchDetail', '批次详情'),
  ta('/correct', '批改'),
  ta('/chapter/scan', '章节扫描'),
  ta('/student-homework', '学生作业'),
  ta('/wrong', '错题'),
  ['/homework/composition', 'homework-composition', '作文作业'],
  ['/homework/composition/create', 'homework-composition-create', '布置作文'],
  ['/homework/composition/edit', 'homework-composition-edit', '编辑作文'],
  [
    '/homework/composition/:id/report/basic',
    'homework-composition-report-basic',
    '作文报告·基本情况',
  ],
  [
    '/homework/composition/:id/report/student',
    'homework-composition-report-student',
    '作文报告·学生',
  ],
  ['/homework/composition/:id/scan', 'homework-composition-scan', '作文扫描'],
  ['/homework/correct', 'homework-correct', '作业批改'],
  ['/homework/composition/correct', 'homework-composition-correct', '作文批改'],
  ['/homework/collate', 'homework-collate', '作业整理', 'Homework-Collate'],
  ['/homework/group', 'homework-group', '作业分组', 'Homework-Group'],
  sb('/create', '创建校本作业'),
  sb('/split-confirm', '拆题确认'),
  sb('/ai-split-confirm', 'AI拆题确认'),
  sb('/:id/scan', '作业扫描'),
  sb('/questionItem', '试题详情'),
  sb('/:id/report/basic', '作业报告·基本情况'),
  sb('/:id/report/comment', '作业报告·讲评'),
  sb('/:id/report/student', '作业报告·学生'),
  sb('/student/:studentId/report/analysis', '学生作业报告·分析'),
  sb('/student/:studentId/report/wrong', '学生作业报告·错题'),
  sb('/store', '作业库'),
  sb('/store/basket', '作业篮'),
  sb('/basket-confirm', '确认作业'),
  wordExercise('question', '字词练习'),
  wordExercise('accuracy', '字词练习·批改与正确率'),
  wordExercise('detail', '字词练习·学生详情'),
  wordExercise('card', '字词练习·听写卡'),
  wordExercise('wrong', '字词练习·错题本'),
  ['/homework/word-exercise/:id/scan', 'homework-word-exercise-scan', '字词练习·扫描'],
  ['/homework/question/edit', 'homework-question-edit', '编辑试题'],
  ['/homework/download-assistant', 'homework-download-assistant', '下载助手'],
  ['/paper/record/:id/:schoolId', 'paper-record', '试卷记录'],
  ['/paper/pdf/:id/:schoolId', 'paper-pdf', '试卷PDF', undefined, full],
  ['/paper/split/:id/:schoolId', 'paper-split', '试卷拆分'],
]);

const parm = (path: string, code: string, title: string): Row => [
  `/system/parm/${path}`,
  `system-parm-${path}`,
  title,
  `Parm-${code}`,
];

const system = group('system', 'System', 'System', [
  ['/system', 'system', '系统管理'],
  ['/system/homework', 'system-homework', '作业设置', 'System-Homework'],
  ['/system/homework/correlation', 'system-homework-correlation', '作业关联', 'System-Homework'],
  ['/system/student/list', 'system-student-list', '学生管理', 'System-Student', keep],
  ['/system/student/xgk', 'system-student-xgk', '新高考选科', 'System-Student'],
  ['/system/student/new', 'system-student-new', '新增学生', 'System-Student'],
  ['/system/student/edit/:id', 'system-student-edit', '编辑学生', 'System-Student'],
  ['/system/assignedClass', 'system-assignedClass', '分配班级', 'System-Class'],
  ['/system/role', 'system-role', '角色管理', 'System-Role'],
  ['/system/class', 'system-class', '班级管理', 'System-Class'],
  ['/system/teacher/list', 'system-teacher-list', '教师管理', 'System-Teacher', keep],
  ['/system/teacher/new', 'system-teacher-new', '新增教师', 'System-Teacher'],
  ['/system/teacher/edit/:id', 'system-teacher-edit', '编辑教师', 'System-Teacher'],
  ['/system/parm', 'system-parm', '参数设置', 'System-Parm', { redirect: '/system/parm/level' }],
  parm('report-push', 'ReportPush', '报告推送'),
  parm('level', 'Level', '等级设置'),
  parm('knowledge', 'Knowledge', '知识点设置'),
  parm('undulate', 'Undulate', '波动设置'),
  parm('count', 'Count', '统计设置'),
  parm('ability', 'Ability', '能力设置'),
  parm('accomplishment', 'Accomplishment', '素养设置'),
  parm('average', 'Average', '均分设置'),
  parm('gradeSet', 'GradeSet', '年级设置'),
  parm('other', 'Other', '其他设置'),
  parm('homework', 'Homework', '作业参数'),
]);

/** Answer-sheet cards carry no key of their own in the spec: they are reached from exams, signed in. */
const card = group('card', null, null, [
  ['/card/create', 'card-create', '制作答题卡', null, full],
  ['/card/create-v2', 'card-create-v2', '制作答题卡（新版）', null, full],
  ['/card/stand', 'card-stand', '标准答题卡'],
]);

/** The report centre carries no key in the spec: signed in only. */
const report = group('report', null, null, [
  ['/report/index', 'report', '报告中心'],
  ['/report/index/assistant', 'report-assistant', '助手报告'],
  ['/report/index/assistant/topicList', 'report-assistant-topicList', '助手报告·题目列表'],
  ['/report/index/exam', 'report-exam', '考试报告'],
  ['/report/index/exam/topicList/:id', 'report-exam-topicList', '考试报告·题目列表'],
  ['/report/index/school', 'report-school', '校级报告'],
  ['/report/index/school/topicList/:id', 'report-school-topicList', '校级报告·题目列表'],
  ['/report/index/teach', 'report-teach', '教学报告'],
]);

const consolidate = group('consolidate', 'Consolidate', 'Consolidate', [
  ['/consolidate', 'consolidate', '巩固提升', undefined, { redirect: '/consolidate/commitError' }],
  ['/consolidate/commitError', 'consolidate-commitError', '易错题', 'Consolidate-CommitError'],
  [
    '/consolidate/weakKnowledgePoint',
    'consolidate-weakKnowledgePoint',
    '薄弱知识点',
    'Consolidate-WeakKnowledgePoint',
  ],
]);

const aiCenter = group('ai-center', 'AiCenter', 'AiCenter', [
  ['/ai-center', 'ai-center', 'AI中心', undefined, { redirect: '/ai-center/home' }],
  ['/ai-center/home', 'ai-center-home', 'AI助手', 'AiCenter-Home'],
  ['/ai-center/index', 'ai-center-index', 'AI中心'],
]);

const teachResearch = group('teach-research', 'Teach-Research', 'Teach-Research', [
  [
    '/teach-research/situation/grade',
    'teach-research-situation-grade',
    '学情概况·年级',
    'Teach-Research-Situation',
  ],
  [
    '/teach-research/situation/class',
    'teach-research-situation-class',
    '学情概况·班级',
    'Teach-Research-Situation',
  ],
  [
    '/teach-research/usage-statistics',
    'teach-research-usage-statistics',
    '使用统计',
    'Teach-Research-Usage',
  ],
  [
    '/teach-research/fluctuation-trend',
    'teach-research-fluctuation-trend',
    '波动趋势',
    'Teach-Research-Fluctuation',
  ],
  ['/teach-research/basket', 'teach-research-basket', '试题篮统计', 'Teach-Research-Basket'],
  [
    '/teach-research/study/student',
    'teach-research-study-student',
    '学生学情',
    'Teach-Research-Study',
  ],
  [
    '/teach-research/study/student/detail',
    'teach-research-study-student-detail',
    '学生学情详情',
    'Teach-Research-Study',
  ],
  [
    '/teach-research/study/student/wrong',
    'teach-research-study-student-wrong',
    '学生错题',
    'Teach-Research-Study',
  ],
  [
    '/teach-research/study/teacher',
    'teach-research-study-teacher',
    '教师学情',
    'Teach-Research-Study',
  ],
  [
    '/teach-research/study/teacher/detail',
    'teach-research-study-teacher-detail',
    '教师学情详情',
    'Teach-Research-Study',
  ],
  ['/teach-research/datav', 'study-datav', '数据大屏', 'Teach-Research-Datav', full],
]);

const study = group('study', 'Study', null, [
  ['/study/student', 'DataStudent', '学生学情', 'Study-Student', keep],
  ['/study/class', 'DataClass', '班级学情', 'Study-Class', keep],
]);

/**
 * 综合评价: spec 001 §2 names /appraise/... without detail; examkit's two pages and one student's
 * print page (no header or footer, like the reports' print pages; docs/appraise.md),
 * any other path under it opens 评价录入.
 */
const appraise = group('appraise', null, null, [
  ['/appraise/record', 'appraise-record', '评价录入'],
  ['/appraise/student', 'appraise-student', '学生评价'],
  ['/appraise/student/print', 'appraise-student-print', '学生评价打印', undefined, full],
  ['/appraise/*', 'appraise', '综合评价', undefined, { redirect: '/appraise/record' }],
]);

/** The separately deployed AbilityGrowth sub-application owns everything under this prefix. */
const abilityGrowth = group('ability-growth', null, null, [
  ['/ability-growth/*', 'ability-growth', '成长档案'],
]);

/**
 * Every route of spec 001 §2 (and the shell routes of spec 000 §2) as data,
 * in catalogue order. Paths use React Router syntax.
 * @see docs of `RouteEntry` for the meaning of each field.
 */
export const routeCatalogue: readonly RouteEntry[] = [
  ...shell,
  ...home,
  ...message,
  ...examSingle,
  ...onlineStudent,
  ...examTool,
  ...examClassReport,
  ...examGradeReport,
  ...examMultiple,
  ...examMultipleReport,
  ...examAnalytic,
  ...marking,
  ...gaokao,
  ...examOther,
  ...resource,
  ...homework,
  ...homeworkOnlineStudent,
  ...system,
  ...card,
  ...report,
  ...consolidate,
  ...aiCenter,
  ...teachResearch,
  ...study,
  ...appraise,
  ...abilityGrowth,
];
