import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { sql } from 'kysely';
import type { Dialect } from '../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

const TABLES = ['question_points', 'question_versions', 'questions', 'knowledge_points'];

/** Migrations of the question bank, named `0022_…` so they run after the school and exams. */
export function resourceMigrations(dialect: Dialect): Record<string, Migration> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    '0022_resource_questions': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('knowledge_points')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('cascade'))
          .addColumn('subject_code', 'text', (c) => c.notNull())
          .addColumn('stage', 'integer', (c) => c.notNull())
          .addColumn('parent_id', 'integer', (c) =>
            c.references('knowledge_points.id').onDelete('cascade'),
          )
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('ord', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('knowledge_points_tree_idx')
          .on('knowledge_points')
          .columns(['subject_code', 'stage', 'parent_id'])
          .execute();
        await db.schema
          .createTable('questions')
          .addColumn('id', id, auto)
          .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('cascade'))
          .addColumn('subject_code', 'text', (c) => c.notNull())
          .addColumn('stage', 'integer', (c) => c.notNull())
          .addColumn('grade_num', 'integer')
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('difficulty', 'integer', (c) => c.notNull())
          .addColumn('stem', 'text', (c) => c.notNull())
          .addColumn('options', 'text', (c) => c.notNull())
          .addColumn('answer', 'text', (c) => c.notNull())
          .addColumn('analysis', 'text', (c) => c.notNull())
          .addColumn('parent_id', 'integer', (c) =>
            c.references('questions.id').onDelete('cascade'),
          )
          .addColumn('ord', 'integer', (c) => c.notNull())
          .addColumn('source', 'text', (c) => c.notNull())
          .addColumn('year', 'integer')
          .addColumn('tags', 'text', (c) => c.notNull())
          .addColumn('version', 'integer', (c) => c.notNull())
          .addColumn('created_by', 'integer')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addColumn('deleted_at', 'bigint')
          .execute();
        await db.schema
          .createIndex('questions_bank_idx')
          .on('questions')
          .columns(['school_id', 'subject_code', 'stage', 'type'])
          .execute();
        await db.schema
          .createIndex('questions_parent_idx')
          .on('questions')
          .column('parent_id')
          .execute();
        await db.schema
          .createTable('question_versions')
          .addColumn('question_id', 'integer', (c) =>
            c.notNull().references('questions.id').onDelete('cascade'),
          )
          .addColumn('version', 'integer', (c) => c.notNull())
          .addColumn('snapshot', 'text', (c) => c.notNull())
          .addColumn('edited_by', 'integer')
          .addColumn('edited_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('question_versions_pk', ['question_id', 'version'])
          .execute();
        await db.schema
          .createTable('question_points')
          .addColumn('question_id', 'integer', (c) =>
            c.notNull().references('questions.id').onDelete('cascade'),
          )
          .addColumn('point_id', 'integer', (c) =>
            c.notNull().references('knowledge_points.id').onDelete('cascade'),
          )
          .addPrimaryKeyConstraint('question_points_pk', ['question_id', 'point_id'])
          .execute();
        await db.schema
          .createIndex('question_points_point_idx')
          .on('question_points')
          .column('point_id')
          .execute();
      },
      async down(db: AnyDb) {
        for (const table of TABLES) await db.schema.dropTable(table).ifExists().execute();
      },
    },
    '0023_resource_search': {
      async up(db: AnyDb) {
        if (dialect === 'postgres') {
          await db.schema
            .createTable('question_search')
            .addColumn('question_id', 'integer', (c) =>
              c.primaryKey().references('questions.id').onDelete('cascade'),
            )
            .addColumn('tokens', sql`tsvector`, (c) => c.notNull())
            .execute();
          await sql`create index question_search_gin on question_search using gin (tokens)`.execute(
            db,
          );
        } else {
          // Pre-segmented words separated by spaces; rowid is the question id.
          await sql`create virtual table question_fts using fts5(tokens)`.execute(db);
        }
        await db.schema
          .createTable('question_signatures')
          .addColumn('question_id', 'integer', (c) =>
            c.primaryKey().references('questions.id').onDelete('cascade'),
          )
          .addColumn('signature', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('question_bands')
          .addColumn('question_id', 'integer', (c) =>
            c.notNull().references('questions.id').onDelete('cascade'),
          )
          .addColumn('band_key', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('question_bands_key_idx')
          .on('question_bands')
          .column('band_key')
          .execute();
        await db.schema
          .createIndex('question_bands_question_idx')
          .on('question_bands')
          .column('question_id')
          .execute();
        // Lists count and page a school's live questions of a subject from this index alone.
        await db.schema
          .createIndex('questions_list_idx')
          .on('questions')
          .columns(['school_id', 'subject_code', 'parent_id', 'deleted_at', 'id'])
          .execute();
        await db.schema.alterTable('questions').addColumn('request_key', 'text').execute();
        await db.schema
          .createIndex('questions_request_idx')
          .on('questions')
          .columns(['created_by', 'request_key'])
          .unique()
          .execute();
      },
      async down(db: AnyDb) {
        await db.schema.dropIndex('questions_request_idx').ifExists().execute();
        await db.schema.dropIndex('questions_list_idx').ifExists().execute();
        await db.schema.alterTable('questions').dropColumn('request_key').execute();
        for (const table of ['question_bands', 'question_signatures', 'question_search'])
          await db.schema.dropTable(table).ifExists().execute();
        await sql`drop table if exists question_fts`.execute(db);
      },
    },
    // A cloud row (`school_id` null) with a region belongs to that region's cloud bank; with none,
    // to the national one every school reads (docs/resources.md "The region cloud bank").
    '0053_resource_region_cloud': {
      async up(db: AnyDb) {
        for (const table of ['questions', 'papers']) {
          await db.schema
            .alterTable(table)
            .addColumn('region_id', 'integer', (c) =>
              c.references('regions.id').onDelete('cascade'),
            )
            .execute();
          await db.schema
            .createIndex(`${table}_region_idx`)
            .on(table)
            .columns(['region_id', 'request_key'])
            .execute();
        }
      },
      async down(db: AnyDb) {
        for (const table of ['questions', 'papers']) {
          await db.schema.dropIndex(`${table}_region_idx`).ifExists().execute();
          await db.schema.alterTable(table).dropColumn('region_id').execute();
        }
      },
    },
  };
}
