import type { operatorRoutes } from '@examkit/contracts';
import { ref } from '../../common/shellRoutes';

const OP = '/marking-platform/operator';

/** The platform operator's console: by address only, as `shellRoutes`: the console loads no
 * contract schemas (`shellRoutes.test.ts` checks them against the contracts). */
export const operatorRefs = {
  overview: ref<typeof operatorRoutes.overview>(`${OP}/overview`),
  createRegion: ref<typeof operatorRoutes.createRegion>(`${OP}/region/create`),
  addSchool: ref<typeof operatorRoutes.addSchool>(`${OP}/region/add_school`),
  removeSchool: ref<typeof operatorRoutes.removeSchool>(`${OP}/region/remove_school`),
  createBureau: ref<typeof operatorRoutes.createBureau>(`${OP}/bureau/create`),
  resetBureauPassword: ref<typeof operatorRoutes.resetBureauPassword>(
    `${OP}/bureau/reset_password`,
  ),
  setBureauStatus: ref<typeof operatorRoutes.setBureauStatus>(`${OP}/bureau/set_status`),
  operatorList: ref<typeof operatorRoutes.operatorList>(`${OP}/operator/list`),
  createOperator: ref<typeof operatorRoutes.createOperator>(`${OP}/operator/create`),
  resetOperatorPassword: ref<typeof operatorRoutes.resetOperatorPassword>(
    `${OP}/operator/reset_password`,
  ),
  setOperatorStatus: ref<typeof operatorRoutes.setOperatorStatus>(`${OP}/operator/set_status`),
  auditLog: ref<typeof operatorRoutes.auditLog>(`${OP}/audit/list`),
  logout: ref<typeof operatorRoutes.logout>(`${OP}/logout`),
};
