import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SchoolOption } from '@examkit/contracts';
import { isNetworkFailure } from '@examkit/core';
import { useExamkit, useExamkitStore } from '@examkit/core/react';
import { Select } from '@examkit/ui';
import { regionRefs } from '../common/shellRoutes';
import { useApiCall } from '../common/useApiCall';
import { firstMenuPath } from '../utils/firstMenuPath';

/** The role a bureau account holds in the school it entered (server `BUREAU_ROLE_NAME`). */
const BUREAU_ROLE = '教育局';

/**
 * The school name in the header; for education-bureau staff the school switcher
 * (docs/joint-exams.md#bureau-sign-in): the region's schools; choosing one asks `enter_school` for
 * a one-time token and signs in to that school with `region_to_school_login`, without signing
 * out, then opens the first menu page (the current page may hold the other school's data).
 */
export function SchoolSwitcher() {
  const { auth, store } = useExamkit();
  const call = useApiCall();
  const navigate = useNavigate();
  const user = useExamkitStore((s) => s.user);
  const bureau = user?.roles.some((r) => r.roleName === BUREAU_ROLE) ?? false;
  const [schools, setSchools] = useState<SchoolOption[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!bureau) return;
    let live = true;
    // Not deduplicated: a bureau page (the joint list) asks for the same list while it loads.
    void call(regionRefs.schools, {}, { errorMessage: false, dedupe: false }).then((r) => {
      if (live && r.ok && r.data) setSchools(r.data.schools);
    });
    return () => {
      live = false;
    };
  }, [bureau, call]);

  if (!user) return null;

  const enter = async (schoolId: number) => {
    if (schoolId === user.schoolId) return;
    setBusy(true);
    try {
      const token = await call(regionRefs.enterSchool, { schoolId });
      if (!token.ok) return;
      const signed = await auth.regionToSchool({ token: token.data.token, schoolId });
      if (isNetworkFailure(signed) || !('token' in signed)) return;
      navigate(firstMenuPath(store.getState().menus));
    } catch {
      // The auth client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  if (!schools || schools.length < 2) return <span>{user.schoolName}</span>;
  return (
    <Select
      label="切换学校"
      value={user.schoolId}
      disabled={busy}
      options={schools.map((s) => ({ value: s.schoolId, label: s.schoolName }))}
      onChange={(event) => void enter(Number(event.target.value))}
    />
  );
}
