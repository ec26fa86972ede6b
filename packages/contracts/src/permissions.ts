import type { PermItem } from './user';

/** One entry of the permission catalogue: a module, a menu entry or a route key. */
export interface CatalogueEntry {
  permCode: string;
  permName: string;
  moduleUrl: string;
  /** 1 = menu entry, 2 = route or element key only. */
  type: 1 | 2;
  children?: CatalogueEntry[];
}

const menu = (
  permCode: string,
  permName: string,
  moduleUrl: string,
  children?: CatalogueEntry[],
): CatalogueEntry =>
  children
    ? { permCode, permName, moduleUrl, type: 1, children }
    : { permCode, permName, moduleUrl, type: 1 };
const key = (permCode: string, permName: string, moduleUrl: string): CatalogueEntry => ({
  permCode,
  permName,
  moduleUrl,
  type: 2,
});

const parm = (code: string, name: string, path: string) =>
  key(`Parm-${code}`, name, `/system/parm/${path}`);

/**
 * The permission catalogue over the keys of spec 001 §6, in menu order.
 * Module URLs are the routes of spec 001 §2; a key without a page of its own
 * points at its module. The catalogue is the same for every school; roles
 * choose from it.
 */
const catalogueTree = (): CatalogueEntry[] => [
  menu('Home', '首页', '/home/index'),
  menu('Exam', '考试管理', '/exam', [
    menu('Exam-Single', '单校考试', '/exam/single'),
    menu('Exam-Multiple', '联合考试', '/exam/multiple'),
    menu('Exam-AnalyticCenter', '分析中心', '/exam/analyticCenter'),
    menu('Exam-Wuhen', '网上阅卷', '/exam/marking'),
    menu('Exam-Gaokao', '新高考模拟', '/exam/gaokao'),
    menu('Exam-Cross-School', '跨校考试', '/exam/crossSchool'),
    menu('Exam-Print', '试卷印刷', '/exam/print'),
    menu('Exam-Tool', '考试工具', '/exam/tool'),
    key('Exam-Single-Report-Class', '单校班级报告', '/exam/single/report/class'),
    key('Exam-Single-Report-Grade', '单校年级报告', '/exam/single/report/grade'),
    key('Exam-Multiple-Report-Class', '联考班级报告', '/exam/multiple/report/class'),
    key('Exam-Multiple-Report-Grade', '联考年级报告', '/exam/multiple/report/grade'),
    key('Summary', '新高考总体报告', '/exam/gaokao/report/summary'),
    key('Subject', '新高考学科报告', '/exam/gaokao/report/subject'),
    key('like', '新高考物理类报告', '/exam/gaokao/report/like'),
    key('wenke', '新高考历史类报告', '/exam/gaokao/report/wenke'),
    // examkit's key beyond spec 001 §6: managing marking is not implied by exam management.
    key('Exam-Wuhen-Manage', '阅卷管理', '/exam/marking'),
  ]),
  menu('Study', '学情分析', '/study', [
    menu('Study-Student', '学生学情', '/study/student'),
    menu('Study-Class', '班级学情', '/study/class'),
  ]),
  menu('Resources', '资源中心', '/resource', [
    menu('Paper', '试卷库', '/resource/paper/school'),
    key('Paper-School', '校本试卷', '/resource/paper/school'),
    key('Paper-Cloud', '云试卷', '/resource/paper/cloud'),
    menu('Generate', '智能组卷', '/resource/generate/topic'),
    menu('Process', '资源加工', '/resource/process'),
    menu('Composing', '作文资源', '/resource/composition'),
    menu('StudySituation', '学生错题', '/resource/student-wrong'),
  ]),
  menu('Homework', '作业', '/homework', [
    menu('Homework-SchoolBase', '校本作业', '/homework/school-base'),
    menu('Homework-Analysis', '作业分析', '/homework/teaching-assistant'),
    menu('Homework-Collate', '作业批改', '/homework/collate'),
    menu('Homework-Group', '作业分组', '/homework/group'),
  ]),
  menu('Consolidate', '巩固提升', '/consolidate', [
    menu('Consolidate-CommitError', '易错题', '/consolidate/commitError'),
    menu('Consolidate-WeakKnowledgePoint', '薄弱知识点', '/consolidate/weakKnowledgePoint'),
  ]),
  menu('Teach-Research', '教研中心', '/teach-research', [
    menu('Teach-Research-Situation', '学情概况', '/teach-research/situation/grade'),
    menu('Teach-Research-Usage', '使用统计', '/teach-research/usage-statistics'),
    menu('Teach-Research-Fluctuation', '波动趋势', '/teach-research/fluctuation-trend'),
    menu('Teach-Research-Basket', '试题篮统计', '/teach-research/basket'),
    menu('Teach-Research-Study', '师生学情', '/teach-research/study/student'),
    menu('Teach-Research-Datav', '数据大屏', '/teach-research/datav'),
  ]),
  menu('AiCenter', 'AI中心', '/ai-center', [menu('AiCenter-Home', 'AI助手', '/ai-center/home')]),
  menu('System', '系统管理', '/system', [
    menu('System-Student', '学生管理', '/system/student/list'),
    menu('System-Teacher', '教师管理', '/system/teacher/list'),
    menu('System-Class', '班级管理', '/system/class'),
    menu('System-Role', '角色管理', '/system/role'),
    menu('System-Homework', '作业设置', '/system/homework'),
    menu('System-Parm', '参数设置', '/system/parm/level'),
    key('System-Export', '导出名单', '/system/student/list'),
    key('System-Tel', '查看手机号', '/system/teacher/list'),
    parm('ReportPush', '报告推送', 'report-push'),
    parm('Level', '等级设置', 'level'),
    parm('Knowledge', '知识点设置', 'knowledge'),
    parm('Undulate', '波动设置', 'undulate'),
    parm('Count', '统计设置', 'count'),
    parm('Ability', '能力设置', 'ability'),
    parm('Accomplishment', '素养设置', 'accomplishment'),
    parm('Average', '均分设置', 'average'),
    parm('GradeSet', '年级设置', 'gradeSet'),
    parm('Other', '其他设置', 'other'),
    parm('Homework', '作业参数', 'homework'),
  ]),
  menu('AbilityGrowth', '成长档案', '/ability-growth/home'),
];

/**
 * The catalogue flattened into permission items with stable ids, parents
 * before children, `moduleOrder` counting within each parent.
 */
export const permissionCatalogue: readonly PermItem[] = /* @__PURE__ */ (() => {
  const out: PermItem[] = [];
  const walk = (entries: CatalogueEntry[], parent: number) =>
    entries.forEach((entry, index) => {
      const id = out.length + 1;
      out.push({
        id,
        permName: entry.permName,
        permCode: entry.permCode,
        moduleUrl: entry.moduleUrl,
        moduleOrder: index + 1,
        pPermId: parent,
        type: entry.type,
        platformType: 0,
        isShow: 0,
      });
      if (entry.children) walk(entry.children, id);
    });
  walk(catalogueTree(), 0);
  return out;
})();

/** Every permission key, for role editors and seeds. */
export const PERMISSION_KEYS: readonly string[] = /* @__PURE__ */ permissionCatalogue.map(
  (p) => p.permCode,
);
