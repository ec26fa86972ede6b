import { useEffect, useState } from 'react';
import { regionCloudRoutes } from '@examkit/contracts';
import { useExamkitStore } from '@examkit/core/react';
import { useApiCall } from '../../common/useApiCall';

/** The role a bureau account holds in a school it enters (server `BUREAU_ROLE_NAME`). */
const BUREAU_ROLE = '教育局';

/**
 * The region cloud bank the session may publish into: its name, or null. Only a session holding
 * the 教育局 role asks; the server decides (`region-cloud/status`: a bureau seat of a member
 * school) and checks again on every publish.
 */
export function useRegionPublisher(): string | null {
  const call = useApiCall();
  const bureau = useExamkitStore((s) => s.user?.roles.some((r) => r.roleName === BUREAU_ROLE));
  const [region, setRegion] = useState<string | null>(null);
  useEffect(() => {
    if (!bureau) return;
    let live = true;
    void call(regionCloudRoutes.status, {}, { errorMessage: false }).then((r) => {
      if (live && r.ok && r.data.canPublish) setRegion(r.data.regionName);
    });
    return () => {
      live = false;
    };
  }, [bureau, call]);
  return region;
}
