import { useEffect, useState } from 'react';
import { jointOrganiseRoutes, type DataOf } from '@examkit/contracts';
import { useApiCall } from '../../common/useApiCall';

export type OrganiserSchools = NonNullable<
  DataOf<typeof jointOrganiseRoutes.jointOrganiserSchools>
>;

/**
 * The region's schools the signed-in user may organise a joint exam with — the bureau, or a lead
 * school's exam manager (whose own school takes part) — or null when they may not (or while
 * loading). 创建联考 shows on a non-null value.
 */
export function useOrganiserSchools(): OrganiserSchools | null {
  const call = useApiCall();
  const [offer, setOffer] = useState<OrganiserSchools | null>(null);
  useEffect(() => {
    void call(jointOrganiseRoutes.jointOrganiserSchools, {}, { errorMessage: false }).then((r) => {
      if (r.ok && r.data) setOffer(r.data);
    });
  }, [call]);
  return offer;
}
