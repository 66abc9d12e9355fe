import { createKeyedDigest } from '../../../functions/core/auth/keyed-digest.js';
import { createScryptHasher } from '../../../functions/core/auth/passwords.js';
import { createTokenService } from '../../../functions/core/auth/tokens.js';
import { DEFAULT_FREE_PLAN_MINUTES } from '../../../functions/core/billing/ledger.js';
import { minutesBalance } from '../../../functions/core/billing/minutes.js';
import {
  EmailTaken, type MailMessage, type RateLimits, type RateWindow, type RefreshSessions, type ResetKeys, type RotationOutcome, type StoredCode,
  type TokenVersions, type UserRecord,
  type UsersRepository, type VerificationCodes,
} from '../../../functions/core/accounts/ports.js';

/** In-memory users with the same uniqueness rule as the DynamoDB adapter. */
export class MemoryUsers implements UsersRepository {
  readonly byId = new Map<string, UserRecord>();
  async create(user: UserRecord) {
    if ([...this.byId.values()].some((u) => u.email === user.email)) throw new EmailTaken(user.email);
    this.byId.set(user.id, user);
  }
  async findById(id: string) { return this.byId.get(id); }
  async findByEmail(email: string) { return [...this.byId.values()].find((u) => u.email === email); }
  private patch(id: string, change: Partial<UserRecord>) {
    const user = this.byId.get(id);
    if (!user) return undefined;
    const next = { ...user, ...change };
    this.byId.set(id, next);
    return next;
  }
  async updateProfile(id: string, change: { firstName: string; lastName: string; company: string }) { return this.patch(id, change); }
  async updateSettings(id: string, settings: { emailNotes: boolean }) { return this.patch(id, settings); }
  async replacePassword(id: string, passwordHash: string) {
    this.patch(id, { passwordHash, tokenVersion: (this.byId.get(id)?.tokenVersion ?? 0) + 1 });
  }
  async revokeTokens(id: string) {
    this.patch(id, { tokenVersion: (this.byId.get(id)?.tokenVersion ?? 0) + 1 });
  }
  /** The TokenVersions port over the same users. */
  readonly versions: TokenVersions = { current: async (id) => this.byId.get(id)?.tokenVersion };
}

export class MemorySessions implements RefreshSessions {
  readonly sessions = new Map<string, { userId: string; jti: string }>();
  async open(sid: string, userId: string, jti: string) { this.sessions.set(sid, { userId, jti }); }
  async rotate(sid: string, fromJti: string, toJti: string): Promise<RotationOutcome> {
    const session = this.sessions.get(sid);
    if (!session) return 'unknown';
    if (session.jti !== fromJti) return 'reused';
    this.sessions.set(sid, { ...session, jti: toJti });
    return 'rotated';
  }
  async close(sid: string) { this.sessions.delete(sid); }
}

export class MemoryCodes implements VerificationCodes {
  readonly codes = new Map<string, StoredCode>();
  async save(email: string, code: { codeHash: string; expiresAt: number }) { this.codes.set(email, { ...code, attempts: 0 }); }
  async find(email: string) { return this.codes.get(email); }
  async claimAttempt(email: string, maxAttempts: number) {
    const code = this.codes.get(email);
    if (!code || code.attempts >= maxAttempts) return undefined;
    const next = { ...code, attempts: code.attempts + 1 };
    this.codes.set(email, next);
    return next;
  }
  async consume(email: string, codeHash: string) {
    if (this.codes.get(email)?.codeHash !== codeHash) return false;
    return this.codes.delete(email);
  }
}

