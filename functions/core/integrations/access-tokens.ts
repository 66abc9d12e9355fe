/**
 * A usable access token for a connection: refreshed shortly before it expires; the rotated refresh token is
 * stored with a conditional write before it is used, so of two concurrent refreshes only one is kept and the
 * other re-reads it; an `invalid_grant` on refresh flags the service as needing reauthorization (§8).
 */
import { SERVICES, type ServiceId } from './services.js';
import { InvalidGrant, type Clock, type ConnectionStore, type OAuthClient, type TokenCipher, type TokenSet, type UserFlags } from './ports.js';

/** Refresh this long before expiry (Zoom's own SDK refreshes 60 s early; a slow import needs more). */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

export class ReauthorizationRequired extends Error {
  readonly name = 'ReauthorizationRequired';
}

export class NotConnected extends Error {
  readonly name = 'NotConnected';
}

export interface AccessTokenDeps {
  readonly connections: ConnectionStore;
  readonly cipher: TokenCipher;
  readonly flags: UserFlags;
  readonly oauth: (service: ServiceId) => OAuthClient;
  readonly clock: Clock;
}

export const sealTokens = (cipher: TokenCipher, tokens: TokenSet) => cipher.seal(JSON.stringify(tokens));

/**
 * Throws NotConnected, ReauthorizationRequired. `refused` is an access token the provider just answered 401
 * for: while it is still the stored one it is refreshed whatever its expiry says.
 */
export async function accessTokenFor(deps: AccessTokenDeps, userId: string, service: ServiceId, refused?: string): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const connection = await deps.connections.find(userId, service);
    if (!connection) throw new NotConnected(`${SERVICES[service].title} is not connected for this user.`);
    if (connection.needsReauthorization || !connection.sealedTokens) throw new ReauthorizationRequired(`${SERVICES[
      service].title} needs to be authorized again.`);
    const tokens = JSON.parse(await deps.cipher.open(connection.sealedTokens)) as TokenSet;
    if (tokens.expiresAt - REFRESH_MARGIN_MS > deps.clock() && tokens.accessToken !== refused) return tokens.accessToken;

    let fresh: TokenSet;
    try {
      fresh = await deps.oauth(service).refresh(tokens.refreshToken);
    } catch (error) {
      if (!(error instanceof InvalidGrant)) throw error;
      // Another worker may have rotated the token meanwhile: only a refusal of the latest token counts.
      const latest = await deps.connections.find(userId, service);
      if (latest && latest.tokenVersion !== connection.tokenVersion) continue;
      await deps.connections.markNeedsReauthorization(userId, service, connection.tokenVersion);
      await deps.flags.set(userId, { [SERVICES[service].tokenFlag]: false });
      throw new ReauthorizationRequired(`${SERVICES[service].title} refused the stored authorization.`);
    }
    if (await deps.connections.replaceTokens(userId, service, await sealTokens(deps.cipher, fresh), connection.tokenVersion)) {
      return fresh.accessToken;
    }
    // Lost the race: the winner's tokens are stored; read them on the next round.
  }
  throw new ReauthorizationRequired(`${SERVICES[service].title} tokens kept changing during refresh.`);
}
