import { full, group, keep, type Options, type Row } from './group';

/** The exam area of the catalogue (spec 001 §2): single and joint exams, reports, marking. */

/**
 * The online-exam student page: not in spec 001 §2, which names no page for students without an
 * account; public, entered with the exam code and the student number (docs/online-exams.md).
 */
export const onlineStudent = group('exam', null, null, [
  ['/online-exam', 'online-exam', '在线答题', null, { public: true, fullscreen: true }],
]);

const online = (step: string, title: string): Row => [
  `/exam/single/Online/${step}`,
  `exam-online-${step}`,
  title,
];

export const examSingle = group('exam', 'Exam', 'Exam-Single', [
  ['/exam/single', 'exam-single', '单校考试', undefined, keep],
  ['/exam/single/project/student', 'exam-single-project-student', '考试学生'],
  ['/exam/single/project/teacher', 'exam-single-project-teacher', '考试教师'],
  ['/exam/single/create', 'exam-single-create', '创建考试'],
  ['/exam/single/edit/:id', 'exam-single-edit', '编辑考试'],
  ['/exam/single/multiple', 'exam-single-multiple', '多科考试'],
  ['/exam/single/create_answer_sheet', 'exam-single-create-answer-sheet', '制作答题卡'],
  ['/exam/single/import', 'exam-single-import', '导入成绩'],
  ['/exam/single/up_charm', 'exam-single-up-charm', '答题卡上传'],
  ['/exam/single/answer/:id', 'exam-single-answer', '设置答案'],
  ['/exam/single/answer-new/:id', 'exam-single-answer-new', '设置答案（新版）'],
  ['/exam/single/scanpaper/:id', 'exam-single-scanpaper', '扫描试卷'],
  ['/exam/single/question/:id', 'exam-single-question', '试题设置'],
  ['/exam/report/exam/quickReview/:id', 'exam-quick-review', '快速讲评'],
  online('createBasic', '在线考试基本信息'),
  online('createSetQuestion', '在线考试设置试题'),
  online('createSetTime', '在线考试设置时间'),
  online('edit', '编辑在线考试'),
  online('answerStatistics', '在线考试答题统计'),
  online('setAnswer', '在线考试设置答案'),
  ['/print/:examId/warningReport', 'warning-report-print', '预警报告打印', undefined, full],
  [
    '/print/:examId/:classId/:studentId/transcriptMistakes',
    'transcript-mistakes-print',
    '错题打印',
    undefined,
    full,
  ],
]);

const tool = (path: string, name: string, title: string, options?: Options): Row =>
  options
    ? [`/exam/tool${path}`, `exam-tool${name}`, title, undefined, options]
    : [`/exam/tool${path}`, `exam-tool${name}`, title];

export const examTool = group('exam-tool', 'Exam', 'Exam-Tool', [
  tool('', '', '考试工具'),
  tool('/sheet/intro', '-sheet-intro', '成绩表介绍'),
  tool('/sheet/list', '-sheet-list', '成绩表列表'),
  tool('/sheet/newsheet', '-sheet-newsheet', '新建成绩表'),
  tool('/sheet/addsubject', '-sheet-addsubject', '添加学科'),
  tool('/sheet/detail', '-sheet-detail', '成绩表详情'),
  tool('/sheet/result', '-sheet-result', '成绩表结果'),
  tool('/sheet/student', '-sheet-student', '成绩表学生'),
  tool('/task/intro', '-task-intro', '任务介绍'),
  tool('/task/list', '-task-list', '任务列表'),
  tool('/task/list/:id/:gradeId', '-task-list-detail', '任务详情'),
  tool('/task/create', '-task-create', '创建任务', { redirect: '/exam/tool/task/create/first' }),
  tool('/task/create/first', '-task-create-first', '创建任务（第一步）'),
  tool('/task/create/second', '-task-create-second', '创建任务（第二步）'),
  tool('/task/create/third', '-task-create-third', '创建任务（第三步）'),
  tool('/classAssign/intro', '-classAssign-intro', '分班介绍'),
  tool('/classAssign/list', '-classAssign-list', '分班列表'),
  tool('/classAssign/create_step1', '-classAssign-create-step1', '创建分班（第一步）'),
  tool('/classAssign/create_step2', '-classAssign-create-step2', '创建分班（第二步）'),
  tool('/classAssign/rankDetail', '-classAssign-rankDetail', '分班排名详情'),
  tool('/classAssign/classDetail', '-classAssign-classDetail', '分班班级详情'),
  tool('/classAssign/record', '-classAssign-record', '分班记录'),
  tool('/answerSheet/intro', '-answerSheet-intro', '答题卡介绍'),
  tool('/answerSheet/list', '-answerSheet-list', '答题卡列表'),
]);

