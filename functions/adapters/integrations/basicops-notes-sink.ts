import { NotesSinkError, type NoteDraft, type NoteProject, type NotesSink, type StoredNote } from '../../core/integrations/meeting-note.js';

/** Where the sink gets its bearer token; `refresh()` is called once when BasicOps answers 401. */
export interface AccessTokenSource {
  current(): Promise<string>;
  refresh(): Promise<string>;
}

export interface BasicOpsNotesSinkOptions {
  /** REST base, `https://api.basicops.com` in the cloud, the local BasicOps server in the local edition. */
  readonly baseUrl: string;
  readonly tokens: AccessTokenSource;
  readonly fetch?: typeof fetch;
}

/**
 * NotesSink on the BasicOps REST API (v1). The note call's path and fields are assumptions recorded in
 * test/fixtures/third-party/basicops-assumptions.json (the contract test checks this adapter against them).
 */
export function createBasicOpsNotesSink(options: BasicOpsNotesSinkOptions): NotesSink {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', pathAndQuery: string, body?: unknown): Promise<Record<string, unknown>> {
    let token = await options.tokens.current();
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(`${base}${pathAndQuery}`, {
          method,
          headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(20_000),
        });
      } catch (error) {
        throw new NotesSinkError('unavailable', `BasicOps could not be reached: ${(error as Error).message}`);
      }
      if (response.status === 401 && attempt === 0) {
        token = await options.tokens.refresh();
        continue;
      }
      const text = await response.text();
      const parsed = safeJson(text);
      if (response.status === 401 || response.status === 403) throw new NotesSinkError('unauthorized', 'BasicOps no longer accepts the access token.');
      if (!response.ok) {
        const detail = typeof parsed.error === 'string' ? parsed.error : `HTTP ${response.status}`;
        throw new NotesSinkError(response.status >= 500 ? 'unavailable' : 'rejected', `BasicOps refused the request: ${detail}`);
      }
      return parsed;
    }
  }

  return {
    async listProjects(): Promise<NoteProject[]> {
      const { data } = await call('GET', '/v1/project?limit=100');
      if (!Array.isArray(data)) throw new NotesSinkError('unavailable', 'BasicOps answered projects in an unexpected shape.');
      return data.map((p: { id: number | string; title?: string }) => ({ id: String(p.id), title: p.title ?? `Project ${p.id}` }));
    },
    async createNote(draft: NoteDraft): Promise<StoredNote> {
      const project = Number(draft.projectId);
      const { data } = await call('POST', '/v1/note', { title: draft.title, content: draft.content, project: Number.isSafeInteger(project) ? project :
        draft.projectId });
      const record = (data ?? {}) as { id?: number | string; viewUrl?: string };
      if (record.id === undefined) throw new NotesSinkError('unavailable', 'BasicOps answered without the id of the note.');
      return { id: String(record.id), viewUrl: record.viewUrl ?? '' };
    },
  };
}

function safeJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
