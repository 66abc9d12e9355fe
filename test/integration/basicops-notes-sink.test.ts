import { jest } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import { basicOpsOAuth } from '../../functions/adapters/integrations/basicops.js';
import { createBasicOpsNotesSink, type AccessTokenSource } from '../../functions/adapters/integrations/basicops-notes-sink.js';
import { NotesSinkError } from '../../functions/core/integrations/meeting-note.js';
import { InvalidGrant, type TokenSet } from '../../functions/core/integrations/ports.js';
import { listenLocal } from '../../local/http/listen.js';
import { BASICOPS_LOCAL_CLIENT, startLocalBasicOps, type LocalBasicOps } from '../../local/basicops/index.js';

jest.setTimeout(60_000); // starts servers

const assumptions = JSON.parse(await readFile(new URL('../fixtures/third-party/basicops-assumptions.json', import.meta.url), 'utf8')).assumed;
const redirectUri = 'http://app.test/home';
const verifierFor = async (state: string) => createHmac('sha256', 'test-key').update(`pkce.${state}`).digest('base64url');

describe('BasicOps notes sink: the wire it sends matches the recorded assumptions', () => {
  it('lists projects and creates a note with the assumed paths, fields and answers', async () => {
    const seen: Array<{ method: string; url: string; contentType?: string; body: string }> = [];
    const server = http.createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      seen.push({ method: req.method!, url: req.url!, contentType: req.headers['content-type'], body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(req.url!.startsWith(assumptions.listProjects.path) ? { success: true, data: [{ id: 7, title: 'Meetings' }] } : { success: true, data: { id: 42, viewUrl: 'https://basicops.test/note/42', bounceUrl: 'x' } }));
    });
    const listening = await listenLocal(server);
    try {
      const sink = createBasicOpsNotesSink({ baseUrl: listening.endpoint, tokens: { current: async () => 't', refresh: async () => 't' } });
      expect(await sink.listProjects()).toEqual([{ id: '7', title: 'Meetings' }]);
      expect(await sink.createNote({ title: 'T', content: 'C', projectId: '7' })).toEqual({ id: '42', viewUrl: 'https://basicops.test/note/42' });

      const [list, create] = seen;
      expect(list).toMatchObject({ method: assumptions.listProjects.method, url: `${assumptions.listProjects.path}?limit=${assumptions.listProjects.query.limit}` });
      expect(create).toMatchObject({ method: assumptions.createNote.method, url: assumptions.createNote.path, contentType: assumptions.createNote.contentType });
      expect(Object.keys(JSON.parse(create!.body)).sort()).toEqual([...assumptions.createNote.fields].sort());
      expect(JSON.parse(create!.body)).toEqual({ title: 'T', content: 'C', project: 7 });
    } finally {
      await listening.stop();
    }
  });
});

describe('BasicOps through the local BasicOps server', () => {
  let dir: string;
  let basicops: LocalBasicOps;
  let oauth: ReturnType<typeof basicOpsOAuth>;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'basicops-'));
    basicops = await startLocalBasicOps({ dataDir: dir, redirectUri });
    oauth = basicOpsOAuth({
      appBase: basicops.endpoint, apiBase: basicops.endpoint, verifierFor,
      credentials: async () => ({ ...BASICOPS_LOCAL_CLIENT, webhookSecret: '' }),
    });
  });
  afterEach(async () => {
    await basicops.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** Authorizes as `email` with PKCE and answers the returned code. */
  async function authorize(email: string, state = 'meetscribe-basicops.s1'): Promise<string> {
    const url = new URL(await oauth.authorizeUrl({ redirectUri, state, scopes: ['read', 'write'], loginHint: email }));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const approved = await fetch(url, { redirect: 'manual' });
    expect(approved.status).toBe(302);
    const back = new URL(approved.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe(state);
    return back.searchParams.get('code')!;
  }

  function tokenSource(initial: TokenSet): AccessTokenSource & { tokens: TokenSet } {
    const source = {
      tokens: initial,
      current: async () => source.tokens.accessToken,
      refresh: async () => { source.tokens = await oauth.refresh(source.tokens.refreshToken); return source.tokens.accessToken; },
    };
    return source;
  }

  it('connects with PKCE, stores a note in the first project and shows it in the read-out', async () => {
    const tokens = await oauth.exchangeCode(await authorize('ana@example.com'), redirectUri, 'meetscribe-basicops.s1');
    const sink = createBasicOpsNotesSink({ baseUrl: basicops.endpoint, tokens: tokenSource(tokens) });
    const [first] = await sink.listProjects();
    const note = await sink.createNote({ title: 'Meeting notes: Sync', content: 'Overview', projectId: first!.id });
    expect(note.viewUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/view\/note\/\d+$/);

    const readout = await (await fetch(`${basicops.endpoint}/dev/basicops/notes.json`)).json();
    expect(readout.notes).toEqual([expect.objectContaining({ id: Number(note.id), title: 'Meeting notes: Sync', accountEmail: 'ana@example.com', project: Number(first!.id) })]);
  });

  it('refreshes an expired token once, with rotation, and goes on', async () => {
    const tokens = tokenSource(await oauth.exchangeCode(await authorize('ana@example.com'), redirectUri, 'meetscribe-basicops.s1'));
    const firstRefresh = tokens.tokens.refreshToken;
    const sink = createBasicOpsNotesSink({ baseUrl: basicops.endpoint, tokens });
    await fetch(`${basicops.endpoint}/dev/basicops/expire-tokens`, { method: 'POST' });

    expect(await sink.listProjects()).toHaveLength(2);
    expect(tokens.tokens.refreshToken).not.toBe(firstRefresh);
    await expect(oauth.refresh(firstRefresh)).rejects.toBeInstanceOf(InvalidGrant);
  });

  it('refuses a code exchanged with another state (wrong PKCE verifier), a reused code and a note for another project', async () => {
    const code = await authorize('ana@example.com');
    await expect(oauth.exchangeCode(code, redirectUri, 'meetscribe-basicops.other')).rejects.toBeInstanceOf(InvalidGrant);
    const again = await authorize('ana@example.com', 'meetscribe-basicops.s2');
    const tokens = await oauth.exchangeCode(again, redirectUri, 'meetscribe-basicops.s2');
    await expect(oauth.exchangeCode(again, redirectUri, 'meetscribe-basicops.s2')).rejects.toBeInstanceOf(InvalidGrant);

    const sink = createBasicOpsNotesSink({ baseUrl: basicops.endpoint, tokens: tokenSource(tokens) });
    await expect(sink.createNote({ title: 'x', content: 'y', projectId: '1' })).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('says unauthorized when the refreshed token is refused too', async () => {
    const tokens = await oauth.exchangeCode(await authorize('ana@example.com'), redirectUri, 'meetscribe-basicops.s1');
    const sink = createBasicOpsNotesSink({ baseUrl: basicops.endpoint, tokens: { current: async () => tokens.accessToken, refresh: async () => tokens.accessToken } });
    await fetch(`${basicops.endpoint}/dev/basicops/expire-tokens`, { method: 'POST' });
    const error = await sink.listProjects().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotesSinkError);
    expect(error).toMatchObject({ kind: 'unauthorized' });
  });
});
