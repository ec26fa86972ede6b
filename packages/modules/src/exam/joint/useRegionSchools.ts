import { useEffect, useState } from 'react';
import { regionRoutes, type SchoolOption } from '@examkit/contracts';
import { useApiCall } from '../../common/useApiCall';

/**
 * The region and its schools when the signed-in account is a bureau account; null for a school
 * account (the server answers null) or while loading. Bureau-only controls show on a non-null value.
 */
export function useRegionSchools(): { regionName: string; schools: SchoolOption[] } | null {
  const call = useApiCall();
  const [region, setRegion] = useState<{ regionName: string; schools: SchoolOption[] } | null>(
    null,
  );
  useEffect(() => {
    // Not deduplicated: the header's school switcher asks for the same list.
    void call(regionRoutes.schools, {}, { errorMessage: false, dedupe: false }).then((r) => {
      if (r.ok && r.data) setRegion({ regionName: r.data.regionName, schools: r.data.schools });
    });
  }, [call]);
  return region;
}
