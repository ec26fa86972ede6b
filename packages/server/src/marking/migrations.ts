import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../core/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema before it exists
type AnyDb = Kysely<any>;

function marking(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('marking_blocks')
        .addColumn('id', id, auto)
        .addColumn('school_id', 'integer', (c) =>
          c.notNull().references('schools.id').onDelete('cascade'),
        )
        .addColumn('exam_id', 'integer', (c) => c.notNull())
        .addColumn('exam_subject_id', 'integer', (c) =>
          c.notNull().references('exam_subjects.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('question_ids', 'text', (c) => c.notNull())
        .addColumn('question_full_half', 'text', (c) => c.notNull())
        .addColumn('full_score_half', 'integer', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('tolerance_half', 'integer', (c) => c.notNull())
        .addColumn('step_half', 'integer', (c) => c.notNull())
        .addColumn('distribution', 'text', (c) => c.notNull())
        .addColumn('anonymous', 'integer', (c) => c.notNull())
        .addColumn('guide', 'text', (c) => c.notNull())
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('recheck_percent', 'integer', (c) => c.notNull())
        .addColumn('lease_ms', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('marking_blocks_subject_idx')
        .on('marking_blocks')
        .columns(['school_id', 'exam_subject_id'])
        .execute();
      await db.schema
        .createTable('marking_block_users')
        .addColumn('block_id', 'integer', (c) =>
          c.notNull().references('marking_blocks.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('quota', 'integer')
        .addPrimaryKeyConstraint('marking_block_users_pk', ['block_id', 'user_id', 'role'])
        .execute();
      await db.schema
        .createIndex('marking_block_users_user_idx')
        .on('marking_block_users')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('marking_papers')
        .addColumn('id', id, auto)
        .addColumn('block_id', 'integer', (c) =>
          c.notNull().references('marking_blocks.id').onDelete('cascade'),
        )
        .addColumn('student_id', 'integer', (c) =>
          c.notNull().references('students.id').onDelete('cascade'),
        )
        .addColumn('crop_key', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('is_seed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('seed_score_half', 'integer')
        .addColumn('final_score_half', 'integer')
        .addColumn('final_parts', 'text')
        .addColumn('final_source', 'text')
        .addColumn('finished_at', 'bigint')
        .addColumn('problem_reason', 'text')
        .addColumn('problem_note', 'text')
        .addColumn('problem_user_id', 'integer')
        .addColumn('problem_at', 'bigint')
        .addColumn('sample_kind', 'text')
        .addColumn('sample_note', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('marking_papers_block_student_unique', [
          'block_id',
          'student_id',
          'is_seed',
        ])
        .execute();
      await db.schema
        .createIndex('marking_papers_state_idx')
        .on('marking_papers')
        .columns(['block_id', 'state'])
        .execute();
      await db.schema
        .createTable('marking_tasks')
        .addColumn('id', id, auto)
        .addColumn('block_id', 'integer', (c) => c.notNull())
        .addColumn('paper_id', 'integer', (c) =>
          c.notNull().references('marking_papers.id').onDelete('cascade'),
        )
        .addColumn('slot', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('assigned_to', 'integer')
        .addColumn('user_id', 'integer')
        .addColumn('lease_token', 'text')
        .addColumn('lease_expires_at', 'bigint')
        .addColumn('score_half', 'integer')
        .addColumn('parts', 'text')
        .addColumn('submitted_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('marking_tasks_pool_idx')
        .on('marking_tasks')
        .columns(['block_id', 'state', 'id'])
        .execute();
      await db.schema
        .createIndex('marking_tasks_paper_idx')
        .on('marking_tasks')
        .columns(['paper_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('marking_tasks_user_idx')
        .on('marking_tasks')
        .columns(['user_id', 'block_id', 'state'])
        .execute();
      // One task per mark slot and per arbitration; re-checks and seeds once per marker.
      await db.schema
        .createIndex('marking_tasks_slot_unique')
        .on('marking_tasks')
        .columns(['paper_id', 'slot'])
        .unique()
        .where(sql.ref('slot'), 'in', [1, 2, 3, 9])
        .execute();
      await db.schema
        .createIndex('marking_tasks_assigned_unique')
        .on('marking_tasks')
        .columns(['paper_id', 'slot', 'assigned_to'])
        .unique()
        .where(sql.ref('slot'), 'in', [5, 6])
        .execute();
      // A marker never holds two independent marks of one paper.
      await db.schema
        .createIndex('marking_tasks_marker_unique')
        .on('marking_tasks')
        .columns(['paper_id', 'user_id'])
        .unique()
        .where(sql.ref('slot'), '<=', 3)
        .execute();
      await db.schema
        .createTable('marking_marks')
        .addColumn('id', id, auto)
        .addColumn('block_id', 'integer', (c) => c.notNull())
        .addColumn('paper_id', 'integer', (c) =>
          c.notNull().references('marking_papers.id').onDelete('cascade'),
        )
        .addColumn('task_id', 'integer')
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('score_half', 'integer', (c) => c.notNull())
        .addColumn('parts', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('marking_marks_key_unique', ['user_id', 'idempotency_key'])
        .execute();
      await db.schema
        .createIndex('marking_marks_paper_idx')
        .on('marking_marks')
        .column('paper_id')
        .execute();
      await db.schema
        .createTable('marking_exam_totals')
        .addColumn('exam_id', 'integer', (c) => c.notNull())
        .addColumn('student_id', 'integer', (c) => c.notNull())
        .addColumn('total_half', 'integer', (c) => c.notNull())
        .addColumn('subjects', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('marking_exam_totals_pk', ['exam_id', 'student_id'])
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        'marking_exam_totals',
        'marking_marks',
        'marking_tasks',
        'marking_papers',
        'marking_block_users',
        'marking_blocks',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}

/**
 * The reason of a leader's re-mark (组长改分). Named after `0006_reports` so that databases
 * that already ran every earlier migration take it in order.
 */
const markReason: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('marking_marks').addColumn('reason', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('marking_marks').dropColumn('reason').execute();
  },
};

/**
 * The marking manager became its own key (Exam-Wuhen-Manage): a role that managed marking by
 * holding Exam-Wuhen with Exam-Single or System keeps doing so. Users who got both keys from two
 * different roles (任课教师 + 阅卷老师) no longer manage marking (issue #22).
 */
const markingManagerKey: Migration = {
  async up(db: AnyDb) {
    const rows = (await db
      .selectFrom('role_permissions')
      .select(['role_id', 'perm_code'])
      .where('perm_code', 'in', ['Exam-Wuhen', 'Exam-Single', 'System', 'Exam-Wuhen-Manage'])
      .execute()) as { role_id: number; perm_code: string }[];
    const codes = new Map<number, Set<string>>();
    for (const r of rows)
      codes.set(r.role_id, (codes.get(r.role_id) ?? new Set()).add(r.perm_code));
    const roleIds = [...codes]
      .filter(
        ([, c]) =>
          c.has('Exam-Wuhen') &&
          (c.has('Exam-Single') || c.has('System')) &&
          !c.has('Exam-Wuhen-Manage'),
      )
      .map(([id]) => id);
    if (roleIds.length > 0)
      await db
        .insertInto('role_permissions')
        .values(roleIds.map((role_id) => ({ role_id, perm_code: 'Exam-Wuhen-Manage' })))
        .execute();
  },
  async down(db: AnyDb) {
    await db.deleteFrom('role_permissions').where('perm_code', '=', 'Exam-Wuhen-Manage').execute();
  },
};

/**
 * Migrations of the marking domain, named `0004_marking`, `0004a_…` and so on so that
 * they run after the domains they build on. Written in code so the built package needs no files.
 */
export function markingMigrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0004_marking': marking(dialect),
    '0006a_marking_mark_reason': markReason,
    '0007m_marking_manager_key': markingManagerKey,
  };
}
