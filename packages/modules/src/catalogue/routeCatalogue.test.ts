import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS } from '@examkit/contracts';
import { routeCatalogue } from './routeCatalogue';
import { findRoute } from './findRoute';

/** Every path of spec 001 §2 and spec 000 §2, written out from the spec text. */
const SPEC_PATHS = `
/ /login /oauth /oauth2 /c-oauth /homework/viewPdf
/home/index /new-home-help/index /new-home-message/index /new-home-message/detail
/exam/single /exam/single/project/student /exam/single/project/teacher /exam/single/create /exam/single/edit/:id
/exam/single/multiple /exam/single/create_answer_sheet /exam/single/import /exam/single/up_charm
/exam/single/answer/:id /exam/single/answer-new/:id /exam/single/scanpaper/:id /exam/single/question/:id
/exam/report/exam/quickReview/:id
/exam/single/Online/createBasic /exam/single/Online/createSetQuestion /exam/single/Online/createSetTime
/exam/single/Online/edit /exam/single/Online/answerStatistics /exam/single/Online/setAnswer
/print/:examId/warningReport /print/:examId/:classId/:studentId/transcriptMistakes
/exam/tool /exam/tool/sheet/intro /exam/tool/sheet/list /exam/tool/sheet/newsheet /exam/tool/sheet/addsubject
/exam/tool/sheet/detail /exam/tool/sheet/result /exam/tool/sheet/student
/exam/tool/task/intro /exam/tool/task/list /exam/tool/task/list/:id/:gradeId /exam/tool/task/create
/exam/tool/task/create/first /exam/tool/task/create/second /exam/tool/task/create/third
/exam/tool/classAssign/intro /exam/tool/classAssign/list /exam/tool/classAssign/create_step1
/exam/tool/classAssign/create_step2 /exam/tool/classAssign/rankDetail /exam/tool/classAssign/classDetail
/exam/tool/classAssign/record /exam/tool/answerSheet/intro /exam/tool/answerSheet/list
/exam/single/report/class/basic/:id /exam/single/report/class/comment/:id /exam/single/report/class/ability/:id
/exam/single/report/class/analysis/:id /exam/single/report/class/transcript/:id /exam/single/report/class/problemSet/:id
/exam/single/report/class/custom/:id /exam/single/report/class/custom2/:id
/exam/single/report/class/transcript/:examId/:classId/:studentId
/exam/single/report/class/transcript/:examId/:classId/:studentId/transcriptBasic
/exam/single/report/class/transcript/:examId/:classId/:studentId/transcriptMistakes
/exam/single/report/grade/basic/:id /exam/single/report/grade/comment/:id /exam/single/report/grade/ability/:id
/exam/single/report/grade/rank/:id /exam/single/report/grade/transcript/:id /exam/single/report/grade/problemSet/:id
/exam/single/report/grade/custom/:id /exam/single/report/grade/custom/:id/customGroup
/exam/single/report/grade/custom/:id/customContrast /exam/single/report/grade/custom/:id/customKnowModel
/exam/single/report/grade/comment/:id/:classId/:questionId/:type/edit
/exam/single/report/screen/:id /exam/single/report/screen/:id/basic /exam/single/report/screen/:id/comment
/exam/single/report/screen/:id/ability
/exam/single/report/similar_recom/list/:examId /exam/single/report/similar_recom/editonline/:examId
/exam/multiple /exam/multiple/create /exam/multiple/edit/:id /exam/project/create /exam/multiple/report/:id
/exam/multiple/report/class/basic/:id /exam/multiple/report/class/comment/:id /exam/multiple/report/class/ability/:id
/exam/multiple/report/class/transcript/:id /exam/multiple/report/grade/basic/:id /exam/multiple/report/grade/comment/:id
/exam/multiple/report/grade/ability/:id /exam/multiple/report/grade/rank/:id /exam/multiple/report/grade/transcript/:id
/exam/multiple/report-pdf
/exam/analyticCenter /exam/analyticCenter/create /exam/analyticCenter/edit/:id
/exam/analyticCenter/multiple/report /exam/analyticCenter/multiple/report/grade /exam/analyticCenter/multiple/report/class
/exam/analyticCenter/single/report /exam/analyticCenter/single/report/grade /exam/analyticCenter/single/report/class
/exam/marking /exam/marking/setting/:id /exam/marking/setting2/:id /exam/marking/examTask /exam/marking/paperReview
/exam/marking/checkPaper/:id /exam/marking/error /exam/marking/readMonitor/:id /exam/marking/data/:id
/exam/marking/data/progress/:id /exam/marking/data/spread/:id /exam/marking/data/checkPaper/:id
/exam/marking/data/monitor/:id /exam/marking/data/quality/:id
/exam/marking/readPaper/:id/:type/:normal/:arbitrate/:end /exam/marking/readPaper2/:id/:type/:normal/:arbitrate/:end
/exam/gaokao /exam/gaokao/leveltype /exam/gaokao/chooseExam /exam/gaokao/setLevel /exam/gaokao/student_submit
/exam/gaokao/report/:id
/exam/gaokao/report/:id/summary/basic /exam/gaokao/report/:id/summary/scoreSection /exam/gaokao/report/:id/summary/transcript
/exam/gaokao/report/:id/subject/basic /exam/gaokao/report/:id/subject/scoreSection
/exam/gaokao/report/:id/like/basic /exam/gaokao/report/:id/like/levelAnalysis /exam/gaokao/report/:id/like/scoreSection
/exam/gaokao/report/:id/like/transcript
/exam/gaokao/report/:id/wenke/basic /exam/gaokao/report/:id/wenke/levelAnalysis /exam/gaokao/report/:id/wenke/scoreSection
/exam/gaokao/report/:id/wenke/transcript
/exam/crossSchool /exam/crossSchool/join /exam/print
/resource/paper/school /resource/paper/cloudPreiew /resource/paper/cloud /resource/paper/school-detail
/resource/generate/error-question-bank /resource/generate/topic /resource/generate/assistants
/resource/generate/assistants/detail /resource/generate/cloud-question-bank
/resource/process /resource/process/process-detail /resource/group /resource/knowledge-edit /resource/group-paper
/resource/basket /resource/basket-confirm /resource/composition /resource/composition/commitError
/resource/composition/weakKnowledgePoint /resource/student-wrong /resource/student-wrong/detail
/resource/school/microVideo /resource/school/analysis
/homework/school-base /homework/teaching-assistant /homework/teaching-assistant/batch /homework/teaching-assistant/chapter
/homework/teaching-assistant/comment /homework/teaching-assistant/frequency /homework/teaching-assistant/student
/homework/teaching-assistant/summary /homework/teaching-assistant/frequency/export /homework/teaching-assistant/batchDetail
/homework/teaching-assistant/correct /homework/teaching-assistant/chapter/scan /homework/teaching-assistant/student-homework
/homework/teaching-assistant/wrong
/homework/composition /homework/composition/create /homework/composition/edit /homework/composition/:id/report/basic
/homework/composition/:id/report/student /homework/composition/:id/scan
/homework/correct /homework/composition/correct /homework/collate /homework/group
/homework/school-base/create /homework/school-base/split-confirm /homework/school-base/ai-split-confirm
/homework/school-base/:id/scan /homework/school-base/questionItem /homework/school-base/:id/report/basic
/homework/school-base/:id/report/comment /homework/school-base/:id/report/student
/homework/school-base/student/:studentId/report/analysis /homework/school-base/student/:studentId/report/wrong
/homework/school-base/store /homework/school-base/store/basket /homework/school-base/basket-confirm
/homework/word-exercise/question /homework/word-exercise/accuracy /homework/word-exercise/detail /homework/word-exercise/card
/homework/question/edit /homework/download-assistant
/paper/record/:id/:schoolId /paper/pdf/:id/:schoolId /paper/split/:id/:schoolId
/system /system/homework /system/homework/correlation /system/student/list /system/student/xgk /system/student/new
/system/student/edit/:id /system/assignedClass /system/role /system/class /system/teacher/list /system/teacher/new
/system/teacher/edit/:id /system/parm /system/parm/report-push /system/parm/level /system/parm/knowledge
/system/parm/undulate /system/parm/count /system/parm/ability /system/parm/accomplishment /system/parm/average
/system/parm/gradeSet /system/parm/other /system/parm/homework
/card/create /card/create-v2 /card/stand
/report/index /report/index/assistant /report/index/assistant/topicList /report/index/exam /report/index/exam/topicList/:id
/report/index/school /report/index/school/topicList/:id /report/index/teach
/consolidate /consolidate/commitError /consolidate/weakKnowledgePoint
/ai-center /ai-center/home /ai-center/index
/teach-research/situation/grade /teach-research/situation/class /teach-research/usage-statistics
/teach-research/fluctuation-trend /teach-research/basket /teach-research/study/student /teach-research/study/student/detail
/teach-research/study/student/wrong /teach-research/study/teacher /teach-research/study/teacher/detail /teach-research/datav
/study/student /study/class /appraise/* /ability-growth/*
`
  .split(/\s+/)
  .filter(Boolean);

