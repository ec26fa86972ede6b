import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { aiMigrations } from '../ai/migrations';
import { appraiseMigrations } from '../appraise/migrations';
import { examBatchMigrations } from '../exam/batchMigrations';
import { downloadMigrations } from '../download/migrations';
import { examMigrations } from '../exam/migrations';
import { markingMigrations } from '../marking/migrations';
import { printMigrations } from '../print/migrations';
import { onlineMigrations } from '../online/migrations';
import { messageMigrations } from '../message/migrations';
import { reportMigrations } from '../report/migrations';
import { resourceMigrations } from '../resource/migrations';
import { regionMigrations } from '../region/migrations';
import { jointPoolMigrations, jointReportMigrations } from '../joint/migrations';
import { jointSnapshotMigrations } from '../joint/snapshotMigrations';
import { ossMigrations } from '../oss/migrations';
import { paperMigrations } from '../resource/paperMigrations';
import { examToolMigrations } from '../examtool/migrations';
import { homeworkMigrations } from '../homework/migrations';
import { homeworkSubmissionMigrations } from '../homework/submissions/migrations';
import { homeworkReportMigrations } from '../homework/report/migrations';
import { homeworkGroupMigrations } from '../homework/group/migrations';
import { homeworkWordExerciseMigrations } from '../homework/wordExercise/migrations';
import { homeworkWordScanMigrations } from '../homework/wordExercise/scanMigrations';
import { homeworkOnlineMigrations } from '../homework/online/migrations';
import { homeworkScanPageMigrations } from '../homework/submissions/pageMigrations';
import { homeworkStoreMigrations } from '../homework/storeMigrations';
import { homeworkCompositionMigrations } from '../homework/composition/migrations';
import { homeworkWorkbookMigrations } from '../homework/workbook/migrations';
import { gaokaoJointMigrations, gaokaoMigrations } from '../gaokao/migrations';
import { crossSchoolMigrations } from '../crossSchool/migrations';
import { analyticMigrations } from '../analytic/migrations';
import { scanMigrations } from '../scan/migrations';
import { administrationMigrations } from '../school/migrations';
import { scopeMigrations } from './scopeTables';
import { dialectOf, type Db, type Dialect } from './database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

function idColumn(dialect: Dialect) {
  return dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
}

