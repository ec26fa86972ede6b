import type { Transaction } from 'kysely';
import type { DB } from '../core/schema';
import { DEFAULT_PARAMS, SENIOR_SUBJECTS } from '../school/params';
import { SCHOOL_WIDE_ROLES } from './demoRoles';

type Trx = Transaction<DB>;

/** Fixed duties of the named demo accounts: login → what they teach or lead. */
const DUTIES: Record<
  string,
  { teach?: { grade: string; classes: number[] }; headOf?: string; leads?: string }
> = {
  teacher: { teach: { grade: '高一', classes: [1, 2] } },
  head: { teach: { grade: '高一', classes: [1] }, headOf: '高一(1)班' },
  gradelead: { teach: { grade: '高二', classes: [1] }, leads: '高二' },
  multi: { teach: { grade: '高三', classes: [1] } },
};

const PHYSICS_OR_HISTORY = ['物理', '历史'];
const SECOND_CHOICES = ['化学', '生物', '政治', '地理'];

/** 3+1+2 electives for the n-th student: 物理 or 历史, then two of the four others. */
export function demoElectives(n: number): string[] {
  const a = n % 4;
  const b = (a + 1 + (n % 3)) % 4;
  return [
    PHYSICS_OR_HISTORY[n % 2] ?? '物理',
    SECOND_CHOICES[a] ?? '化学',
    SECOND_CHOICES[b === a ? (a + 1) % 4 : b] ?? '生物',
  ];
}

/**
 * Adds the administration data to a seeded school: subjects, school-wide role
 * scopes, teaching assignments, 班主任 and 年级主任 duties, student details with
 * 选科 for 高二 and 高三, default parameters and holidays. Skips a school that
 * already has subjects, so running it again changes nothing.
 */
export async function seedAdministration(
  trx: Trx,
  schoolId: number,
  academicYear: number,
  now: number,
): Promise<void> {
  const has = await trx
    .selectFrom('subjects')
    .select('id')
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  if (has) return;

  const subjects = await trx
    .insertInto('subjects')
    .values(
      SENIOR_SUBJECTS.map((name, i) => ({
        school_id: schoolId,
        name,
        code: String(i + 1).padStart(2, '0'),
        sort: i + 1,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const subjectId = new Map(subjects.map((s) => [s.name, s.id]));

  const roles = await trx
    .selectFrom('roles')
    .select(['id', 'role_name'])
    .where('school_id', '=', schoolId)
    .execute();
  await trx
    .insertInto('role_scopes')
    .values(
      roles.map((r) => ({
        role_id: r.id,
        school_wide: SCHOOL_WIDE_ROLES.includes(r.role_name) ? 1 : 0,
      })),
    )
    .execute();

  const classes = await trx
    .selectFrom('classes as c')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .select(['c.id', 'c.name', 'g.id as gradeId', 'g.name as gradeName'])
    .where('g.school_id', '=', schoolId)
    .where('g.academic_year', '=', academicYear)
    .orderBy('g.grade_num')
    .orderBy('c.id')
    .execute();
  const teachers = await trx
    .selectFrom('teachers as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id', 'u.login_name', 't.subject'])
    .where('t.school_id', '=', schoolId)
    .orderBy('u.id')
    .execute();

  const assignments: { user_id: number; class_id: number; subject_id: number }[] = [];
  const taken = new Set<string>();
  const classIn = (grade: string, n: number) =>
    classes.find((c) => c.gradeName === grade && c.name === `${grade}(${n})班`);
  for (const t of teachers) {
    const duty = DUTIES[t.login_name];
    const sid = t.subject ? subjectId.get(t.subject) : undefined;
    if (!duty?.teach || sid === undefined) continue;
    for (const n of duty.teach.classes) {
      const cls = classIn(duty.teach.grade, n);
      if (!cls || taken.has(`${cls.id}:${sid}`)) continue;
      taken.add(`${cls.id}:${sid}`);
      assignments.push({ user_id: t.id, class_id: cls.id, subject_id: sid });
    }
  }
  // Every other class × subject goes round-robin to the generated teachers of that subject.
  const pool = new Map<string, number[]>();
  for (const t of teachers) {
    if (!/^t\d+$/.test(t.login_name) || !t.subject) continue;
    pool.set(t.subject, [...(pool.get(t.subject) ?? []), t.id]);
  }
  const turn = new Map<string, number>();
  for (const cls of classes) {
    for (const subject of SENIOR_SUBJECTS) {
      const sid = subjectId.get(subject);
      const candidates = pool.get(subject);
      if (sid === undefined || !candidates?.length || taken.has(`${cls.id}:${sid}`)) continue;
      const i = turn.get(subject) ?? 0;
      turn.set(subject, i + 1);
      taken.add(`${cls.id}:${sid}`);
      assignments.push({
        user_id: candidates[i % candidates.length] ?? 0,
        class_id: cls.id,
        subject_id: sid,
      });
    }
  }
  if (assignments.length > 0) {
    await trx
      .insertInto('teaching_assignments')
      .values(assignments.map((a) => ({ ...a, school_id: schoolId, academic_year: academicYear })))
      .execute();
  }

  for (const t of teachers) {
    const duty = DUTIES[t.login_name];
    const headOf = duty?.headOf ? classes.find((c) => c.name === duty.headOf) : undefined;
    if (headOf) {
      await trx
        .insertInto('class_roles')
        .values({
          school_id: schoolId,
          academic_year: academicYear,
          class_id: headOf.id,
          role_type: 1,
          user_id: t.id,
        })
        .execute();
    }
    const leads = duty?.leads ? classes.find((c) => c.gradeName === duty.leads) : undefined;
    if (leads) {
      await trx
        .insertInto('grade_roles')
        .values({
          school_id: schoolId,
          academic_year: academicYear,
          grade_id: leads.gradeId,
          user_id: t.id,
        })
        .execute();
    }
  }

  const students = await trx
    .selectFrom('students as s')
    .innerJoin('classes as c', 'c.id', 's.class_id')
    .innerJoin('grades as g', 'g.id', 'c.grade_id')
    .select(['s.id', 'g.grade_num'])
    .where('s.school_id', '=', schoolId)
    .orderBy('s.id')
    .execute();
  const details = students.map((s, n) => {
    const elective = s.grade_num >= 11;
    return {
      student_id: s.id,
      sex: (n % 2) + 1,
      statistics: 1,
      combo_type: elective ? '3+1+2' : null,
      electives: elective ? demoElectives(n).join(',') : null,
    };
  });
  for (let i = 0; i < details.length; i += 500) {
    await trx
      .insertInto('student_details')
      .values(details.slice(i, i + 500))
      .execute();
  }

  await trx
    .insertInto('school_params')
    .values({
      school_id: schoolId,
      param_type: 'level',
      value: JSON.stringify(DEFAULT_PARAMS.level),
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('holidays')
    .values(
      [
        ['2026-01-01', '元旦'],
        ['2026-02-17', '春节'],
        ['2026-04-05', '清明节'],
        ['2026-05-01', '劳动节'],
        ['2026-06-19', '端午节'],
        ['2026-09-25', '中秋节'],
        ['2026-10-01', '国庆节'],
      ].map(([day, name]) => ({ school_id: schoolId, day: day ?? '', name: name ?? '' })),
    )
    .execute();
}
