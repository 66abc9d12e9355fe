import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startLocalEdition, type LocalEdition } from '../../local/runtime.js';

export interface ApiAnswer { status: number; contentType: string; body: any }
export interface CallOptions { json?: unknown; form?: Record<string, string>; token?: string }

/**
 * The accounts API over real HTTP: the local edition (gateway, DynamoDB front, mail, secrets) on random
 * ports in a temp folder, plus helpers to call /api/ and read the dev mailbox.
 */
export class AccountsHarness {
  private constructor(readonly edition: LocalEdition, private readonly dataDir: string) {}

  static async start(): Promise<AccountsHarness> {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-accounts-'));
    return new AccountsHarness(await startLocalEdition({ dataDir, port: 0, waitScale: 0 }), dataDir);
  }

  async stop(): Promise<void> {
    await this.edition.stop();
    await rm(this.dataDir, { recursive: true, force: true });
  }

  /** Calls `/api/${apiPath}` with a JSON or form-encoded body and an optional bearer token. */
  async call(method: string, apiPath: string, options: CallOptions = {}): Promise<ApiAnswer> {
    const headers: Record<string, string> = {};
    let body: string | undefined;
    if (options.json !== undefined) { headers['content-type'] = 'application/json'; body = JSON.stringify(options.json); }
    if (options.form) { headers['content-type'] = 'application/x-www-form-urlencoded'; body = new URLSearchParams(options.form).toString(); }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${this.edition.url}/api/${apiPath}`, { method, headers, body });
    const contentType = response.headers.get('content-type') ?? '';
    const text = await response.text();
    return { status: response.status, contentType, body: contentType.includes('json') && text ? JSON.parse(text) : text };
  }

  /** Every message sent to `to`, newest first. */
  async mailTo(to: string) {
    const all = await this.edition.mail!.mailbox.list();
    return all.filter((m) => m.to.some((address) => address.toLowerCase() === to.toLowerCase()));
  }

  /** The 6-digit code in the newest mail to `to`. Throws when there is none. */
  async codeFor(to: string): Promise<string> {
    const code = (await this.mailTo(to))[0]?.text?.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no verification code mailed to ${to}`);
    return code;
  }

  /** The reset key from the link in the newest mail to `to`. Throws when there is none. */
  async resetKeyFor(to: string): Promise<string> {
    const key = (await this.mailTo(to))[0]?.text?.match(/\/auth\/resetPassword\?key=([^\s&]+)/)?.[1];
    if (!key) throw new Error(`no reset link mailed to ${to}`);
    return decodeURIComponent(key);
  }

  /** Signs up `email` through the real code flow and returns its tokens and user id. */
  async registered(email: string, password = 'analytical1'): Promise<{ id: string; access: string; refresh: string }> {
    await this.call('POST', 'users/start_email_verification/', { json: { email } });
    const code = await this.codeFor(email);
    const signUp = await this.call('POST', 'users/', { json: {
      first_name: 'Test', last_name: 'User', username: email, password, consent: true, verification_code: code,
    } });
    if (signUp.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
    const tokens = await this.call('POST', 'auth/token/obtain/', { json: { username: email, password } });
    return { id: signUp.body.id, ...tokens.body };
  }
}