const classReportTitles: Record<string, string> = {
  basic: '基本情况',
  comment: '试卷讲评',
  ability: '能力分析',
  analysis: '学情分析',
  transcript: '成绩单',
  problemSet: '错题集',
  custom: '自定义报告',
  custom2: '自定义报告二',
  rank: '排名分析',
};
const reportRows = (base: string, name: string, prefix: string, tabs: string[]): Row[] =>
  tabs.map((tab) => [
    `${base}/${tab}/:id`,
    `${name}-${tab}`,
    `${prefix}${classReportTitles[tab] ?? tab}`,
  ]);

export const examClassReport = group('report', 'Exam', 'Exam-Single-Report-Class', [
  ...reportRows('/exam/single/report/class', 'exam-single-report-class', '班级报告·', [
    'basic',
    'comment',
    'ability',
    'analysis',
    'transcript',
    'problemSet',
    'custom',
    'custom2',
  ]),
  [
    '/exam/single/report/class/transcript/:examId/:classId/:studentId',
    'exam-single-report-class-student',
    '学生成绩单',
    undefined,
    {
      redirect: '/exam/single/report/class/transcript/:examId/:classId/:studentId/transcriptBasic',
    },
  ],
  [
    '/exam/single/report/class/transcript/:examId/:classId/:studentId/transcriptBasic',
    'exam-single-report-class-student-basic',
    '学生成绩单·基本情况',
  ],
  [
    '/exam/single/report/class/transcript/:examId/:classId/:studentId/transcriptMistakes',
    'exam-single-report-class-student-mistakes',
    '学生成绩单·错题',
  ],
]);

export const examGradeReport = group('report', 'Exam', 'Exam-Single-Report-Grade', [
  ...reportRows('/exam/single/report/grade', 'exam-single-report-grade', '年级报告·', [
    'basic',
    'comment',
    'ability',
    'rank',
    'transcript',
    'problemSet',
  ]),
  [
    '/exam/single/report/grade/custom/:id',
    'exam-single-report-grade-custom',
    '年级报告·自定义报告',
    undefined,
    { redirect: '/exam/single/report/grade/custom/:id/customGroup' },
  ],
  [
    '/exam/single/report/grade/custom/:id/customGroup',
    'exam-single-report-grade-customGroup',
    '自定义报告·分组',
  ],
  [
    '/exam/single/report/grade/custom/:id/customContrast',
    'exam-single-report-grade-customContrast',
    '自定义报告·对比',
  ],
  [
    '/exam/single/report/grade/custom/:id/customKnowModel',
    'exam-single-report-grade-customKnowModel',
    '自定义报告·知识模型',
  ],
  [
    '/exam/single/report/grade/comment/:id/:classId/:questionId/:type/edit',
    'exam-single-report-grade-comment-edit',
    '编辑讲评',
  ],
  [
    '/exam/single/report/screen/:id',
    'exam-single-report-screen',
    '大屏报告',
    undefined,
    { redirect: '/exam/single/report/screen/:id/basic', dataView: true },
  ],
  [
    '/exam/single/report/screen/:id/basic',
    'exam-single-report-screen-basic',
    '大屏报告·基本情况',
    undefined,
    { dataView: true },
  ],
  [
    '/exam/single/report/screen/:id/comment',
    'exam-single-report-screen-comment',
    '大屏报告·试卷讲评',
    undefined,
    { dataView: true },
  ],
  [
    '/exam/single/report/screen/:id/ability',
    'exam-single-report-screen-ability',
    '大屏报告·能力分析',
    undefined,
    { dataView: true },
  ],
  ['/exam/single/report/similar_recom/list/:examId', 'exam-similar-recom-list', '相似题推荐'],
  [
    '/exam/single/report/similar_recom/editonline/:examId',
    'exam-similar-recom-editonline',
    '在线编辑相似题',
  ],
]);

