#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { loadConfig } from './core/config';
import { createDatabase } from './core/database';
import { migrate } from './core/migrations';
import { readLine, readSecret } from './setup/prompt';
import { administratorInputError, createAdministrator } from './setup/createAdministrator';

const USAGE =
  '用法：npm run create-admin -w @examkit/server -- --school 学校名称 [--login admin] [--name 系统管理员]\n' +
  '密码在终端中输入（不回显）；脚本中可从标准输入传入：echo "$PASSWORD" | npm run create-admin ...';

/**
 * Creates a school and its first administrator in the configured database
 * (DATABASE_URL or DATA_DIR, as the server). The password is asked twice
 * without echo on a terminal, or read from the first line of stdin in a script.
 */
async function run() {
  const { values } = parseArgs({
    options: {
      school: { type: 'string' },
      login: { type: 'string', default: 'admin' },
      name: { type: 'string', default: '系统管理员' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.info(USAGE);
    return;
  }
  const interactive = Boolean(process.stdin.isTTY);
  const schoolName =
    values.school ?? (interactive ? await readLine('学校名称：') : undefined) ?? '';
  if (!schoolName.trim()) throw new Error(`请用 --school 给出学校名称\n${USAGE}`);
  let password: string;
  if (interactive) {
    password = await readSecret('管理员密码（至少6位的字母和数字组合）：');
    const problem = administratorInputError({
      schoolName,
      loginName: values.login,
      password,
    });
    if (problem) throw new Error(problem);
    if ((await readSecret('再次输入密码：')) !== password) throw new Error('两次输入的密码不一致');
  } else {
    password = (await readLine()) ?? '';
  }
  const input = { schoolName, loginName: values.login, nickName: values.name, password };
  const problem = administratorInputError(input);
  if (problem) throw new Error(problem);

  const config = loadConfig();
  const db = createDatabase(config.database);
  try {
    const schema = config.database.dialect === 'postgres' ? config.database.schema : undefined;
    await migrate(db, schema ? { schema } : {});
    const { schoolId } = await createAdministrator(db, input);
    console.info(
      `examkit: 已创建学校「${schoolName.trim()}」（id ${schoolId}）及管理员 ${values.login}，请用该账号登录`,
    );
  } finally {
    await db.destroy();
  }
}

run().catch((error: unknown) => {
  console.error(`examkit: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
