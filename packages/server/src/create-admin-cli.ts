#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { loadConfig } from './core/config';
import { createDatabase } from './core/database';
import { migrate } from './core/migrations';
import { readLine, readSecret } from './setup/prompt';
import { administratorInputError, createAdministrator } from './setup/createAdministrator';
import { isAcceptablePassword, PASSWORD_RULE_MESSAGE } from './core/password';
import { systemClock } from './core/clock';
import { createPlatformOperator } from './region/operator';

const USAGE =
  '用法：npm run create-admin -w @examkit/server -- --school 学校名称 [--login admin] [--name 系统管理员]\n' +
  '平台运营账号（不属于任何学校，创建区域和教育局账号）：npm run create-admin -w @examkit/server -- --operator [--login operator] [--name 平台运营]\n' +
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
      login: { type: 'string' },
      name: { type: 'string' },
      operator: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.info(USAGE);
    return;
  }
  const interactive = Boolean(process.stdin.isTTY);
  if (values.operator) {
    await createOperator(values.login ?? 'operator', values.name ?? '平台运营', interactive);
    return;
  }
  const login = values.login ?? 'admin';
  const schoolName =
    values.school ?? (interactive ? await readLine('学校名称：') : undefined) ?? '';
  if (!schoolName.trim()) throw new Error(`请用 --school 给出学校名称\n${USAGE}`);
  let password: string;
  if (interactive) {
    password = await readSecret('管理员密码（至少6位的字母和数字组合）：');
    const problem = administratorInputError({
      schoolName,
      loginName: login,
      password,
    });
    if (problem) throw new Error(problem);
    if ((await readSecret('再次输入密码：')) !== password) throw new Error('两次输入的密码不一致');
  } else {
    password = (await readLine()) ?? '';
  }
  const input = { schoolName, loginName: login, nickName: values.name ?? '系统管理员', password };
  const problem = administratorInputError(input);
  if (problem) throw new Error(problem);

  const config = loadConfig();
  const db = createDatabase(config.database);
  try {
    const schema = config.database.dialect === 'postgres' ? config.database.schema : undefined;
    await migrate(db, schema ? { schema } : {});
    const { schoolId } = await createAdministrator(db, input);
    console.info(
      `examkit: 已创建学校「${schoolName.trim()}」（id ${schoolId}）及管理员 ${login}，请用该账号登录`,
    );
  } finally {
    await db.destroy();
  }
}

/** `--operator`: a platform operator, in no school, with the same password rule. */
async function createOperator(loginName: string, nickName: string, interactive: boolean) {
  const loginProblem = /^[A-Za-z0-9_.@-]{2,64}$/.test(loginName)
    ? null
    : '登录名须为2到64位的字母、数字或 _ . @ -';
  if (loginProblem) throw new Error(loginProblem);
  let password: string;
  if (interactive) {
    password = await readSecret('平台运营账号密码（至少6位的字母和数字组合）：');
    if (!isAcceptablePassword(password)) throw new Error(PASSWORD_RULE_MESSAGE);
    if ((await readSecret('再次输入密码：')) !== password) throw new Error('两次输入的密码不一致');
  } else {
    password = (await readLine()) ?? '';
  }
  if (!isAcceptablePassword(password)) throw new Error(PASSWORD_RULE_MESSAGE);
  const config = loadConfig();
  const db = createDatabase(config.database);
  try {
    const schema = config.database.dialect === 'postgres' ? config.database.schema : undefined;
    await migrate(db, schema ? { schema } : {});
    await createPlatformOperator(db, systemClock, { loginName, nickName, password });
    console.info(`examkit: 已创建平台运营账号 ${loginName}，请用该账号在登录页登录`);
  } finally {
    await db.destroy();
  }
}

run().catch((error: unknown) => {
  console.error(`examkit: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
