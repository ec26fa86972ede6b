#!/usr/bin/env node
import { join } from 'node:path';
import { createWxOAuthProvider } from './auth/wx';
import { systemClock } from './core/clock';
import { loadConfig } from './core/config';
import { createDatabase } from './core/database';
import { migrate } from './core/migrations';
import { createLocalFileStore } from './core/files';
import { createS3FileStore } from './core/s3Files';
import { loadOrCreateSecret } from './core/secrets';
import { isEmpty, seedDemo } from './seed/seedDemo';
import { seedOnline } from './seed/seedOnline';
import { seedMarking } from './seed/seedMarking';
import { seedWrongPractice } from './seed/seedWrongPractice';
import { seedBankImages } from './seed/seedBankImages';
import { seedHomework } from './seed/seedHomework';
import { seedStudy } from './seed/seedStudy';
import { seedHomeworkOnline } from './seed/seedHomeworkOnline';
import { seedWorkbook } from './seed/seedWorkbook';
import { seedWordExercise } from './seed/seedWordExercise';
import { createServer } from './server';

export const FIRST_ADMIN_HINT =
  'examkit: 数据库为空，尚无任何账号。请创建第一位管理员 (the database is empty; create the first administrator):\n' +
  '  npm run create-admin -w @examkit/server -- --school 学校名称\n' +
  '  (or: node packages/server/dist/create-admin-cli.js --school 学校名称; the password is asked without echo)';

/** CLI entry: migrate, seed the demo school into an empty database when asked (SEED_DEMO=1, never in production), serve. */
async function main() {
  const config = loadConfig();
  const db = createDatabase(config.database);
  const schema = config.database.dialect === 'postgres' ? config.database.schema : undefined;
  await migrate(db, schema ? { schema } : {});
  const files = config.s3
    ? createS3FileStore(config.s3)
    : createLocalFileStore(join(config.dataDir, 'files'));
  if (await isEmpty(db)) {
    if (config.seedDemo && config.nodeEnv !== 'production') {
      const seeded = await seedDemo(db, { size: 'full' });
      await seedMarking(db, files);
      await seedOnline(db);
      await seedWrongPractice(db, seeded.demoSchoolId);
      await seedBankImages(db, files, seeded.demoSchoolId, systemClock);
      await seedHomework(db, files);
      await seedHomeworkOnline(db, files);
      await seedStudy(db, files);
      await seedWorkbook(db);
      await seedWordExercise(db);
      console.info('examkit: seeded the demo school 示范中学 (password demo2026)');
    } else {
      if (config.seedDemo)
        console.warn('examkit: SEED_DEMO is ignored when NODE_ENV=production; no demo accounts.');
      console.info(FIRST_ADMIN_HINT);
    }
  }
  const app = await createServer({
    database: schema ? { db, schema } : { db },
    migrate: false,
    logger: { level: config.logLevel },
    corsOrigins: config.corsOrigins,
    ...(config.abilityGrowthHost ? { abilityGrowthHost: config.abilityGrowthHost } : {}),
    session: config.session,
    rateLimit: { addressLimit: config.addressLimit },
    nodeEnv: config.nodeEnv,
    trustProxy: config.trustProxy,
    ...(config.staticDir ? { staticDir: config.staticDir } : {}),
    secret: loadOrCreateSecret(config.secret, config.dataDir),
    files,
    ai: config.ai ?? null,
    jointDuck: { minStudents: config.jointDuckMinStudents, dataDir: config.dataDir },
    ...(config.wx ? { wx: createWxOAuthProvider(config.wx) } : {}),
  });
  app.addHook('onClose', () => db.destroy());
  const stop = () => {
    void app.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
