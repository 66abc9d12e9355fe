/** Who is calling, as established by an Authenticator. */
export interface Principal { readonly userId: string; readonly email: string }

/** Port: turns a bearer token into a principal, or throws Unauthenticated (core/errors.ts). */
export interface Authenticator { authenticate(bearerToken: string): Promise<Principal> }
