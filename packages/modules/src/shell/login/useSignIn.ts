import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type SignInResult } from '@examkit/core';
import { useExamkit } from '@examkit/core/react';
import type { SchoolOption } from '@examkit/core';
import { completeSignIn } from '../../utils/completeSignIn';
import { firstMenuPath } from '../../utils/firstMenuPath';
import { OPERATOR_PATH, saveOperatorSession } from '../operator/operatorSession';

/** Runs a sign-in attempt and follows its outcome: land on the first menu, choose a school, or show the error. */
export function useSignIn() {
  const { auth, store } = useExamkit();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [schools, setSchools] = useState<SchoolOption[] | null>(null);

  const run = useCallback(
    async (attempt: () => Promise<SignInResult>) => {
      setPending(true);
      setError(null);
      const outcome = await completeSignIn(auth, store, attempt());
      setPending(false);
      if (outcome.kind === 'signed-in')
        navigate(firstMenuPath(store.getState().menus), { replace: true });
      else if (outcome.kind === 'choose-school') setSchools(outcome.schools);
      else if (outcome.kind === 'operator') {
        // A platform operator has no school: the console keeps its own token, not the store's.
        saveOperatorSession({ token: outcome.token, nickName: outcome.nickName });
        navigate(OPERATOR_PATH, { replace: true });
      } else setError(outcome.message);
    },
    [auth, store, navigate],
  );

  return { run, pending, error, setError, schools, clearSchools: () => setSchools(null) };
}
