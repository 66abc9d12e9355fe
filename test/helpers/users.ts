import { eventually } from './eventually.js';

export interface SignedInUser { access: string; refresh: string; userId: string }

const json = async (url: string, body: unknown, token?: string) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
};

/**
 * Signs `email` up through the real accounts API of a running local edition at `url` (code read from
 * /dev/mailbox.json) and signs it in. Throws with the server's answer when a step fails.
 */
export async function signUpAndSignIn(url: string, email: string, password = 'meeting-tests-1', name = { first: 'Test', last: 'User' }): Promise<SignedInUser> {
  const sent = await json(`${url}/api/users/start_email_verification/`, { email });
  if (sent.status >= 300) throw new Error(`start_email_verification answered ${sent.status}: ${await sent.text()}`);
  const code = await eventually(async () => {
    const mails = await (await fetch(`${url}/dev/mailbox.json`)).json() as Array<{ to: string[]; text?: string }>;
    const found = mails.find((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()))?.text?.match(/\b(\d{6})\b/)?.[1];
    if (!found) throw new Error(`no verification code mailed to ${email}`);
    return found;
  });
  const signUp = await json(`${url}/api/users/`, {
    first_name: name.first, last_name: name.last, username: email, password, consent: true, verification_code: code,
  });
  const user = await signUp.json() as { id?: string };
  if (signUp.status !== 201 || !user.id) throw new Error(`sign-up answered ${signUp.status}: ${JSON.stringify(user)}`);
  const tokens = await json(`${url}/api/auth/token/obtain/`, { username: email, password });
  const pair = await tokens.json() as { access?: string; refresh?: string };
  if (tokens.status !== 200 || !pair.access || !pair.refresh) throw new Error(`token obtain answered ${tokens.status}: ${JSON.stringify(pair)}`);
  return { access: pair.access, refresh: pair.refresh, userId: user.id };
}
