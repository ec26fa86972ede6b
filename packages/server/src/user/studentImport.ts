import type { Clock } from '../core/clock';
import type { Db } from '../core/database';
import { inScopeClass, type DataScope } from '../core/scope';
import type { SessionInfo } from '../core/session';
import { finishImport, type RowError } from './imports';

const TEL = /^1[0-9]{10}$/;
const STUDENT_NO = /^[A-Za-z0-9-]{1,32}$/;
/** The columns of the student sheet, in order (template, import and export). */
export const STUDENT_COLUMNS = ['学号', '姓名', '年级', '班级', '性别', '手机号', '选科'] as const;
const SEX: Record<string, number> = { '': 0, 男: 1, 女: 2 };

const FIRST = ['物理', '历史'];
const SECOND = ['化学', '生物', '政治', '地理'];
const SIX = [...FIRST, ...SECOND];

/** Checks a 选科 choice: 3+1+2 = 物理 or 历史, then two of 化学 生物 政治 地理; 3+3 = three of the six. */
export function electiveProblem(combo: string, subjects: readonly string[]): string | null {
  if (subjects.length !== 3 || new Set(subjects).size !== 3) return '须选择三门不同的科目';
  if (combo === '3+1+2') {
    if (!FIRST.includes(subjects[0] ?? '')) return '3+1+2 的首选科目须为物理或历史';
    if (!subjects.slice(1).every((s) => SECOND.includes(s)))
      return '3+1+2 的再选科目须为化学、生物、政治、地理中的两门';
    return null;
  }
  if (combo === '3+3')
    return subjects.every((s) => SIX.includes(s))
      ? null
      : '3+3 的科目须为物理、化学、生物、政治、历史、地理中的三门';
  return '选科类型须为 3+1+2 或 3+3';
}

export interface StudentImportRow {
  studentNo: string;
  name: string;
  classId: number;
  sex: number;
  tel: string | null;
  comboType: string | null;
  electives: string | null;
}

/**
 * Validates and applies a student sheet: every bad row is reported and then
 * nothing is written; otherwise students upsert by student number in one transaction.
 */
