/**
 * Removes personal data from a client error before it is stored (docs/messages.md "Client
 * error log"): query string values (tokens, ids, names travel there), mainland phone numbers,
 * e-mail addresses, identity card numbers and long token-like strings.
 */
export function scrub(text: string): string {
  return (
    text
      // `?token=abc&id=3` → `?token=&id=`
      .replace(/([?&][^=\s&#"'<>]+)=[^&\s#"'<>)]*/g, '$1=')
      .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '***')
      .replace(/(?<!\d)\d{17}[\dXx](?!\d)/g, '***')
      .replace(/(?<!\d)1[3-9]\d{9}(?!\d)/g, '***')
      // Hex or base64-like runs of 24+ characters: tokens, hashes, signatures.
      .replace(/[A-Za-z0-9_-]{24,}={0,2}/g, (run) =>
        /\d/.test(run) && /[A-Za-z]/.test(run) ? '***' : run,
      )
  );
}

/** The page of an error: its path only, no query string or fragment. */
export function pathOnly(page: string): string {
  try {
    return scrub(new URL(page, 'http://x').pathname);
  } catch {
    return scrub(page.split(/[?#]/)[0] ?? '');
  }
}
