#!/usr/bin/env node
import { join } from 'node:path';
import { createWxOAuthProvider } from './auth/wx';
import { loadConfig } from './core/config';
import { createDatabase } from './core/database';
import { migrate } from './core/migrations';
import { createLocalFileStore } from './core/files';
import { createS3FileStore } from './core/s3Files';
import { loadOrCreateSecret } from './core/secrets';
import { isEmpty, seedDemo } from './seed/seedDemo';
import { seedMarking } from './seed/seedMarking';
import { createServer } from './server';

/** CLI entry: migrate, seed the demo school into an empty database, serve. */
async function main() {
  const config = loadConfig();
  const db = createDatabase(config.database);
  const schema = config.database.dialect === 'postgres' ? config.database.schema : undefined;
  await migrate(db, schema ? { schema } : {});
  const files = config.s3
    ? createS3FileStore(config.s3)
    : createLocalFileStore(join(config.dataDir, 'files'));
  if (await isEmpty(db)) {
    await seedDemo(db, { size: 'full' });
    await seedMarking(db, files);
    console.info('examkit: seeded the demo school 示范中学 (password demo2026)');
  }
  const app = await createServer({
    database: schema ? { db, schema } : { db },
    migrate: false,
    logger: { level: config.logLevel },
    corsOrigins: config.corsOrigins,
    session: config.session,
    rateLimit: { addressLimit: config.addressLimit },
    nodeEnv: config.nodeEnv,
    trustProxy: config.trustProxy,
    ...(config.staticDir ? { staticDir: config.staticDir } : {}),
    secret: loadOrCreateSecret(config.secret, config.dataDir),
    files,
    ai: config.ai ?? null,
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
