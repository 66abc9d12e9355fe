import { jest } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createBasicOpsNotesSink, type AccessTokenSource } from '../../functions/adapters/basicops/basicops-notes-sink.js';
import { basicOpsAuthorizeUrl, BasicOpsOAuthError, exchangeBasicOpsCode, newPkcePair, refreshBasicOpsTokens, type BasicOpsTokens } from '../../functions/adapters/basicops/basicops-oauth.js';
import { NotesSinkError } from '../../functions/core/integrations/meeting-note.js';
import { listenLocal } from '../../local/http/listen.js';
import { BASICOPS_LOCAL_CLIENT, startLocalBasicOps, type LocalBasicOps } from '../../local/basicops/index.js';

jest.setTimeout(60_000); // starts servers

const assumptions = JSON.parse(await readFile(new URL('../fixtures/third-party/basicops-assumptions.json', import.meta.url), 'utf8')).assumed;
const client = { ...BASICOPS_LOCAL_CLIENT, redirectUri: 'http://app.test/home' };

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

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'basicops-'));
    basicops = await startLocalBasicOps({ dataDir: dir, redirectUri: client.redirectUri });
  });
  afterEach(async () => {
    await basicops.stop();
    await rm(dir, { recursive: true, force: true });
  });

  async function authorize(email: string, pkce = newPkcePair()): Promise<{ code: string; verifier: string }> {
    const url = new URL(basicOpsAuthorizeUrl(basicops.endpoint, client, 'st-1', pkce.challenge));
    url.searchParams.set('login_hint', email);
    const approved = await fetch(url, { redirect: 'manual' });
    expect(approved.status).toBe(302);
    const back = new URL(approved.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('st-1');
    return { code: back.searchParams.get('code')!, verifier: pkce.verifier };
  }

  function tokenSource(initial: BasicOpsTokens): AccessTokenSource & { tokens: BasicOpsTokens } {
    const source = {
      tokens: initial,
      current: async () => source.tokens.accessToken,
      refresh: async () => { source.tokens = await refreshBasicOpsTokens(basicops.endpoint, client, source.tokens.refreshToken); return source.tokens.accessToken; },
    };
    return source;
  }

  it('connects with PKCE, stores a note in the first project and shows it in the read-out', async () => {
    const { code, verifier } = await authorize('ana@example.com');
    const sink = createBasicOpsNotesSink({ baseUrl: basicops.endpoint, tokens: tokenSource(await exchangeBasicOpsCode(basicops.endpoint, client, code, verifier)) });
    const [first] = await sink.listProjects();
    const note = await sink.createNote({ title: 'Meeting notes: Sync', content: 'Overview', projectId: first!.id });
    expect(note.viewUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/view\/note\/\d+$/);

    const readout = await (await fetch(`${basicops.endpoint}/dev/basicops/notes.json`)).json();
    expect(readout.notes).toEqual([expect.objectContaining({ id: Number(note.id), title: 'Meeting notes: Sync', accountEmail: 'ana@example.com', project: Number(first!.id) })]);
  });

  it('refreshes an expired token once, with rotation, and goes on', async () => {
    const { code, verifier } = await authorize('ana@example.com');
    const tokens = tokenSource(await exchangeBasicOpsCode(basicops.endpoint, client, code, verifier));
    const firstRefresh = tokens.tokens.refreshToken;
    const sink = createBasicOpsNotesSink({ baseUrl: basicops.endpoint, tokens });
    await fetch(`${basicops.endpoint}/dev/basicops/expire-tokens`, { method: 'POST' });

    expect(await sink.listProjects()).toHaveLength(2);
    expect(tokens.tokens.refreshToken).not.toBe(firstRefresh);
    await expect(refreshBasicOpsTokens(basicops.endpoint, client, firstRefresh)).rejects.toMatchObject({ code: 'invalid_grant' });
  });

  it('refuses a wrong PKCE verifier, a reused code and a note for another project', async () => {
    const { code } = await authorize('ana@example.com');
    await expect(exchangeBasicOpsCode(basicops.endpoint, client, code, 'wrong-verifier')).rejects.toBeInstanceOf(BasicOpsOAuthError);
    const again = await authorize('ana@example.com');
    const tokens = await exchangeBasicOpsCode(basicops.endpoint, client, again.code, again.verifier);
    await expect(exchangeBasicOpsCode(basicops.endpoint, client, again.code, again.verifier)).rejects.toMatchObject({ code: 'invalid_grant' });

    const sink = createBasicOpsNotesSink({ baseUrl: basicops.endpoint, tokens: tokenSource(tokens) });
    await expect(sink.createNote({ title: 'x', content: 'y', projectId: '1' })).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('says unauthorized when the refresh is refused too', async () => {
    const { code, verifier } = await authorize('ana@example.com');
    const tokens = await exchangeBasicOpsCode(basicops.endpoint, client, code, verifier);
    const sink = createBasicOpsNotesSink({ baseUrl: basicops.endpoint, tokens: { current: async () => tokens.accessToken, refresh: async () => tokens.accessToken } });
    await fetch(`${basicops.endpoint}/dev/basicops/expire-tokens`, { method: 'POST' });
    const error = await sink.listProjects().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotesSinkError);
    expect(error).toMatchObject({ kind: 'unauthorized' });
  });
});
