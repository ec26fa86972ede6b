import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

/** Migrations of the AI domain: sessions, messages, token use and the school quota. */
export function aiMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    '0010_ai_assistant': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('ai_sessions')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('user_id', 'integer', (c) =>
            c.notNull().references('users.id').onDelete('cascade'),
          )
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('session_type', 'text')
          .addColumn('context_mode', 'text', (c) => c.notNull())
          .addColumn('context', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('ai_sessions_owner_idx')
          .on('ai_sessions')
          .columns(['school_id', 'user_id', 'updated_at'])
          .execute();
        await db.schema
          .createTable('ai_messages')
          .addColumn('id', id, auto)
          .addColumn('session_id', 'integer', (c) =>
            c.notNull().references('ai_sessions.id').onDelete('cascade'),
          )
          .addColumn('school_id', 'integer', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('error', 'text')
          .addColumn('tool_log', 'text', (c) => c.notNull())
          .addColumn('prompt_tokens', 'integer', (c) => c.notNull())
          .addColumn('completion_tokens', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('ai_messages_session_idx')
          .on('ai_messages')
          .columns(['session_id', 'id'])
          .execute();
        await db.schema
          .createTable('ai_usage')
          .addColumn('school_id', 'integer', (c) =>
            c.notNull().references('schools.id').onDelete('cascade'),
          )
          .addColumn('day', 'text', (c) => c.notNull())
          .addColumn('tokens', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('ai_usage_pk', ['school_id', 'day'])
          .execute();
        await db.schema
          .createTable('ai_school_settings')
          .addColumn('school_id', 'integer', (c) =>
            c.primaryKey().references('schools.id').onDelete('cascade'),
          )
          .addColumn('daily_token_quota', 'integer', (c) => c.notNull())
          .execute();
      },
      async down(db: AnyDb) {
        for (const table of ['ai_school_settings', 'ai_usage', 'ai_messages', 'ai_sessions'])
          await db.schema.dropTable(table).ifExists().execute();
      },
    },
  };
}
