import { loadConfig } from './core/config';
import { createDatabase } from './core/database';
import { migrate } from './core/migrations';
import { seedDemo } from './seed/seedDemo';

/**
 * `npm run seed -w @examkit/server [-- --small]`: migrates and seeds the demo schools (idempotent).
 * With NODE_ENV=production it refuses unless `--demo-in-production` says it is meant: the demo
 * accounts share the public password demo2026.
 */
async function run() {
  if (process.env.NODE_ENV === 'production' && !process.argv.includes('--demo-in-production')) {
    throw new Error(
      'examkit: NODE_ENV=production — 不在生产环境中创建示范账号（密码 demo2026 公开）。' +
        '如确需示范数据，请加 --demo-in-production；创建管理员请用 npm run create-admin -w @examkit/server',
    );
  }
  const config = loadConfig();
  const db = createDatabase(config.database);
  try {
    const schema = config.database.dialect === 'postgres' ? config.database.schema : undefined;
    await migrate(db, schema ? { schema } : {});
    const result = await seedDemo(db, {
      size: process.argv.includes('--small') ? 'small' : 'full',
    });
    console.info(
      `examkit: demo schools ready (示范中学 id ${result.demoSchoolId}, 实验中学 id ${result.labSchoolId})`,
    );
  } finally {
    await db.destroy();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
