/** A failed sign-in, role check or password change; `message` is the text shown to the user. */
export class AuthError extends Error {
  override readonly name = 'AuthError';

  /** @param result the server's reply (an envelope), or the user info that had no permissions */
  constructor(
    message: string,
    readonly result: unknown,
  ) {
    super(message);
  }
}
