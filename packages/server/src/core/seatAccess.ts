/**
 * What an education bureau's seat in a school may call (docs/joint-exams.md#bureau-sign-in): the
 * school's lists and reports, to read, and nothing that changes the school's data. Every other
 * signed-in route answers 403 {@link SEAT_READ_ONLY_MESSAGE} before its body is even read, so a
 * route added later is refused to the bureau until it is listed here on purpose.
 *
 * Besides reads, the list holds the bureau's own business (`BUREAU_OWN`): organising the region's
 * joint exams as the bureau (the joint routes check the organiser themselves), moving to another
 * school of the region, its own download-centre jobs (an export is a read of a report) and
 * signing out.
 */
export const SEAT_READ_ONLY_MESSAGE = '教育局账号只能查看学校的考试和报告，不能修改学校的数据';

const R = '/marking-report/exam/report';
const J = '/marking-report/joint';
const U = '/marking-user/user/school';

/** The reads a seat needs for the pages its role opens (exams, reports, 新高考, 分析中心). */
const READS = [
  // The shell: the school, its settings and lists, the caller's own role and data scope.
  'GET /marking-user/user/school/get_detail_school',
  'GET /marking-user/user/school/dic/get_other',
  'POST /marking-user/get_my_role',
  'POST /marking-user/holiday/list',
  `POST ${U}/my_scope`,
  `POST ${U}/list_grade`,
  `POST ${U}/list_grade_by_school`,
  `POST ${U}/list_class_by_grade`,
  `POST ${U}/list_subject_by_grade`,
  `POST ${U}/get_perm_grade`,
  `POST ${U}/get_perm_class`,
  `POST ${U}/get_perm_subject`,
  // The school's dictionaries and report settings, read by the forms and report pages.
  ...['get_value', 'get_code', 'get_level', 'get_low', 'get_subject', 'get_bord', 'get_anal'].map(
    (path) => `POST ${U}/dic/${path}`,
  ),
  `GET ${U}/param/list`,
  'POST /marking-user/user/v3/school/dic/get_report_push',
  'POST /marking-user/user/GradeShowInitialize/getEchoData',
  'GET /marking-main/message/unread_count',
  'POST /marking-main/message/list',
  'POST /marking-main/message/detail',
  'GET /marking-paper/parent/guide/getParentGuide',
  'GET /marking-oss/file/:name',
  // Exams: lists and details.
  'POST /marking-main/exam/list',
  'POST /marking-main/exam/detail',
  'POST /marking-main/exam/students',
  'POST /marking-main/exam/teachers',
  'POST /marking-main/exam/subject/questions/get',
  'POST /marking-main/exam/sheet/get',
  'GET /marking-main/exam/sheet/pdf',
  // Single-exam reports.
  ...[
    'class/ability',
    'class/analysis',
    'class/basic',
    'class/comment',
    'class/custom',
    'class/custom2',
    'class/problemSet',
    'class/transcript',
    'comment/get',
    'export',
    'export/job',
    'grade/ability',
    'grade/basic',
    'grade/comment',
    'grade/custom/contrast',
    'grade/custom/group',
    'grade/custom/knowModel',
    'grade/problemSet',
    'grade/rank',
    'grade/transcript',
    'print/warningReport',
    'quickReview',
    'screen',
    'student/transcript',
  ].map((path) => `POST ${R}/${path}`),
  'POST /marking-report/report/exam/report/quality',
  ...['classExam', 'classOverview', 'getExam', 'overview', 'teachExamInfo', 'teachSubject'].map(
    (path) => `POST /marking-report/teacher/${path}`,
  ),
  // Joint and cross-school exams, their reports.
  'POST /marking-main/joint/list',
  'POST /marking-main/joint/detail',
  'POST /marking-main/cross_school/list',
  ...[
    'class/ability',
    'class/basic',
    'class/comment',
    'class/list',
    'class/transcript',
    'export/job',
    'grade/ability',
    'grade/basic',
    'grade/comment',
    'grade/rank',
    'grade/transcript',
    'report/status',
  ].map((path) => `POST ${J}/${path}`),
  // 新高考 and 分析中心: lists, reports, exports.
  'POST /marking-main/gaokao/profiles',
  'POST /marking-main/gaokao/exams',
  'POST /marking-main/gaokao/list',
  'POST /marking-main/gaokao/report',
  'POST /marking-main/gaokao/report/export',
  'POST /marking-main/gaokao/joint/exams',
  'POST /marking-main/gaokao/joint/report',
  'POST /marking-main/gaokao/joint/report/status',
  'POST /marking-main/gaokao/joint/report/export',
  'POST /marking-report/analytic/list',
  'POST /marking-report/analytic/detail',
  'POST /marking-report/analytic/report',
  'POST /marking-report/analytic/student',
  'POST /marking-report/analytic/export/job',
  // 教研中心: 师生学情 (with a student's record and its class picker), 波动趋势 and 数据大屏, all reads of
  // the school's exam reports and marking (docs/teaching-views.md).
  ...['study/students', 'study/teachers', 'study/teacher', 'fluctuation', 'datav'].map(
    (path) => `POST /marking-report/teach-research/${path}`,
  ),
  'POST /marking-report/teaching/studyClasses',
  'POST /marking-report/teaching/studentRecord',
  // 综合评价: a class's sheet and a student's records, read only (docs/appraise.md)
  'POST /marking-user/appraise/sheet',
  'POST /marking-user/appraise/student',
  // Papers of the school and the cloud, to read and publish (docs/resources.md "The region cloud
  // bank"), and the floating basket's count on the resource pages.
  ...[
    'paper/school/list',
    'paper/cloud/list',
    'paper/group/list',
    'myPaper/list',
    'paper/detail',
  ].map((path) => `POST /marking-resources/${path}`),
  'POST /marking-resources/region-cloud/status',
  'POST /marking-resources/school/analysis',
  'POST /marking-resources/basket/count',
  'POST /marking-download/job/paper',
  // 作业分析 and its 教辅 (docs/homework.md "教辅"): the summaries and each workbook's chapters,
  // students and wrong questions, read only; a chapter's own pages need 校本作业, which the seat
  // does not hold.
  ...[
    'options',
    'summary',
    'frequency',
    'batch/list',
    'batchDetail',
    'chapter',
    'student',
    'student-homework',
    'wrong',
  ].map((path) => `POST /marking-homework/homework/teaching-assistant/${path}`),
  'GET /marking-homework/homework/teaching-assistant/frequency/export',
];

