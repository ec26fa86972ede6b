import type { Clock } from './clock';
import type { Db } from './database';
import type { SessionTimeouts } from './session';

const DAY = 86_400_000;

/**
 * Deletes rows that can never be used again: sessions past their absolute age,
 * expired one-time tokens, SMS codes and used signs (kept one more day for
 * inspection). Runs at start and then hourly.
 */
export async function pruneExpired(db: Db, clock: Clock, timeouts: SessionTimeouts): Promise<void> {
  const now = clock.now().getTime();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('sessions')
      .where('created_at', '<', now - timeouts.absoluteMs - DAY)
      .execute();
    await trx
      .deleteFrom('one_time_tokens')
      .where('expires_at', '<', now - DAY)
      .execute();
    await trx
      .deleteFrom('sms_codes')
      .where('expires_at', '<', now - DAY)
      .execute();
    await trx.deleteFrom('used_signatures').where('expires_at', '<', now).execute();
  });
}
