import { permissionCatalogue } from '@examkit/contracts';
import { DIRECTOR_CODES, demoUser, renderApp } from '../../test/fixtures';
import { examPages } from '../index';
import { WEEKLY_PAPER, type examApi } from './fixtures';

/** The bureau's codes that open a joint exam. */
export const JOINT_CODES = [...DIRECTOR_CODES, 'Exam-Multiple'];
const J = 'POST /marking-main/joint';

/** Calls of the joint exam page, keyed as the fake API takes them. */
export const JOINT = {
  detail: `${J}/detail`,
  paper: `${J}/paper/get`,
  structure: `${J}/questions_save`,
  answers: `${J}/answer/save`,
  sheetGet: `${J}/sheet/get`,
  sheetSave: `${J}/sheet/save`,
  parse: 'POST /marking-main/exam/subject/questions/parse',
  progress: `${J}/pool/progress`,
  mode: `${J}/pool/mode`,
  roster: `${J}/pool/roster`,
  blocks: `${J}/pool/blocks`,
  save: `${J}/pool/block/save`,
  state: `${J}/pool/block/state`,
  schoolProgress: `${J}/pool/school/progress`,
  seeds: `${J}/pool/seed/list`,
  seedPapers: `${J}/pool/seed/papers`,
  seedAdd: `${J}/pool/seed/add`,
  paperCrop: `${J}/pool/paper/crop`,
} as const;
export const JOINT_PAPER_REPLY = { ...WEEKLY_PAPER, examName: '十一月区联考' };

/** Joint exam 7 of two schools, as its organiser or a participating school reads it. */
export const jointExam = (organising: boolean) => ({
  id: 7,
  name: '十一月区联考',
  examType: '月测',
  examDate: '2026-11-12',
  gradeNum: 10,
  organiser: '示范区教育局',
  schoolLabels: 'codes',
  subjects: [{ subjectCode: 'S12', subjectName: '数学', fullMarks: 100 }],
  schools: [
    { schoolId: 1, label: '第一中学', code: '学校A', examId: 11, state: 'draft', studentCount: 5 },
    { schoolId: 2, label: '第二中学', code: '学校B', examId: 12, state: 'draft', studentCount: 9 },
  ],
  organising,
});

/** Opens joint exam 7's page with the given codes. */
export function openJointExam(
  api: ReturnType<typeof examApi>,
  codes: readonly string[] = JOINT_CODES,
) {
  return renderApp({
    path: '/exam/multiple/edit/7',
    api,
    user: demoUser({
      perms: permissionCatalogue.filter((p) => codes.includes(p.permCode)),
      allPerm: { '2026': { '1': [...codes] } },
    }),
    pages: examPages,
  });
}
