import { jointOrganiseRoutes, type UserInfo } from '@examkit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn, startTestServer, type TestServer } from '../test/fixtures';
import { grantKey } from '../test/schoolKit';

interface Offer {
  regionName: string;
  leadSchoolId: number | null;
  schools: { schoolId: number; schoolName: string }[];
}

describe.each(DIALECTS)('who may organise a joint exam, and with whom, on %s', (dialect) => {
  let server: TestServer;
  const offer = async (user: UserInfo) =>
    (
      await call<Offer | null>(server.app, jointOrganiseRoutes.jointOrganiserSchools, {
        token: user.token,
        schoolId: user.schoolId,
        body: {},
      })
    ).body;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  }, 60_000);
  afterAll(() => server.close());

  it("the bureau and a lead school's administrator get the region's schools", async () => {
    const { demoSchoolId, labSchoolId } = server.seed;
    const schools = [
      { schoolId: demoSchoolId, schoolName: '示范中学' },
      { schoolId: labSchoolId, schoolName: '实验中学' },
    ];
    const bureau = await signIn(server.app, 'bureau', { schoolId: demoSchoolId });
    expect(await offer(bureau)).toMatchObject({
      code: 200,
      data: { regionName: '示范区', leadSchoolId: null, schools },
    });
    const lab = await signIn(server.app, 'lab-admin');
    expect(await offer(lab)).toMatchObject({
      code: 200,
      data: { regionName: '示范区', leadSchoolId: labSchoolId, schools },
    });
  });

  it('a teacher holding Exam-Multiple, not school-wide, gets null; one with no joint key is refused', async () => {
    const teacher = await signIn(server.app, 'teacher');
    expect(await offer(teacher)).toMatchObject({ code: 403, msg: '没有联考权限' });
    await grantKey(server.db, server.seed.demoSchoolId, '任课教师', 'Exam-Multiple');
    const reader = await signIn(server.app, 'teacher');
    expect(await offer(reader)).toMatchObject({ code: 200, data: null });
  });
});