export const examMultiple = group('exam', 'Exam', 'Exam-Multiple', [
  ['/exam/multiple', 'exam-multiple', '联合考试', undefined, keep],
  ['/exam/multiple/create', 'exam-multiple-create', '创建联考'],
  ['/exam/multiple/edit/:id', 'exam-multiple-edit', '编辑联考'],
  ['/exam/project/create', 'exam-project-create', '创建考试项目'],
  [
    '/exam/multiple/report/:id',
    'exam-multiple-report',
    '联考报告',
    undefined,
    { redirect: '/exam/multiple/report/grade/basic/:id' },
  ],
  ['/exam/multiple/report-pdf', 'report-pdf', '联考报告导出', undefined, full],
]);

export const examMultipleReport = [
  ...group(
    'report',
    'Exam',
    'Exam-Multiple-Report-Class',
    reportRows('/exam/multiple/report/class', 'exam-multiple-report-class', '联考班级报告·', [
      'basic',
      'comment',
      'ability',
      'transcript',
    ]),
  ),
  ...group(
    'report',
    'Exam',
    'Exam-Multiple-Report-Grade',
    reportRows('/exam/multiple/report/grade', 'exam-multiple-report-grade', '联考年级报告·', [
      'basic',
      'comment',
      'ability',
      'rank',
      'transcript',
    ]),
  ),
];

export const examAnalytic = group('exam', 'Exam', 'Exam-AnalyticCenter', [
  ['/exam/analyticCenter', 'exam-analytic-center', '分析中心', undefined, keep],
  ['/exam/analyticCenter/create', 'exam-analytic-center-create', '创建分析'],
  ['/exam/analyticCenter/edit/:id', 'exam-analytic-center-edit', '编辑分析'],
  [
    '/exam/analyticCenter/multiple/report',
    'exam-analytic-multiple-report',
    '联考分析报告',
    undefined,
    { redirect: '/exam/analyticCenter/multiple/report/grade' },
  ],
  [
    '/exam/analyticCenter/multiple/report/grade',
    'exam-analytic-multiple-report-grade',
    '联考分析·年级报告',
  ],
  [
    '/exam/analyticCenter/multiple/report/class',
    'exam-analytic-multiple-report-class',
    '联考分析·班级报告',
  ],
  [
    '/exam/analyticCenter/single/report',
    'exam-analytic-single-report',
    '单校分析报告',
    undefined,
    { redirect: '/exam/analyticCenter/single/report/grade' },
  ],
  [
    '/exam/analyticCenter/single/report/grade',
    'exam-analytic-single-report-grade',
    '单校分析·年级报告',
  ],
  [
    '/exam/analyticCenter/single/report/class',
    'exam-analytic-single-report-class',
    '单校分析·班级报告',
  ],
]);

const readPaperParams = ':id/:type/:normal/:arbitrate/:end';
export const marking = group('marking', 'Exam', 'Exam-Wuhen', [
  ['/exam/marking', 'exam-marking', '网上阅卷', undefined, keep],
  ['/exam/marking/setting/:id', 'exam-marking-setting', '阅卷设置'],
  ['/exam/marking/setting2/:id', 'exam-marking-setting2', '阅卷设置（新版）'],
  ['/exam/marking/examTask', 'exam-marking-examTask', '阅卷任务'],
  ['/exam/marking/paperReview', 'exam-marking-paperReview', '试卷复核'],
  ['/exam/marking/checkPaper/:id', 'exam-marking-checkPaper', '查看试卷'],
  ['/exam/marking/error', 'exam-marking-error', '异常卷处理'],
  ['/exam/marking/readMonitor/:id', 'exam-marking-readMonitor', '阅卷监控'],
  [
    '/exam/marking/data/:id',
    'exam-marking-data',
    '阅卷数据',
    undefined,
    { redirect: '/exam/marking/data/progress/:id' },
  ],
  ['/exam/marking/data/progress/:id', 'exam-marking-data-progress', '阅卷进度'],
  ['/exam/marking/data/spread/:id', 'exam-marking-data-spread', '给分分布'],
  ['/exam/marking/data/checkPaper/:id', 'exam-marking-data-checkPaper', '阅卷抽查'],
  ['/exam/marking/data/monitor/:id', 'exam-marking-data-monitor', '教师监控'],
  ['/exam/marking/data/quality/:id', 'exam-marking-data-quality', '阅卷质量'],
  [`/exam/marking/readPaper/${readPaperParams}`, 'exam-marking-readPaper', '阅卷', undefined, full],
  [
    `/exam/marking/readPaper2/${readPaperParams}`,
    'exam-marking-readPaper2',
    '阅卷（新版）',
    undefined,
    full,
  ],
]);
