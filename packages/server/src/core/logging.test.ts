import { authRoutes } from '@examkit/contracts';
import { describe, expect, it } from 'vitest';
import { call, signIn, startTestServer } from '../test/fixtures';
import { maskQuery } from './logging';

describe('maskQuery', () => {
  it('keeps the names of query fields but not their values', () => {
    expect(maskQuery('/a/b?token=abc&tel=13800000001')).toBe('/a/b?token=*&tel=*');
    expect(maskQuery('/a/b')).toBe('/a/b');
  });
});

describe('server logs', () => {
  it('carry no token, password or phone number even at trace level', async () => {
    const server = await startTestServer('sqlite');
    try {
      const user = await signIn(server.app, 'head');
      await call(server.app, authRoutes.schoolDetail, { token: user.token });
      await call(server.app, authRoutes.getParentGuide, {
        token: user.token,
        query: { tel: '13800000003', userId: user.userId },
      });
      await call(server.app, authRoutes.loginPassword, {
        body: { loginName: 'head', password: 'Secret-Wrong-99' },
      });
      await call(server.app, authRoutes.sendSmsCode, { body: { tel: '13800000003' } });
      await call(server.app, authRoutes.loginToken, {
        query: { token: 'feedfacefeedfacefeedfacefeedface' },
      });
      const text = server.logs.join('');
      expect(server.logs.length).toBeGreaterThan(5);
      expect(text).toContain('/marking-user/user/school/get_detail_school');
      for (const secret of [
        user.token,
        'demo2026',
        'Secret-Wrong-99',
        '13800000003',
        'feedfacefeedfacefeedfacefeedface',
      ]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await server.close();
    }
  });
});
