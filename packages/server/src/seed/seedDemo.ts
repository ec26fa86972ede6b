import { administrationRoutes } from '@examkit/contracts';
import { seedBank } from './seedBank';
import type { Transaction } from 'kysely';
import type { Db } from '../core/database';
import { hashPassword } from '../core/password';
import type { DB } from '../core/schema';
import { sha256Hex } from '../core/secrets';
import { checkSeed } from './checkSeed';
import { DEMO_ROLES } from './demoRoles';
import { demoName, subjectOf } from './names';
import { seedAdministration } from './seedAdministration';
import { seedExams } from './seedExam';
import { seedOperator, seedRegion } from './seedRegion';
import { seedPapers } from './seedPapers';
import { seedGaokao } from './seedGaokao';
import { seedAppraise } from './seedAppraise';

/** Password of every demo account. */
export const DEMO_PASSWORD = 'demo2026';
/** The academic years the demo covers; students and classes are seeded in the later one. */
export const DEMO_YEARS = { previous: 2025, current: 2026 } as const;
export const DEMO_INTEGRATIONS = {
  portal: { clientId: 'demo-portal', secret: 'demo-portal-secret' },
  region: { clientId: 'demo-region', secret: 'demo-region-secret' },
  dengyue: { clientId: 'demo-dengyue', secret: 'demo-dengyue-secret' },
} as const;

export interface SeedOptions {
  /** `full`: 12 classes, 600 students, about 60 teachers. `small`: a few of each, for tests. @default 'full' */
  size?: 'full' | 'small';
}

export interface SeedResult {
  demoSchoolId: number;
  labSchoolId: number;
}

type Trx = Transaction<DB>;

interface AccountSeed {
  loginName: string;
  nickName: string;
  tel: string;
  /** Role name per academic year. */
  roles: Partial<Record<number, string>>;
  subject?: string;
}

const { previous, current } = DEMO_YEARS;

const DEMO_ACCOUNTS: AccountSeed[] = [
  {
    loginName: 'admin',
    nickName: '系统管理员',
    tel: '13800000001',
    roles: { [previous]: '学校管理员', [current]: '学校管理员' },
  },
  {
    loginName: 'director',
    nickName: '周教务',
    tel: '13800000002',
    roles: { [current]: '教务主任' },
  },
  {
    loginName: 'head',
    nickName: '陈班主任',
    tel: '13800000003',
    roles: { [current]: '班主任' },
    subject: '语文',
  },
  {
    loginName: 'teacher',
    nickName: '李老师',
    tel: '13800000004',
    roles: { [current]: '任课教师' },
    subject: '数学',
  },
  {
    loginName: 'grader',
    nickName: '王阅卷',
    tel: '13800000005',
    roles: { [current]: '阅卷老师' },
    subject: '英语',
  },
  {
    loginName: 'history',
    nickName: '赵往届',
    tel: '13800000006',
    roles: { [previous]: '任课教师' },
    subject: '物理',
  },
  { loginName: 'principal', nickName: '孙校长', tel: '13800000007', roles: { [current]: '校长' } },
  {
    loginName: 'gradelead',
    nickName: '吴年级主任',
    tel: '13800000008',
    roles: { [current]: '年级主任' },
    subject: '化学',
  },
  {
    loginName: 'multi',
    nickName: '钱多校',
    tel: '13800000009',
    roles: { [current]: '任课教师' },
    subject: '历史',
  },
];

const LAB_ACCOUNTS: AccountSeed[] = [
  {
    loginName: 'lab-admin',
    nickName: '实验管理员',
    tel: '13800000101',
    roles: { [current]: '学校管理员' },
  },
  {
    loginName: 'multi',
    nickName: '钱多校',
    tel: '13800000009',
    roles: { [current]: '任课教师' },
    subject: '历史',
  },
];

const GRADES = [
  { name: '高一', gradeNum: 10 },
  { name: '高二', gradeNum: 11 },
  { name: '高三', gradeNum: 12 },
];

