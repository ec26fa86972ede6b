import type { Db } from '../core/database';
import { sameHex, sha256Hex } from '../core/secrets';

export interface Integration {
  id: number;
  clientId: string;
  kind: string;
  signKey: string | null;
  schoolId: number | null;
}

async function findIntegration(db: Db, clientId: string) {
  return db
    .selectFrom('integrations')
    .selectAll()
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

function toIntegration(row: NonNullable<Awaited<ReturnType<typeof findIntegration>>>): Integration {
  return {
    id: row.id,
    clientId: row.client_id,
    kind: row.kind,
    signKey: row.sign_key,
    schoolId: row.school_id,
  };
}

/** The integration whose client secret matches, compared in constant time; null otherwise. */
export async function authenticateIntegration(
  db: Db,
  clientId: string,
  secret: string,
): Promise<Integration | null> {
  const row = await findIntegration(db, clientId);
  const given = sha256Hex(secret);
  const matches = sameHex(row?.secret_hash ?? sha256Hex(`no-such-client:${clientId}`), given);
  return row && matches ? toIntegration(row) : null;
}

/** A signing partner by its app id. */
export async function signingPartner(db: Db, appId: string): Promise<Integration | null> {
  const row = await findIntegration(db, appId);
  return row && row.kind === 'dengyue' && row.sign_key ? toIntegration(row) : null;
}

/** Whether the integration may act in the school. */
export const servesSchool = (integration: Integration, schoolId: number) =>
  integration.schoolId === null || integration.schoolId === schoolId;
