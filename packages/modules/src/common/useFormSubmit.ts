import { useState } from 'react';
import type { CallOutcome } from './useApiCall';

/**
 * A form's submitting state, for `FormSubmit`: `send(request)` clears the error, is `busy` while
 * the call runs and shows its refusal as `error`, then answers the call's outcome. `setError`
 * shows a check's message without sending.
 */
export function useFormSubmit() {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function send<T>(request: () => Promise<CallOutcome<T>>) {
    setError('');
    setBusy(true);
    const x = await request();
    setBusy(false);
    if (!x.ok) setError(x.message);
    return x;
  }
  return { error, setError, busy, send };
}