/**
 * Seeds the demo school 示范中学 and the second school 实验中学 (accounts,
 * roles, grades, classes, students, teachers, integrations), both in the district 示范区 with its
 * bureau account `bureau`. Idempotent: a
 * school that already exists is left as it is, so running it twice gives the
 * same data. Everything is written in one transaction.
 */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const size = options.size ?? 'full';
  // One argon2 hash per distinct password: the demo users share a salt. Acceptable
  // only for seeded demo data, where it keeps the 60 teachers from taking a minute.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const demoSchoolId = await seedSchool(trx, {
      code: 'demo',
      name: '示范中学',
      now,
      passwordHash,
      accounts: DEMO_ACCOUNTS,
      extraTeachers: size === 'full' ? 51 : 5,
      grades: GRADES,
      classesPerGrade: size === 'full' ? 4 : 1,
      studentsPerClass: size === 'full' ? 50 : 5,
      aiEnabled: true,
    });
    const labSchoolId = await seedSchool(trx, {
      code: 'lab',
      name: '实验中学',
      now,
      passwordHash,
      accounts: LAB_ACCOUNTS,
      extraTeachers: 2,
      grades: GRADES.slice(0, 1),
      classesPerGrade: 2,
      studentsPerClass: 10,
      aiEnabled: false,
    });
    await seedAdministration(trx, demoSchoolId, current, now);
    await seedAdministration(trx, labSchoolId, current, now);
    await seedIntegrations(trx, demoSchoolId, now);
    await seedExams(trx, { schoolId: demoSchoolId, academicYear: current });
    await seedRegion(trx, { schoolIds: [demoSchoolId, labSchoolId], passwordHash, now });
    await seedOperator(trx, { passwordHash, now });
    // The bank first: it seeds only into a school without questions of its own.
    await seedBank(trx, demoSchoolId, now, size);
    await seedPapers(trx, { now: () => new Date(now) }, demoSchoolId);
    await seedAppraise(trx, demoSchoolId, current, now);
    // the 高二 exam of nine subjects is demo data only: test servers start without it
    if (size === 'full') await seedGaokao(trx, { schoolId: demoSchoolId, academicYear: current });
    return { demoSchoolId, labSchoolId };
  });
}

interface SchoolSeed {
  code: string;
  name: string;
  now: number;
  passwordHash: string;
  accounts: AccountSeed[];
  extraTeachers: number;
  grades: { name: string; gradeNum: number }[];
  classesPerGrade: number;
  studentsPerClass: number;
  aiEnabled: boolean;
}

