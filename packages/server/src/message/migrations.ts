import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** Migrations of the message domain: messages, their receipts and the client error log. */
export function messageMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    '0011_messages': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('messages')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('link', 'text')
          .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('dedupe_key', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('messages_dedupe_idx')
          .on('messages')
          .columns(['school_id', 'dedupe_key'])
          .execute();
        await db.schema
          .createTable('message_receipts')
          .addColumn('message_id', 'integer', (c) =>
            c.notNull().references('messages.id').onDelete('cascade'),
          )
          .addColumn('user_id', 'integer', (c) =>
            c.notNull().references('users.id').onDelete('cascade'),
          )
          .addColumn('school_id', 'integer', (c) => c.notNull())
          .addColumn('read_at', 'bigint')
          .addPrimaryKeyConstraint('message_receipts_pk', ['message_id', 'user_id'])
          .execute();
        await db.schema
          .createIndex('message_receipts_user_idx')
          .on('message_receipts')
          .columns(['user_id', 'school_id', 'read_at'])
          .execute();
        await db.schema
          .createTable('client_errors')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('fingerprint', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('message', 'text', (c) => c.notNull())
          .addColumn('stack', 'text', (c) => c.notNull())
          .addColumn('page', 'text', (c) => c.notNull())
          .addColumn('user_agent', 'text', (c) => c.notNull())
          .addColumn('count', 'integer', (c) => c.notNull())
          .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
          .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
          .addUniqueConstraint('client_errors_school_fingerprint', ['school_id', 'fingerprint'])
          .execute();
      },
      async down(db: AnyDb) {
        for (const table of ['client_errors', 'message_receipts', 'messages'])
          await db.schema.dropTable(table).ifExists().execute();
      },
    },
  };
}
