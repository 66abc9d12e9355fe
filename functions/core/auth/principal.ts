/** Who is calling, as established by an Authenticator. */
export interface Principal { readonly userId: string; readonly email: string }

/** Port: turns a bearer token into a principal, or throws Unauthenticated (core/errors.ts). */
export interface Authenticator { authenticate(bearerToken: string): Promise<Principal> }

/** Port: per-source-address budget of the public (unauthenticated) calls. */
export interface PublicCallLimiter {
  /** Counts the call; `retryAfterSeconds` is set when the address is over its budget for this route. */
  take(sourceIp: string, routeKey: string): Promise<{ readonly retryAfterSeconds?: number }>;
}
