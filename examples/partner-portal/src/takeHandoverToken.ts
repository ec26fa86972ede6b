/**
 * Reads the one-time hand-over token from the address (`?token=`) and removes
 * it at once, so it stays neither in the address bar, nor in the history, nor
 * in a Referer header.
 */
export function takeHandoverToken(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (token) {
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url);
  }
  return token;
}

/** The examkit API base URL: `?api=` when given (the portal may live on another origin), else this origin. */
export function apiBaseUrl(): string {
  return new URL(window.location.href).searchParams.get('api') ?? '';
}
