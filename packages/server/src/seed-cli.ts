import { loadConfig } from './core/config';
import { createDatabase } from './core/database';
import { migrate } from './core/migrations';
import { seedDemo } from './seed/seedDemo';

/** `npm run seed -w @examkit/server [-- --small]`: migrates and seeds the demo schools (idempotent). */
async function run() {
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
  console.error(error);
  process.exit(1);
});