async function seedSchool(trx: Trx, seed: SchoolSeed): Promise<number> {
  const existing = await trx
    .selectFrom('schools')
    .select('id')
    .where('code', '=', seed.code)
    .executeTakeFirst();
  if (existing) return existing.id;
  const { id: schoolId } = await trx
    .insertInto('schools')
    .values({ code: seed.code, name: seed.name, created_at: seed.now })
    .returning('id')
    .executeTakeFirstOrThrow();

  const roleIds = new Map<string, number>();
  for (const [roleName, codes] of Object.entries(DEMO_ROLES)) {
    const { id } = await trx
      .insertInto('roles')
      .values({ school_id: schoolId, role_name: roleName })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleIds.set(roleName, id);
    await trx
      .insertInto('role_permissions')
      .values([...new Set(codes)].map((perm_code) => ({ role_id: id, perm_code })))
      .execute();
  }

  const teachers: AccountSeed[] = [...seed.accounts];
  const telBase = seed.code === 'demo' ? 13900000000 : 13700000000;
  for (let n = 1; n <= seed.extraTeachers; n++) {
    teachers.push({
      loginName: `t${String(n).padStart(3, '0')}`,
      nickName: `${demoName(n + 1000)}`,
      tel: String(telBase + n),
      roles: { [current]: n % 10 === 0 ? '阅卷老师' : '任课教师' },
      subject: subjectOf(n),
    });
  }
  for (const account of teachers) {
    checkSeed(
      administrationRoutes.addTeacher.body,
      { name: account.nickName, tel: account.tel, loginName: account.loginName },
      `teacher ${account.loginName}`,
    );
    const { id: userId } = await trx
      .insertInto('users')
      .values({
        school_id: schoolId,
        login_name: account.loginName,
        password_hash: seed.passwordHash,
        nick_name: account.nickName,
        tel: account.tel,
        status: 1,
        wx_openid: null,
        created_at: seed.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('teachers')
      .values({ user_id: userId, school_id: schoolId, subject: account.subject ?? null })
      .execute();
    for (const [year, roleName] of Object.entries(account.roles)) {
      const roleId = roleName ? roleIds.get(roleName) : undefined;
      if (roleId === undefined) throw new Error(`unknown demo role ${String(roleName)}`);
      await trx
        .insertInto('user_roles')
        .values({ user_id: userId, role_id: roleId, academic_year: Number(year) })
        .execute();
    }
  }

  let studentSerial = 0;
  for (const grade of seed.grades) {
    const { id: gradeId } = await trx
      .insertInto('grades')
      .values({
        school_id: schoolId,
        academic_year: current,
        name: grade.name,
        grade_num: grade.gradeNum,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let c = 1; c <= seed.classesPerGrade; c++) {
      const className = `${grade.name}(${c})班`;
      checkSeed(
        administrationRoutes.addClassNew.body,
        { gradeId, name: className },
        `class ${className}`,
      );
      const { id: classId } = await trx
        .insertInto('classes')
        .values({ grade_id: gradeId, name: className })
        .returning('id')
        .executeTakeFirstOrThrow();
      const students = Array.from({ length: seed.studentsPerClass }, (_, i) => {
        studentSerial += 1;
        return {
          school_id: schoolId,
          class_id: classId,
          student_no: `${current}${grade.gradeNum}${String(c).padStart(2, '0')}${String(i + 1).padStart(2, '0')}`,
          name: demoName(studentSerial),
          tel: null,
        };
      });
      for (const student of students)
        checkSeed(
          administrationRoutes.addStudent.body,
          { studentNo: student.student_no, name: student.name, classId },
          `student ${student.student_no}`,
        );
      if (students.length > 0) await trx.insertInto('students').values(students).execute();
    }
  }

  await trx
    .insertInto('school_dictionary')
    .values([
      { school_id: schoolId, dic_code: '002005015', dic_value: '1' },
      { school_id: schoolId, dic_code: '002005001', dic_value: seed.name },
    ])
    .execute();
  await trx
    .insertInto('ai_access')
    .values({ school_id: schoolId, enabled: seed.aiEnabled ? 1 : 0 })
    .execute();
  return schoolId;
}

async function seedIntegrations(trx: Trx, demoSchoolId: number, now: number): Promise<void> {
  const { portal, region, dengyue } = DEMO_INTEGRATIONS;
  const rows = [
    {
      client_id: portal.clientId,
      kind: 'portal',
      secret_hash: sha256Hex(portal.secret),
      sign_key: null,
      school_id: demoSchoolId,
    },
    {
      client_id: region.clientId,
      kind: 'region',
      secret_hash: sha256Hex(region.secret),
      sign_key: null,
      school_id: null,
    },
    {
      client_id: dengyue.clientId,
      kind: 'dengyue',
      secret_hash: sha256Hex(dengyue.secret),
      sign_key: dengyue.secret,
      school_id: null,
    },
  ];
  for (const row of rows) {
    await trx
      .insertInto('integrations')
      .values({ ...row, created_at: now })
      .onConflict((oc) => oc.column('client_id').doNothing())
      .execute();
  }
}

/** Whether the database holds no school yet (then the CLI seeds the demo). */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('schools').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}