/** The bureau's own business, which writes nothing of the school's. */
const BUREAU_OWN = [
  'POST /marking-main/joint/create',
  'POST /marking-main/joint/update',
  'POST /marking-main/joint/questions_save',
  // The paper editor's spreadsheet import reads a file into questions and saves nothing; the joint
  // structure is then saved with questions_save.
  'POST /marking-main/exam/subject/questions/parse',
  'POST /marking-main/joint/organiser_schools',
  'POST /marking-main/joint/paper/get',
  'POST /marking-main/joint/answer/save',
  'POST /marking-main/joint/sheet/get',
  'POST /marking-main/joint/sheet/save',
  // 新高考 analyses of the region's joint exams, which the bureau organises.
  'POST /marking-main/gaokao/joint/create',
  'POST /marking-main/gaokao/joint/delete',
  // 统一阅卷: the organiser's set-up, seeds, finish and monitoring of the pool (joint/pool.ts); marking
  // itself is a school teacher's, never the seat's.
  ...[
    'mode',
    'block/save',
    'papers/register',
    'block/state',
    'finish',
    'progress',
    'roster',
    'blocks',
    'monitor/progress',
    'monitor/quality',
    'monitor/check',
    // 隐藏样卷 of a pool block, which the organiser sets up as it does the block, and a paper's
    // crop to look at before making it a seed.
    'seed/papers',
    'seed/list',
    'seed/add',
    'seed/remove',
    'paper/crop',
  ].map((path) => `POST /marking-main/joint/pool/${path}`),
  // 区域分析: the region's own analyses over its joint exams (analytic/regionRoutes.ts), which
  // write nothing of the school's.
  ...['list', 'create', 'update', 'remove', 'report', 'export/job'].map(
    (path) => `POST /marking-report/analytic/region/${path}`,
  ),
  'POST /marking-region/region/school_list',
  'POST /marking-region/region/enter_school',
  'POST /marking-region/region/update',
  // Publishing a school's paper or question into the region's cloud bank copies it: the school's
  // own rows stay as they are.
  'POST /marking-resources/region-cloud/publish_question',
  'POST /marking-resources/region-cloud/publish_paper',
  // Whether the floating AI assistant shows: every signed-in page asks. The seat is told no
  // (ai/routes.ts), so its pages open without a refusal; the assistant's other routes stay closed.
  'GET /chatgpt-server/isUserAiSession',
  'POST /marking-download/job/list',
  'POST /marking-download/job/status',
  'POST /marking-download/job/delete',
  'GET /marking-download/job/file',
  'POST /marking-login/login/wz_login_out',
];

/** Every route a seat may call, as `METHOD /url`. */
export const SEAT_ROUTES: ReadonlySet<string> = new Set([...READS, ...BUREAU_OWN]);

/** Whether a bureau seat may call the route (`METHOD /url` with the route's own pattern). */
export function seatMayCall(method: string, routeUrl: string): boolean {
  return SEAT_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${routeUrl}`);
}
