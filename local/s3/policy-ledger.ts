/**
 * Single-use presigned POST policies (issue #19: one policy could upload again and again for its 15 minutes).
 * A policy, named by its signature, is claimed when its form's fields have been checked and before any of its
 * file is stored; a second upload with it is refused (403) and stores nothing. A claim is given back when the
 * upload then fails (too large, the store failed), so a failed try does not use the policy up. Claims are kept in
 * memory until the policy expires: a restart of the local edition forgets them (the policies stay bounded by
 * their expiry). Real S3 has no such check; see docs/security.md.
 */
export class PolicyLedger {
  private readonly claims = new Map<string, number>();
  constructor(private readonly now: () => number = Date.now) {}

  /** True when `signature` was unclaimed (it is claimed until `expiresAt`, epoch ms); false when already used. */
  claim(signature: string, expiresAt: number): boolean {
    const at = this.now();
    for (const [claimed, until] of this.claims) if (until <= at) this.claims.delete(claimed);
    if (this.claims.has(signature)) return false;
    this.claims.set(signature, expiresAt);
    return true;
  }

  /** Gives a claim back (the upload it was for failed). */
  release(signature: string): void {
    this.claims.delete(signature);
  }
}