/**
 * Routes the product adds where the spec names none: the online-exam and homework student pages
 * (docs/online-exams.md), the download centre, whose entry spec 000 §2 names without a path
 * (docs/downloads.md), the pages of 综合评价 under the spec's /appraise/... (docs/appraise.md), and
 * the scan page of the 听写卡 and the 错题本 of words beside the spec's word-exercise pages
 * (docs/homework.md "字词练习").
 */
const PRODUCT_PATHS = [
  '/online-exam',
  '/homework-online',
  '/new-home-download/index',
  '/appraise/record',
  '/appraise/student',
  '/appraise/student/print',
  '/homework/word-exercise/:id/scan',
  '/homework/word-exercise/wrong',
];

const byPath = new Map(routeCatalogue.map((r) => [r.path, r]));
const byName = new Map(routeCatalogue.map((r) => [r.name, r]));
const entry = (path: string) => {
  const r = byPath.get(path);
  if (!r) throw new Error(`no route ${path}`);
  return r;
};

describe('routeCatalogue', () => {
  it('holds every path of spec 001 §2, and nothing else but the product routes of docs', () => {
    expect([...byPath.keys()].sort()).toEqual(
      [...new Set([...SPEC_PATHS, ...PRODUCT_PATHS])].sort(),
    );
  });

  it('has unique paths and names', () => {
    expect(byPath.size).toBe(routeCatalogue.length);
    expect(byName.size).toBe(routeCatalogue.length);
  });

  it('uses only permission codes of the catalogue', () => {
    const keys = new Set(PERMISSION_KEYS);
    const unknown = routeCatalogue
      .filter((r) => r.perm !== null && !keys.has(r.perm))
      .map((r) => r.perm);
    expect(unknown).toEqual([]);
  });

  it.each([
    ['/home/index', 'Home'],
    ['/exam/single', 'Exam-Single'],
    ['/exam/tool/task/list/:id/:gradeId', 'Exam-Tool'],
    ['/exam/single/report/class/basic/:id', 'Exam-Single-Report-Class'],
    ['/exam/single/report/grade/rank/:id', 'Exam-Single-Report-Grade'],
    ['/exam/multiple/report/class/basic/:id', 'Exam-Multiple-Report-Class'],
    ['/exam/multiple/report/grade/rank/:id', 'Exam-Multiple-Report-Grade'],
    ['/exam/analyticCenter/edit/:id', 'Exam-AnalyticCenter'],
    ['/exam/marking/readPaper/:id/:type/:normal/:arbitrate/:end', 'Exam-Wuhen'],
    ['/exam/gaokao/report/:id/summary/basic', 'Summary'],
    ['/exam/gaokao/report/:id/subject/basic', 'Subject'],
    ['/exam/gaokao/report/:id/like/basic', 'like'],
    ['/exam/gaokao/report/:id/wenke/transcript', 'wenke'],
    ['/exam/crossSchool/join', 'Exam-Cross-School'],
    ['/exam/print', 'Exam-Print'],
    ['/resource/paper/cloud', 'Paper-Cloud'],
    ['/resource/paper/school', 'Paper-School'],
    ['/resource/generate/topic', 'Generate'],
    ['/resource/process', 'Process'],
    ['/resource/composition', 'Composing'],
    ['/resource/student-wrong', 'StudySituation'],
    ['/homework/teaching-assistant/batch', 'Homework-Analysis'],
    ['/homework/collate', 'Homework-Collate'],
    ['/homework/group', 'Homework-Group'],
    ['/system', 'System'],
    ['/system/student/list', 'System-Student'],
    ['/system/teacher/list', 'System-Teacher'],
    ['/system/role', 'System-Role'],
    ['/system/class', 'System-Class'],
    ['/system/homework', 'System-Homework'],
    ['/system/parm/level', 'Parm-Level'],
    ['/consolidate/commitError', 'Consolidate-CommitError'],
    ['/ai-center/index', 'AiCenter'],
    ['/teach-research/datav', 'Teach-Research-Datav'],
    ['/study/student', 'Study-Student'],
    ['/study/class', 'Study-Class'],
  ])('guards %s with %s', (path, perm) => {
    expect(entry(path).perm).toBe(perm);
  });

  it('keeps only /login, /oauth, /oauth2, /c-oauth (and the / redirect) and the online-exam and homework student pages public', () => {
    expect(routeCatalogue.filter((r) => r.public).map((r) => r.path)).toEqual([
      '/',
      '/login',
      '/oauth',
      '/oauth2',
      '/c-oauth',
      '/online-exam',
      '/homework-online',
    ]);
    expect(entry('/').redirect).toBe('/login');
  });

  it('keeps alive DataStudent, DataClass, exam lists, gaokao setup and the system student and teacher lists', () => {
    expect(
      routeCatalogue
        .filter((r) => r.keepAlive)
        .map((r) => r.name)
        .sort(),
    ).toEqual(
      [
        'DataStudent',
        'DataClass',
        'exam-single',
        'exam-multiple',
        'exam-analytic-center',
        'exam-marking',
        'exam-gaokao',
        'exam-gaokao-leveltype',
        'exam-gaokao-chooseExam',
        'exam-gaokao-setLevel',
        'exam-gaokao-student-submit',
        'system-student-list',
        'system-teacher-list',
      ].sort(),
    );
    expect(entry('/study/student').name).toBe('DataStudent');
    expect(entry('/study/class').name).toBe('DataClass');
  });

  it.each([
    ['/home/index', true],
    ['/report/index/exam', true],
    ['/exam/single/report/class/basic/:id', true],
    ['/exam/tool/sheet/list', true],
    ['/new-home-message/index', true],
    ['/new-home-message/detail', true],
    ['/resource/basket-confirm', true],
    ['/homework/school-base/basket-confirm', true],
    ['/consolidate/commitError', true],
    ['/exam/single', false],
    ['/system/student/list', false],
    ['/resource/basket', false],
  ])('second-level menu on %s hidden: %s', (path, hidden) => {
    expect(entry(path).layout.hideSubMenu).toBe(hidden);
  });

  it('hides the footer and back-to-top on the route names and paths of spec 000 §2', () => {
    const names = [
      'resource-basket',
      'login',
      'oauth',
      'card-create',
      'warning-report-print',
      'exam-marking-readPaper',
      'exam-marking-readPaper2',
      'report-pdf',
      'study-datav',
    ];
    for (const name of names) expect(byName.get(name)?.layout.hideFooter, name).toBe(true);
    for (const path of ['/ai-center', '/ai-center/home', '/ai-center/index']) {
      expect(entry(path).layout.hideFooter, path).toBe(true);
    }
    expect(entry('/exam/single').layout.hideFooter).toBe(false);
    expect(entry('/home/index').layout.hideFooter).toBe(false);
  });

  it('shows data-view pages without the side margin and marking screens fullscreen', () => {
    expect(entry('/teach-research/datav').layout).toMatchObject({
      dataView: true,
      fullscreen: true,
    });
    expect(entry('/exam/single/report/screen/:id/basic').layout).toMatchObject({
      dataView: true,
      fullscreen: false,
    });
    expect(
      entry('/exam/marking/readPaper/:id/:type/:normal/:arbitrate/:end').layout.fullscreen,
    ).toBe(true);
    expect(entry('/exam/single').layout).toMatchObject({ dataView: false, fullscreen: false });
  });

  it('gives every route a Chinese title', () => {
    const cjk = /[\u4e00-\u9fff]/;
    expect(routeCatalogue.filter((r) => !cjk.test(r.title)).map((r) => r.path)).toEqual([]);
  });
});

describe('findRoute', () => {
  it.each([
    ['/exam/single/edit/12', 'exam-single-edit'],
    ['/exam/single', 'exam-single'],
    ['/exam/tool/task/create', 'exam-tool-task-create'],
    ['/exam/marking/data/progress/3', 'exam-marking-data-progress'],
    ['/exam/marking/data/3', 'exam-marking-data'],
    ['/ability-growth/registration', 'ability-growth'],
    ['/system/parm/level', 'system-parm-level'],
  ])('%s is %s', (path, name) => {
    expect(findRoute(path)?.name).toBe(name);
  });

  it('returns undefined for an unknown path', () => {
    expect(findRoute('/no/such/page')).toBeUndefined();
  });
});
