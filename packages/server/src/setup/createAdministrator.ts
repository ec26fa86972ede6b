import { academicYearOf, PERMISSION_KEYS } from '@examkit/contracts';
import type { Db } from '../core/database';
import { hashPassword, isAcceptablePassword, PASSWORD_RULE_MESSAGE } from '../core/password';
import { randomToken } from '../core/secrets';
import { SENIOR_SUBJECTS } from '../school/params';

/** The role the first administrator holds: every permission key, the whole school in scope. */
export const ADMIN_ROLE_NAME = '学校管理员';

export interface FirstAdministrator {
  schoolName: string;
  loginName: string;
  /** @default '系统管理员' */
  nickName?: string;
  password: string;
  now?: number;
}

/** Why the input cannot create an administrator, or null when it can. */
export function administratorInputError(input: FirstAdministrator): string | null {
  if (!input.schoolName.trim() || input.schoolName.length > 64) return '请输入学校名称（至多64字）';
  if (!/^[A-Za-z0-9_.@-]{2,64}$/.test(input.loginName))
    return '登录名须为2到64位的字母、数字或 _ . @ -';
  if (!isAcceptablePassword(input.password)) return PASSWORD_RULE_MESSAGE;
  return null;
}

/**
 * Creates a school with its senior-high subjects and its first administrator
 * (role 学校管理员 with every permission, school-wide scope, for the current
 * academic year), the password hashed with argon2id. All or nothing.
 */
export async function createAdministrator(
  db: Db,
  input: FirstAdministrator,
): Promise<{ schoolId: number; userId: number }> {
  const problem = administratorInputError(input);
  if (problem) throw new Error(problem);
  const now = input.now ?? Date.now();
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('schools')
      .select('id')
      .where('name', '=', input.schoolName.trim())
      .executeTakeFirst();
    if (taken) throw new Error(`学校「${input.schoolName.trim()}」已存在`);
    const { id: schoolId } = await trx
      .insertInto('schools')
      .values({
        code: `school-${randomToken().slice(0, 12)}`,
        name: input.schoolName.trim(),
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('subjects')
      .values(
        SENIOR_SUBJECTS.map((name, i) => ({
          school_id: schoolId,
          name,
          code: String(i + 1).padStart(2, '0'),
          sort: i + 1,
        })),
      )
      .execute();
    const { id: roleId } = await trx
      .insertInto('roles')
      .values({ school_id: schoolId, role_name: ADMIN_ROLE_NAME })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('role_permissions')
      .values([...new Set(PERMISSION_KEYS)].map((perm_code) => ({ role_id: roleId, perm_code })))
      .execute();
    await trx.insertInto('role_scopes').values({ role_id: roleId, school_wide: 1 }).execute();
    const { id: userId } = await trx
      .insertInto('users')
      .values({
        school_id: schoolId,
        login_name: input.loginName,
        password_hash: passwordHash,
        nick_name: input.nickName?.trim() || '系统管理员',
        tel: null,
        status: 1,
        wx_openid: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('teachers')
      .values({ user_id: userId, school_id: schoolId, subject: null })
      .execute();
    await trx
      .insertInto('user_roles')
      .values({ user_id: userId, role_id: roleId, academic_year: academicYearOf(new Date(now)) })
      .execute();
    await trx.insertInto('ai_access').values({ school_id: schoolId, enabled: 0 }).execute();
    return { schoolId, userId };
  });
}
