import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const { isSupported, problem } = createRequire(import.meta.url)('./check-node.cjs');

describe('the Node version check of npm install and npm start', () => {
  it.each([
    ['v20.20.2', false],
    ['v22.11.0', false],
    ['v18.19.0', false],
    ['v22.12.0', true],
    ['v22.20.1', true],
    ['v24.3.0', true],
    ['v30.0.0', true],
  ])('%s supported: %s', (version, supported) => {
    expect(isSupported(version)).toBe(supported);
  });

  it('says in one line which Node is needed, which one runs and how to get it', () => {
    const line = problem('v20.20.2');
    expect(line).toBe(
      'examkit 需要 Node.js 22.12 或更高版本（推荐 Node 24 LTS），当前为 v20.20.2。请从 https://nodejs.org 安装，或运行 nvm install 24 && nvm use 24 后重试。',
    );
    expect(line).not.toContain('\n');
    expect(problem('v24.3.0')).toBeNull();
  });

  it('passes quietly on the running Node', () => {
    const script = fileURLToPath(new URL('./check-node.cjs', import.meta.url));
    expect(execFileSync(process.execPath, [script], { encoding: 'utf8' })).toBe('');
  });
});
