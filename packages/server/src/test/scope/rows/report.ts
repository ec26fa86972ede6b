import { WRITE, type Entry } from '../entry';

/** The data-scope rows of reports and the download centre's files. */
export const reportRows: Record<string, Entry> = {
  // reports
  'report.classBasic': { kind: 'list', byClass: true, subjects: true },
  'report.classComment': { kind: 'list', byClass: true, bySubject: true },
  'report.classAbility': { kind: 'list', byClass: true, bySubject: true },
  'report.classAnalysis': { kind: 'list', byClass: true, subjects: true },
  'report.classTranscript': { kind: 'list', byClass: true, subjects: true },
  'report.classProblemSet': { kind: 'list', byClass: true, bySubject: true },
  'report.classCustom': {
    kind: 'list',
    byClass: true,
    subjects: true,
    body: { excellent: 0.85, good: 0.75, pass: 0.6, low: 0.3 },
  },
  'report.classCustom2': { kind: 'list', byClass: true, bySubject: true, body: { bandWidth: 10 } },
  'report.studentTranscript': { kind: 'single' },
  'report.gradeBasic': { kind: 'list' },
  'report.gradeComment': { kind: 'list', bySubject: true },
  'report.gradeAbility': { kind: 'list', bySubject: true },
  'report.gradeRank': { kind: 'list', byClass: true, bySubject: true },
  'report.gradeTranscript': { kind: 'list', byClass: true },
  'report.gradeProblemSet': { kind: 'list', bySubject: true },
  'report.commentGet': WRITE('one question’s comment of a class in scope (report/routes.test.ts)'),
  'report.commentSave': WRITE('class comments: within scope (report/routes.test.ts)'),
  'report.gradeCustomGroup': { kind: 'list', groups: true },
  'report.gradeCustomContrast': { kind: 'list' },
  'report.gradeCustomKnowModel': { kind: 'list', bySubject: true },
  'report.screen': { kind: 'list' },
  'report.quickReview': { kind: 'list' },
  'report.warningReport': { kind: 'list', byClass: true },
  'report.exportReport': WRITE(
    'a file of a report page: the page’s own scope (report/routes.test.ts)',
  ),
  'report.exportJobStart': WRITE(
    'a background export of a report page: the page’s own scope; a download-centre job only its starter sees (download/downloads.test.ts)',
  ),
  'download.downloadScans': WRITE(
    "a zip of a subject's scanned sheets: only the caller's classes of that subject; another class or school answers as missing (download/downloads.test.ts)",
  ),
  'download.downloadSheets': WRITE(
    "a zip of a subject's pre-printed answer sheets: only the caller's classes (download/downloads.test.ts)",
  ),
  'download.downloadPaper': WRITE(
    "a question paper (PDF or Word) of the school's or the cloud bank, no student data; another school's paper answers as missing (resource/papers.test.ts)",
  ),
  'report.teacherClassOverview': { kind: 'list' },
  'report.teacherTeachExamInfo': { kind: 'list', emptyInDemo: true },
  'report.teacherClassExam': { kind: 'list', byClass: true },
  'report.quality': { kind: 'list', emptyInDemo: true },
  'report.recomputeReport': WRITE('grade managers only (report/routes.test.ts)'),
};
