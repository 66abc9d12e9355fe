/** What $connect knows about a socket: a signed-in user, a guest (no token), or a bad token. */
export type ConnectionIdentity = { userId?: string; email?: string } | 'invalid';

/** Verifies the optional token; never throws and never exposes the token. */
export async function identifyConnection(
  authenticator: { authenticate(token: string): Promise<{ userId: string; email: string }> },
  token: string | undefined,
): Promise<ConnectionIdentity> {
  if (!token) return {};
  try {
    const principal = await authenticator.authenticate(token);
    return { userId: principal.userId, email: principal.email.toLowerCase() };
  } catch {
    return 'invalid';
  }
}