function foundation(dialect: Dialect): Migration {
  const id = idColumn(dialect);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('schools')
        .addColumn('id', id, auto)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('users')
        .addColumn('id', id, auto)
        .addColumn('school_id', 'integer', (c) =>
          c.notNull().references('schools.id').onDelete('cascade'),
        )
        .addColumn('login_name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('nick_name', 'text', (c) => c.notNull())
        .addColumn('tel', 'text')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('wx_openid', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('users_school_login_unique', ['school_id', 'login_name'])
        .execute();
      await db.schema
        .createIndex('users_login_name_idx')
        .on('users')
        .column('login_name')
        .execute();
      await db.schema.createIndex('users_tel_idx').on('users').column('tel').execute();
      await db.schema
        .createIndex('users_wx_openid_unique')
        .on('users')
        .column('wx_openid')
        .unique()
        .execute();
      await db.schema
        .createTable('roles')
        .addColumn('id', id, auto)
        .addColumn('school_id', 'integer', (c) =>
          c.notNull().references('schools.id').onDelete('cascade'),
        )
        .addColumn('role_name', 'text', (c) => c.notNull())
        .addUniqueConstraint('roles_school_name_unique', ['school_id', 'role_name'])
        .execute();
      await db.schema
        .createTable('role_permissions')
        .addColumn('role_id', 'integer', (c) =>
          c.notNull().references('roles.id').onDelete('cascade'),
        )
        .addColumn('perm_code', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'perm_code'])
        .execute();
      await db.schema
        .createTable('user_roles')
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('role_id', 'integer', (c) =>
          c.notNull().references('roles.id').onDelete('cascade'),
        )
        .addColumn('academic_year', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id', 'academic_year'])
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('school_id', 'integer', (c) => c.notNull())
        .addColumn('academic_year', 'integer', (c) => c.notNull())
        .addColumn('client_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
      await db.schema
        .createTable('sms_codes')
        .addColumn('id', id, auto)
        .addColumn('tel_hash', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('sms_codes_tel_idx')
        .on('sms_codes')
        .columns(['tel_hash', 'created_at'])
        .execute();
      await db.schema
        .createTable('sms_outbox')
        .addColumn('id', id, auto)
        .addColumn('tel', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .execute();
      await db.schema
        .createTable('one_time_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('school_id', 'integer')
        .addColumn('payload', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createTable('integrations')
        .addColumn('id', id, auto)
        .addColumn('client_id', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('sign_key', 'text')
        .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('used_signatures')
        .addColumn('sign', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('school_dictionary')
        .addColumn('school_id', 'integer', (c) =>
          c.notNull().references('schools.id').onDelete('cascade'),
        )
        .addColumn('dic_code', 'text', (c) => c.notNull())
        .addColumn('dic_value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('school_dictionary_pk', ['school_id', 'dic_code'])
        .execute();
      await db.schema
        .createTable('parent_guides')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('code', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('grades')
        .addColumn('id', id, auto)
        .addColumn('school_id', 'integer', (c) =>
          c.notNull().references('schools.id').onDelete('cascade'),
        )
        .addColumn('academic_year', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('grade_num', 'integer', (c) => c.notNull())
        .addUniqueConstraint('grades_school_year_name_unique', [
          'school_id',
          'academic_year',
          'name',
        ])
        .execute();
      await db.schema
        .createTable('classes')
        .addColumn('id', id, auto)
        .addColumn('grade_id', 'integer', (c) =>
          c.notNull().references('grades.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addUniqueConstraint('classes_grade_name_unique', ['grade_id', 'name'])
        .execute();
      await db.schema
        .createTable('students')
        .addColumn('id', id, auto)
        .addColumn('school_id', 'integer', (c) =>
          c.notNull().references('schools.id').onDelete('cascade'),
        )
        .addColumn('class_id', 'integer', (c) =>
          c.notNull().references('classes.id').onDelete('cascade'),
        )
        .addColumn('student_no', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('tel', 'text')
        .addUniqueConstraint('students_school_no_unique', ['school_id', 'student_no'])
        .execute();
      await db.schema.createIndex('students_class_idx').on('students').column('class_id').execute();
      await db.schema
        .createTable('teachers')
        .addColumn('user_id', 'integer', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('school_id', 'integer', (c) =>
          c.notNull().references('schools.id').onDelete('cascade'),
        )
        .addColumn('subject', 'text')
        .execute();
      await db.schema
        .createIndex('teachers_school_idx')
        .on('teachers')
        .column('school_id')
        .execute();
      await db.schema
        .createTable('ai_access')
        .addColumn('school_id', 'integer', (c) =>
          c.primaryKey().references('schools.id').onDelete('cascade'),
        )
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        'ai_access',
        'teachers',
        'students',
        'classes',
        'grades',
        'parent_guides',
        'school_dictionary',
        'used_signatures',
        'integrations',
        'one_time_tokens',
        'sms_outbox',
        'sms_codes',
        'sessions',
        'user_roles',
        'role_permissions',
        'roles',
        'users',
        'schools',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}

/** The migrations, in order; written in code so the built package needs no migration files. */
function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_foundation': foundation(dialect),
    ...administrationMigrations(dialect),
    ...examMigrations(dialect),
    ...markingMigrations(dialect),
    ...scanMigrations(dialect),
    ...reportMigrations(dialect),
    ...examToolMigrations(dialect),
    ...scopeMigrations(),
    ...aiMigrations(dialect),
    ...printMigrations(dialect),
    ...examBatchMigrations(),
    ...onlineMigrations(dialect),
    ...downloadMigrations(dialect),
    ...messageMigrations(dialect),
    ...resourceMigrations(dialect),
    ...regionMigrations(dialect),
    ...homeworkMigrations(dialect),
    ...homeworkSubmissionMigrations(dialect),
    ...homeworkReportMigrations(dialect),
    ...homeworkOnlineMigrations(dialect),
    ...homeworkScanPageMigrations(dialect),
    ...ossMigrations(dialect),
    ...paperMigrations(dialect),
    ...gaokaoMigrations(dialect),
    ...crossSchoolMigrations(dialect),
    ...analyticMigrations(dialect),
    ...jointReportMigrations(),
    ...jointPoolMigrations(),
    ...homeworkStoreMigrations(),
    ...homeworkCompositionMigrations(),
    ...homeworkWorkbookMigrations(dialect),
    ...homeworkGroupMigrations(dialect),
    ...homeworkWordExerciseMigrations(dialect),
    ...homeworkWordScanMigrations(dialect),
    ...gaokaoJointMigrations(dialect),
    ...jointSnapshotMigrations(),
    ...appraiseMigrations(dialect),
  };
}

/**
 * Brings the database to the latest schema (or, with `to`, up to that migration: tests of a
 * migration's data step start there). Safe to run on every start.
 * On PostgreSQL, pass the schema the server works in so the migration table lives beside the data.
 */
export async function migrate(
  db: Db,
  options: { schema?: string; to?: string } = {},
): Promise<void> {
  const dialect = dialectOf(db);
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  const schema = options.schema ?? (dialect === 'postgres' ? await currentSchema(db) : undefined);
  const migrator = new Migrator({
    db,
    provider,
    // Each domain numbers its own migrations; one added later may sort before another domain's
    // that already ran, and must still run.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = options.to
    ? await migrator.migrateTo(options.to)
    : await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}

async function currentSchema(db: Db): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  );
  return rows[0]?.schema ?? undefined;
}
