import { WRITE, type Entry } from '../entry';

/** The data-scope rows of exams: the exam, 试卷印刷, online exams, scanning, the exam tool and 新高考. */
export const examRows: Record<string, Entry> = {
  // exam
  'exam.students': { kind: 'list', byClass: true },
  'exam.teachers': { kind: 'list' },
  'exam.detail': WRITE(
    'exam metadata, no personal data; exams of other grades 403 (exam/routes.test.ts)',
  ),
  'exam.create': WRITE(),
  'exam.update': WRITE(),
  'exam.remove': WRITE(),
  'exam.transition': WRITE(),
  'exam.questionsGet': WRITE('the paper of a subject, no personal data'),
  'exam.questionsSave': WRITE(),
  'exam.answerSave': WRITE(),
  'exam.scoreImport': WRITE(),
  'exam.sheetGet': WRITE('the answer sheet of a subject, no personal data'),
  'exam.sheetSave': WRITE(),
  // 试卷印刷: a teacher sees the tasks of their classes and subjects, and those they print
  'print.printGet': { kind: 'list' },
  'print.printSave': WRITE('exam managers only (print/print.test.ts)'),
  'print.printMark': WRITE('the task’s printer or an exam manager (print/print.test.ts)'),
  'print.informTeaFinish': WRITE(
    'exam managers and printers; tells each task once (print/print.test.ts)',
  ),
  // online exams (online/routes.test.ts): writes need an exam manager or the subject's teacher
  'online.save': WRITE(),
  'online.get': WRITE('the questions and window of an online exam, no personal data'),
  'online.saveQuestions': WRITE(),
  'online.saveAnswers': WRITE(),
  'online.saveTime': WRITE(),
  'online.statistics': WRITE(
    'per-student scores of the classes in the caller’s scope only (scopedClassIds, online/routes.ts)',
  ),
  'online.toMarking': WRITE(),
  'online.enter': WRITE('public student page: one student’s own exam by exam code and number'),
  'online.autosave': WRITE('public student page: the ticket’s own attempt only'),
  'online.submit': WRITE('public student page: the ticket’s own attempt only'),
  // scan: scanning is exam management; scores are scoped
  'scan.objectiveScores': { kind: 'list', bySubject: true },
  'scan.objectiveDetail': { kind: 'single' },
  'scan.reconcile': { kind: 'list', bySubject: true },
  'scan.exceptions': { kind: 'list', bySubject: true, emptyInDemo: true, body: { state: 'all' } },
  'scan.batchCreate': WRITE(),
  'scan.batchList': { kind: 'list', bySubject: true, emptyInDemo: true },
  'scan.resolve': WRITE(),
  'scan.confirmAbsent': WRITE(),
  'scan.rescore': WRITE(),
  'scan.overview': WRITE('counts per subject, no personal data; exams of other grades 403'),
  'scan.handToMarking': WRITE(),
  // exam tool (examtool/examtool.test.ts “keeps teachers to their classes”, “grade managers only”)
  'tool.sheetCreate': WRITE('classes in the caller’s scope only (examtool.test.ts)'),
  'tool.sheetStudent': WRITE(
    'a student of the sheet’s classes in scope; another school’s sheet 404 (examtool.test.ts)',
  ),
  'tool.assignPreview': WRITE(
    '分班: school-wide roles and the grade’s 年级主任 (examtool.test.ts)',
  ),
  'tool.assignCreate': WRITE('分班: school-wide roles and the grade’s 年级主任 (examtool.test.ts)'),
  // 新高考 (gaokao/gaokao.test.ts): analyses of exams of the caller's grades; transcripts show the
  // classes in scope only (inScopeClass)
  'gaokaoRoutes.create': WRITE(
    'exam managers of the exam’s grade only; another school’s exam 404 (gaokao.test.ts)',
  ),
  'tool.taskDetail': WRITE(
    'the task’s creator sees every part, a teacher only theirs; others 404 (examtool.test.ts)',
  ),
};
