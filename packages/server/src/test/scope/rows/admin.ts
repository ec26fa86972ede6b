import { WRITE, type Entry } from '../entry';

const TEACHERS = WRITE(
  'teachers (no student data) of the scope: adminRoutes.test.ts “sees only the teachers of the grade”; masking below',
);

/** The data-scope rows of administration and messages. */
export const adminRows: Record<string, Entry> = {
  // administration
  'admin.getPermSubject': { kind: 'list', byClass: true },
  'admin.queryClassRole': { kind: 'list', byClass: true },
  'admin.addClassRole': WRITE('school-wide roles only (adminRoutes.test.ts)'),
  'admin.sysClassDelete': WRITE('school-wide roles only (adminRoutes.test.ts)'),
  'admin.queryTeachers': TEACHERS,
  'admin.queryTeacherByClass': TEACHERS,
  'admin.listTeacherProfile': TEACHERS,
  'admin.getCourseTeacher': TEACHERS,
  'admin.exportTeachers': WRITE(
    'an .xlsx of query_ts: same rows and masking (adminRoutes.test.ts)',
  ),
  'admin.addStudent': WRITE('the class must be in scope (adminRoutes.test.ts)'),
  'admin.deleteStudents': WRITE('out of scope answers as a missing student (adminRoutes.test.ts)'),
  'admin.getStudents': { kind: 'list', byClass: true },
  'admin.updateStudent': WRITE('out of scope answers as a missing student (adminRoutes.test.ts)'),
  'admin.setStudentStatistics': WRITE('out of scope answers as a missing student'),
  'admin.exportStudents': WRITE(
    'an .xlsx of get_stu: same rows and masking (importExport.test.ts)',
  ),
  'admin.getStudentNo': WRITE('the next free number of a class in scope, no personal data'),
  'admin.setElective': WRITE('out of scope answers as a missing student'),
  'admin.queryStudentTeachClass': { kind: 'single' },
  'admin.teachClassList': { kind: 'list', byClass: true, emptyInDemo: true },
  'admin.teachClassAllot': WRITE(
    'students of the teaching class’s grade in scope (adminRoutes.test.ts)',
  ),
  'admin.electiveStudents': { kind: 'list', grade: true, body: { classId: undefined } },
  // messages
  'messageRoutes.noticeSend': WRITE(
    'a notice: school administrators only; classes of the school and year (message/messages.test.ts)',
  ),
};
