import type { Transaction } from 'kysely';
import type { DB } from '../core/schema';
import { answerInvitation, inviteSchool } from '../region/consent';

/** The demo district and its bureau account (docs/demo-school.md#示范区教育局). */
export const DEMO_REGION = {
  code: 'demo-district',
  name: '示范区',
  bureauLogin: 'bureau',
  bureauName: '区教育局',
} as const;

/** The demo platform operator (docs/joint-exams.md#operator), in no school and no region. */
export const DEMO_OPERATOR = { login: 'operator', name: '平台运营' } as const;

/** Seeds the demo platform operator; idempotent. */
export async function seedOperator(
  trx: Transaction<DB>,
  input: { passwordHash: string; now: number },
): Promise<void> {
  const existing = await trx
    .selectFrom('platform_operators')
    .select('id')
    .where('login_name', '=', DEMO_OPERATOR.login)
    .executeTakeFirst();
  if (existing) return;
  await trx
    .insertInto('platform_operators')
    .values({
      login_name: DEMO_OPERATOR.login,
      nick_name: DEMO_OPERATOR.name,
      password_hash: input.passwordHash,
      status: 1,
      created_at: input.now,
    })
    .execute();
}

/**
 * Seeds the district 示范区 with the given member schools and its bureau account `bureau`.
 * Idempotent: an existing region is left as it is.
 */
export async function seedRegion(
  trx: Transaction<DB>,
  input: { schoolIds: number[]; passwordHash: string; now: number },
): Promise<number> {
  const existing = await trx
    .selectFrom('regions')
    .select('id')
    .where('code', '=', DEMO_REGION.code)
    .executeTakeFirst();
  if (existing) return existing.id;
  const { id: regionId } = await trx
    .insertInto('regions')
    .values({
      code: DEMO_REGION.code,
      name: DEMO_REGION.name,
      level: 'district',
      parent_id: null,
      created_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Each school is invited and accepts, through the calls the console and the school use
  // (docs/joint-exams.md#consent), so the demo bureau enters both demo schools.
  for (const schoolId of input.schoolIds) {
    await inviteSchool(trx, input.now, { regionId, schoolId });
    await answerInvitation(trx, { regionId, schoolId, accept: true });
  }
  await trx
    .insertInto('bureau_users')
    .values({
      region_id: regionId,
      login_name: DEMO_REGION.bureauLogin,
      password_hash: input.passwordHash,
      nick_name: DEMO_REGION.bureauName,
      tel: '13800000201',
      status: 1,
      created_at: input.now,
    })
    .execute();
  return regionId;
}
