import { authRoutes, type UserInfo } from '@examkit/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { SEAT_READ_ONLY_MESSAGE, SEAT_ROUTES } from '../core/seatAccess';
import { DEMO_PASSWORD } from '../seed/seedDemo';
import { call, DIALECTS, TEST_NOW } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';

/** Every route the server registered, as `METHOD /url` (HEAD folded into GET). */
function registeredRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const branch = /(└── |├── )/.exec(line);
    if (!branch) continue;
    const depth = branch.index / 4;
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(branch.index + 4))!;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[1]!;
    stack.push(path);
    for (const method of match[2]?.split(', ') ?? [])
      if (method !== 'HEAD' && method !== 'OPTIONS') found.push(`${method} ${path}`);
  }
  return found.filter((r) => r.includes(' /marking-') || r.includes(' /chatgpt-'));
}

describe.each(DIALECTS)('a bureau seat is read-only on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  beforeEach(() => server.clock.set(TEST_NOW));

  const inject = (route: string, headers: Record<string, string>) => {
    const [method, url] = route.split(' ') as ['GET' | 'POST', string];
    return server.app.inject({
      method,
      url: url.replace(':name', 'x.png'),
      headers: { ...headers, 'content-type': 'application/json' },
      ...(method === 'POST' ? { payload: '{}' } : {}),
    });
  };

  it('every signed-in route outside the seat’s list answers 403 before it reads the body', async () => {
    const seat = (
      await call<UserInfo>(server.app, authRoutes.loginPassword, {
        body: { loginName: 'bureau', password: DEMO_PASSWORD, schoolId: server.seed.demoSchoolId },
      })
    ).body.data;
    const routes = registeredRoutes(server.app);
    expect(routes.length).toBeGreaterThan(300);
    // The list names real routes only: a renamed route must be listed again on purpose.
    for (const allowed of SEAT_ROUTES) expect(routes, allowed).toContain(allowed);

    const refused: string[] = [];
    for (const route of routes.filter((r) => !SEAT_ROUTES.has(r))) {
      // A public route (sign-in and the like) answers without a session: not the seat's concern.
      const anonymous = await inject(route, {});
      if (anonymous.json<{ code: number }>().code !== 431) continue;
      const answer = await inject(route, {
        token: seat.token,
        schoolId: String(seat.schoolId),
      });
      expect(answer.statusCode, route).toBe(403);
      expect(answer.json(), route).toMatchObject({ code: 403, msg: SEAT_READ_ONLY_MESSAGE });
      refused.push(route);
    }
    // The writes a 校长 would have: among hundreds of refused routes.
    expect(refused).toEqual(
      expect.arrayContaining([
        'POST /marking-main/exam/create',
        'POST /marking-main/exam/update',
        'POST /marking-main/exam/delete',
        'POST /marking-main/exam/transition',
        'POST /marking-main/exam/score/import',
        'POST /marking-main/exam/subject/questions/save',
        'POST /marking-main/gaokao/create',
        'POST /marking-main/gaokao/delete',
        'POST /marking-report/analytic/create',
        'POST /marking-report/analytic/update',
        'POST /marking-report/analytic/remove',
        'POST /marking-report/exam/report/comment/save',
        'POST /marking-report/exam/report/recompute',
        'POST /marking-main/cross_school/invite',
        'POST /marking-user/user/student/add_stud',
        'POST /marking-user/user/school/role/update_perm',
        'POST /marking-user/user/teacher/update_pass',
        'POST /marking-main/message/notice/send',
      ]),
    );
    expect(refused.length).toBeGreaterThan(250);
  }, 120_000);

  it('asks whether the AI assistant and the parent guide show without a refusal, and is told no', async () => {
    const seat = (
      await call<UserInfo>(server.app, authRoutes.loginPassword, {
        body: { loginName: 'bureau', password: DEMO_PASSWORD, schoolId: server.seed.demoSchoolId },
      })
    ).body.data;
    const answer = await inject(`GET /chatgpt-server/isUserAiSession?schoolId=${seat.schoolId}`, {
      token: seat.token,
      schoolId: String(seat.schoolId),
    });
    expect(answer.json()).toMatchObject({ code: 200, data: 0 });
    // The assistant itself stays closed to the seat.
    const open = await inject('POST /chatgpt-server/openNewSession', {
      token: seat.token,
      schoolId: String(seat.schoolId),
    });
    expect(open.json()).toMatchObject({ code: 403, msg: SEAT_READ_ONLY_MESSAGE });
    // Nor is the parent guide shown to it: it could not record the guide as seen.
    const guide = await inject(
      `GET /marking-paper/parent/guide/getParentGuide?tel=&userId=${seat.userId}`,
      { token: seat.token, schoolId: String(seat.schoolId) },
    );
    expect(guide.json()).toMatchObject({ code: 200, data: { seen: true } });
  });

  it('the same routes stay open to the school’s own administrator', async () => {
    const admin = (
      await call<UserInfo>(server.app, authRoutes.loginPassword, {
        body: { loginName: 'admin', password: DEMO_PASSWORD },
      })
    ).body.data;
    const answer = await inject('POST /marking-main/exam/update', {
      token: admin.token,
      schoolId: String(admin.schoolId),
    });
    // Refused for its empty body, not for who calls.
    expect(answer.json()).toMatchObject({ code: 400 });
  });
});
