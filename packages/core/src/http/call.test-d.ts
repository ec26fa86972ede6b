// Type tests, checked by `tsc` (not run): request and response types come from the contract.
import { authRoutes } from '@examkit/contracts';
import type { AuthClient, HttpClient } from '../types';
import { isNetworkFailure } from './isNetworkFailure';

declare const http: HttpClient;
declare const auth: AuthClient;

export async function typeChecks() {
  await http.call(authRoutes.loginPassword, { body: { loginName: 'wang', password: 'a1b2c3' } });
  // @ts-expect-error the contract requires a password
  await http.call(authRoutes.loginPassword, { body: { loginName: 'wang' } });
  // @ts-expect-error a query-only route takes no body
  await http.call(authRoutes.dictionaryOther, { body: {}, query: { schoolId: 1 } });

  const reply = await http.call(authRoutes.dictionaryOther, { query: { schoolId: 1 } });
  if (!isNetworkFailure(reply)) {
    const value: string | undefined = reply.data[0]?.dicValue;
    void value;
  }

  await auth.loginPassword({ loginName: 'wang', password: 'a1b2c3', schoolId: 11 });
  // @ts-expect-error sign-in bodies come from the contract
  await auth.loginCode({ tel: '13800000000' });
  await auth.loginToken({ token: 'k'.repeat(16) });
  await auth.myRole();
  await auth.logoutCall();
  // @ts-expect-error updatePassword needs id and newPassWord
  await auth.updatePassword({ id: 7 });
  const access = await auth.aiAccess({ schoolId: 11 });
  if (!isNetworkFailure(access)) {
    const granted: number = access.data;
    void granted;
  }
}