export class MemoryResetKeys implements ResetKeys {
  readonly keys = new Map<string, { userId: string; expiresAt: number }>();
  readonly newest = new Map<string, string>();
  async save(keyHash: string, userId: string, expiresAt: number) { this.keys.set(keyHash, { userId, expiresAt }); this.newest.set(userId, keyHash); }
  async consume(keyHash: string, nowSeconds: number) {
    const entry = this.keys.get(keyHash);
    this.keys.delete(keyHash);
    if (!entry || entry.expiresAt <= nowSeconds || this.newest.get(entry.userId) !== keyHash) return undefined;
    this.newest.delete(entry.userId);
    return entry.userId;
  }
}

export class MemoryLimits implements RateLimits {
  readonly windows = new Map<string, RateWindow>();
  private current(key: string, now: number) {
    const w = this.windows.get(key);
    return w && w.resetsAt > now ? w : { count: 0, resetsAt: now };
  }
  async peek(key: string, now: number) { return this.current(key, now); }
  /** Atomic like the DynamoDB adapter's conditional update: no await between read and write. */
  async hit(key: string, windowSeconds: number, now: number, amount = 1) {
    const current = this.current(key, now);
    const next = current.count === 0 ? { count: amount, resetsAt: now + windowSeconds } : { ...current, count: current.count + amount };
    this.windows.set(key, next);
    return next;
  }
  async clear(key: string) { this.windows.delete(key); }
  async refund(key: string, now: number) {
    const current = this.current(key, now);
    if (current.count > 0) this.windows.set(key, { ...current, count: current.count - 1 });
  }
}

export class MemoryMailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) { this.sent.push(message); }
  /** The 6-digit code of the newest e-mail to `to`. */
  lastCode(to: string): string {
    const mail = [...this.sent].reverse().find((m) => m.to === to);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  }
  lastResetKey(to: string): string {
    const mail = [...this.sent].reverse().find((m) => m.to === to);
    const key = mail?.text.match(/[?&]key=([^\s&]+)/)?.[1];
    if (!key) throw new Error(`no reset link mailed to ${to}`);
    return decodeURIComponent(key);
  }
}

/** A controllable clock (epoch ms). */
export class TestClock {
  constructor(public ms = Date.UTC(2026, 0, 1)) {}
  readonly now = () => this.ms;
  advance(seconds: number) { this.ms += seconds * 1000; }
}

const key = Buffer.alloc(64, 7);

/**
 * Every port in memory, with cheap scrypt costs so tests stay fast. `minutes` is the billing context's balance
 * (core/billing/minutes.ts) over an empty ledger with the free allowance `freeMinutes` (default: the product default).
 */
export function memoryWorld(options: { signingKey?: Uint8Array; freeMinutes?: number } = {}) {
  const clock = new TestClock();
  const signingKey = async () => options.signingKey ?? key;
  const billing = {
    store: { findAccount: async () => undefined },
    ledger: { chargesBetween: async () => [] },
    freeMinutes: options.freeMinutes ?? DEFAULT_FREE_PLAN_MINUTES,
    now: clock.now,
  };
  return {
    minutes: { minutesLeft: async (userId: string) => (await minutesBalance(billing, userId)).left },
    clock,
    now: clock.now,
    users: new MemoryUsers(),
    codes: new MemoryCodes(),
    resetKeys: new MemoryResetKeys(),
    sessions: new MemorySessions(),
    limits: new MemoryLimits(),
    mailer: new MemoryMailer(),
    hasher: createScryptHasher({ N: 2 ** 10, r: 8, p: 1 }),
    digest: createKeyedDigest(signingKey),
    tokens: createTokenService({ signingKey, now: clock.now }),
    appUrl: 'https://app.example.test',
  };
}
export type MemoryWorld = ReturnType<typeof memoryWorld>;

/** A stored user for tests that need one without going through sign-up. */
export function userRecord(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    id: 'user-1', email: 'someone@example.com', firstName: 'Some', lastName: 'One', company: '', passwordHash: 'scrypt$1$1$1$AA==$AA==',
    emailNotes: true, selectedPlan: null, tokenVersion: 0, createdAt: '2026-01-01T00:00:00.000Z', consentedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
