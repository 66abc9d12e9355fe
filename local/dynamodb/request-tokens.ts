import { DynamoError } from './wire.js';

const TOKEN_LIFETIME_MS = 10 * 60_000;

/** ClientRequestTokens of successful transactions, remembered for ten minutes like DynamoDB (in memory only). */
export class RequestTokens {
  private readonly seen = new Map<string, { fingerprint: string; at: number }>();

  /** True if `token` already succeeded with the same request. Throws DynamoError if it came with another request. */
  isRepeat(token: string, fingerprint: string): boolean {
    const now = Date.now();
    for (const [key, entry] of this.seen) if (now - entry.at > TOKEN_LIFETIME_MS) this.seen.delete(key);
    const entry = this.seen.get(token);
    if (!entry) return false;
    if (entry.fingerprint !== fingerprint) {
      throw new DynamoError(400, { __type: 'com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException',
        message: 'Request parameters do not match the previous request with the same client token' });
    }
    return true;
  }

  remember(token: string, fingerprint: string): void {
    this.seen.set(token, { fingerprint, at: Date.now() });
  }
}
