/** Where the platform operator's console lives (docs/joint-exams.md#operator). */
export const OPERATOR_PATH = '/platform-operator';

const KEY = 'examkit.operator';

/** The signed-in platform operator: their token and name, kept for the browser tab only. */
export interface OperatorSessionInfo {
  token: string;
  nickName: string;
}

export function saveOperatorSession(session: OperatorSessionInfo): void {
  sessionStorage.setItem(KEY, JSON.stringify(session));
}

export function readOperatorSession(): OperatorSessionInfo | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as OperatorSessionInfo | null;
    return value && typeof value.token === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function clearOperatorSession(): void {
  sessionStorage.removeItem(KEY);
}