export async function importStudentRows(
  db: Db,
  clock: Clock,
  session: SessionInfo,
  scope: DataScope,
  rows: { row: number; values: Record<string, string> }[],
) {
  const classes = await db
    .selectFrom('classes as c')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .select(['c.id', 'c.name', 'g.name as gradeName'])
    .where('g.school_id', '=', session.schoolId)
    .where('g.academic_year', '=', session.academicYear)
    .execute();
  const classByName = new Map(classes.map((c) => [`${c.gradeName}|${c.name}`, c.id]));
  const existing = await db
    .selectFrom('students as s')
    .leftJoin('student_details as d', 'd.student_id', 's.id')
    .select([
      's.id',
      's.student_no',
      's.name',
      's.class_id',
      's.tel',
      'd.sex',
      'd.combo_type',
      'd.electives',
      'd.student_id',
    ])
    .where('s.school_id', '=', session.schoolId)
    .execute();
  const byNo = new Map(existing.map((s) => [s.student_no, s]));
  const errors: RowError[] = [];
  const seen = new Set<string>();
  const plan: StudentImportRow[] = [];
  for (const { row, values } of rows) {
    let bad = false;
    const fail = (column: string, reason: string) => {
      errors.push({ row, column, reason });
      bad = true;
    };
    const studentNo = values['学号'] ?? '';
    const name = values['姓名'] ?? '';
    const tel = values['手机号'] ?? '';
    const sexText = values['性别'] ?? '';
    const electiveText = values['选科'] ?? '';
    if (!studentNo) fail('学号', '学号不能为空');
    else if (!STUDENT_NO.test(studentNo)) fail('学号', '学号只能包含字母、数字和 -，最长 32 位');
    else if (seen.has(studentNo)) fail('学号', '文件中学号重复');
    seen.add(studentNo);
    if (!name) fail('姓名', '姓名不能为空');
    else if (name.length > 64) fail('姓名', '姓名过长');
    const classId = classByName.get(`${values['年级'] ?? ''}|${values['班级'] ?? ''}`);
    if (classId === undefined) fail('班级', '班级不存在');
    else if (!inScopeClass(scope, classId)) fail('班级', '超出数据范围');
    const found = byNo.get(studentNo);
    if (found && !inScopeClass(scope, found.class_id)) fail('学号', '学号已被范围外的学生使用');
    if (!(sexText in SEX)) fail('性别', '性别须为 男 或 女');
    if (tel && !TEL.test(tel)) fail('手机号', '手机号格式不正确');
    let comboType: string | null = null;
    let electives: string | null = null;
    if (electiveText) {
      const subjects = electiveText.split(/[,，、\s]+/).filter(Boolean);
      comboType =
        FIRST.includes(subjects[0] ?? '') && subjects.slice(1).every((s) => SECOND.includes(s))
          ? '3+1+2'
          : '3+3';
      const problem = electiveProblem(comboType, subjects);
      if (problem) fail('选科', problem);
      electives = subjects.join(',');
    }
    if (!bad && classId !== undefined)
      plan.push({
        studentNo,
        name,
        classId,
        sex: SEX[sexText] ?? 0,
        tel: tel || null,
        comboType,
        electives,
      });
  }
  return finishImport(db, clock, session, 'student', rows.length, errors, async (trx) => {
    const inserts: StudentImportRow[] = [];
    const updates: (StudentImportRow & { id: number; hasDetails: boolean })[] = [];
    let unchanged = 0;
    for (const p of plan) {
      const found = byNo.get(p.studentNo);
      if (!found) inserts.push(p);
      else if (
        found.name !== p.name ||
        found.class_id !== p.classId ||
        found.tel !== p.tel ||
        (found.sex ?? 0) !== p.sex ||
        (found.combo_type ?? null) !== p.comboType ||
        (found.electives ?? null) !== p.electives ||
        found.student_id === null
      )
        updates.push({ ...p, id: found.id, hasDetails: found.student_id !== null });
      else unchanged++;
    }
    for (let i = 0; i < inserts.length; i += 400) {
      const chunk = inserts.slice(i, i + 400);
      // Upserts, so that an import racing another of the same file updates instead of failing.
      const ids = await trx
        .insertInto('students')
        .values(
          chunk.map((p) => ({
            school_id: session.schoolId,
            class_id: p.classId,
            student_no: p.studentNo,
            name: p.name,
            tel: p.tel,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['school_id', 'student_no']).doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            class_id: eb.ref('excluded.class_id'),
            tel: eb.ref('excluded.tel'),
          })),
        )
        .returning(['id', 'student_no'])
        .execute();
      const idByNo = new Map(ids.map((x) => [x.student_no, x.id]));
      await trx
        .insertInto('student_details')
        .values(
          chunk.map((p) => ({
            student_id: idByNo.get(p.studentNo) ?? 0,
            sex: p.sex,
            statistics: 1,
            combo_type: p.comboType,
            electives: p.electives,
          })),
        )
        .onConflict((oc) =>
          oc.column('student_id').doUpdateSet((eb) => ({
            sex: eb.ref('excluded.sex'),
            combo_type: eb.ref('excluded.combo_type'),
            electives: eb.ref('excluded.electives'),
          })),
        )
        .execute();
    }
    for (const u of updates) {
      await trx
        .updateTable('students')
        .set({ name: u.name, class_id: u.classId, tel: u.tel })
        .where('id', '=', u.id)
        .execute();
      await trx
        .insertInto('student_details')
        .values({
          student_id: u.id,
          sex: u.sex,
          statistics: 1,
          combo_type: u.comboType,
          electives: u.electives,
        })
        .onConflict((oc) =>
          oc
            .column('student_id')
            .doUpdateSet({ sex: u.sex, combo_type: u.comboType, electives: u.electives }),
        )
        .execute();
    }
    return { inserted: inserts.length, updated: updates.length, unchanged };
  });
}
