import { randomInt } from 'node:crypto';
import type { Clock } from '../core/clock';
import { lockKey, type Db } from '../core/database';
import { badRequest, tooManyRequests } from '../core/envelope';
import { hmacSha256Hex, sameHex } from '../core/secrets';

export const SMS_CODE_TTL_MS = 5 * 60_000;
export const SMS_RESEND_MS = 60_000;
export const SMS_MAX_TRIES = 5;
export const SMS_CODE_INVALID_MESSAGE = '验证码错误或已过期';
export const SMS_CODE_WRONG_MESSAGE = '验证码错误';
export const SMS_TOO_SOON_MESSAGE = '验证码发送过于频繁，请1分钟后再试';

/** Delivers a text message. The embedded default writes to `sms_outbox`. */
export interface SmsSender {
  send(message: { tel: string; text: string; code: string }): Promise<void>;
}

/** How the embedded sender reports a queued message: in full (development only) or with the number masked. */
export type SmsEcho = { kind: 'full' } | { kind: 'masked'; log: (line: string) => void };

/** `13800000001` → `138****0001`. */
export const maskTel = (tel: string) =>
  tel.length > 7 ? `${tel.slice(0, 3)}****${tel.slice(-4)}` : '****';

/**
 * The embedded sender: stores the message in `sms_outbox` for a gateway to pick
 * up. In development it prints number and code so a developer can sign in;
 * elsewhere it reports only the masked number, never the code.
 */
export function createOutboxSmsSender(db: Db, clock: Clock, echo: SmsEcho): SmsSender {
  return {
    async send({ tel, text, code }) {
      await db
        .insertInto('sms_outbox')
        .values({ tel, body: text, created_at: clock.now().getTime(), sent_at: null })
        .execute();
      if (echo.kind === 'full') console.info(`[examkit sms] ${tel}: ${code}`);
      else echo.log(`sms code queued in sms_outbox for ${maskTel(tel)}`);
    },
  };
}

export interface SmsDeps {
  db: Db;
  clock: Clock;
  /** Key of the HMACs that hide phone numbers and codes in the database. */
  secret: string;
  sender: SmsSender;
}

const telHashOf = (secret: string, tel: string) => hmacSha256Hex(secret, `tel:${tel}`);
const codeHashOf = (secret: string, telHash: string, code: string) =>
  hmacSha256Hex(secret, `code:${telHash}:${code}`);

/**
 * Issues a 6-digit code for the phone, at most once a minute. A phone without
 * an account gets the same answer and timing but no message.
 */
export async function requestSmsCode(
  deps: SmsDeps,
  tel: string,
): Promise<{ expiresIn: number; resendIn: number }> {
  const telHash = telHashOf(deps.secret, tel);
  const now = deps.clock.now().getTime();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const known = await deps.db.transaction().execute(async (trx) => {
    await lockKey(trx, telHash);
    const recent = await trx
      .selectFrom('sms_codes')
      .select('id')
      .where('tel_hash', '=', telHash)
      .where('created_at', '>', now - SMS_RESEND_MS)
      .executeTakeFirst();
    if (recent) throw tooManyRequests(SMS_TOO_SOON_MESSAGE);
    await trx
      .insertInto('sms_codes')
      .values({
        tel_hash: telHash,
        code_hash: codeHashOf(deps.secret, telHash, code),
        created_at: now,
        expires_at: now + SMS_CODE_TTL_MS,
        tries: 0,
        used_at: null,
      })
      .execute();
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('tel', '=', tel)
      .where('status', '=', 1)
      .executeTakeFirst();
    return user !== undefined;
  });
  if (known) {
    await deps.sender.send({
      tel,
      code,
      text: `您的验证码为 ${code}，用于登录或重置密码，5分钟内有效，请勿泄露给他人。`,
    });
  }
  return { expiresIn: SMS_CODE_TTL_MS / 1000, resendIn: SMS_RESEND_MS / 1000 };
}

/**
 * Checks a code against the phone's latest live code. A wrong code counts a
 * try; after 5 wrong tries the code is dead. Returns the code's id to consume.
 */
export async function checkSmsCode(deps: SmsDeps, tel: string, code: string): Promise<number> {
  const telHash = telHashOf(deps.secret, tel);
  const now = deps.clock.now().getTime();
  const row = await deps.db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'tries'])
    .where('tel_hash', '=', telHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row || row.tries >= SMS_MAX_TRIES) throw badRequest(SMS_CODE_INVALID_MESSAGE);
  if (!sameHex(row.code_hash, codeHashOf(deps.secret, telHash, code))) {
    await deps.db
      .updateTable('sms_codes')
      .set((eb) => ({ tries: eb('tries', '+', 1) }))
      .where('id', '=', row.id)
      .execute();
    throw badRequest(SMS_CODE_WRONG_MESSAGE);
  }
  return row.id;
}

/** Uses the code up; false when a concurrent request used it first. */
export async function consumeSmsCode(db: Db, clock: Clock, id: number): Promise<boolean> {
  const result = await db
    .updateTable('sms_codes')
    .set({ used_at: clock.now().getTime() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const telLockKey = (secret: string, tel: string) => `tel:${telHashOf(secret, tel)}`;
