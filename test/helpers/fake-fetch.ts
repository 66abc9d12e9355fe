/** The SPA tests' network boundary: a fetch that records each call and answers what the test says. */
export interface FetchCall { method: string; url: string; body: any }

/** A JSON answer (`json`), a plain-text one (`text`), or 'no-answer': the network fails, as fetch does offline. */
export type FetchReply = { status: number; json?: unknown; text?: string } | 'no-answer';

/** A fetch that pushes every call (JSON bodies parsed, others kept as sent) to `calls` and answers with `reply`. */
export function fakeFetch(calls: FetchCall[], reply: (call: FetchCall) => FetchReply | Promise<FetchReply>): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    let body: unknown = raw;
    try { body = raw === undefined ? undefined : JSON.parse(raw); } catch { /* form-encoded */ }
    const call = { method: init?.method ?? 'GET', url: String(input), body };
    calls.push(call);
    const answer = await reply(call);
    if (answer === 'no-answer') throw new TypeError('Failed to fetch');
    const isText = answer.text !== undefined;
    const text = isText ? answer.text! : answer.json === undefined ? '' : JSON.stringify(answer.json);
    return {
      ok: answer.status < 300, status: answer.status,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? (isText ? 'text/plain' : 'application/json') : null) },
      text: async () => text,
    } as unknown as Response;
  }) as typeof fetch;
}
