import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { documentClient } from '../../functions/adapters/dynamodb/client.js';
import { createProcessingRepository } from '../../functions/adapters/dynamodb/processing-repository.js';
import { createRoomMeetings } from '../../functions/adapters/dynamodb/room-meetings.js';
import { WAITING_FOR_MINUTES } from '../../functions/core/billing/messages.js';
import { MAIN_TABLE } from '../../lib/definitions/resources.js';
import { startLocalEdition, type LocalEdition } from '../../local/runtime.js';
import { eventually } from '../helpers/eventually.js';
import { signUpAndSignIn } from '../helpers/users.js';

/**
 * A live-room recording made while the host's minutes are used up is kept (its upload URL is given),
 * not processed (the row says why), and processed once minutes are available again. The hourly
 * re-check of the state machine is scaled to a few hundred milliseconds here.
 */
let edition: LocalEdition;
let dataDir: string;

async function api(method: string, apiPath: string, token: string, json?: unknown) {
  const response = await fetch(`${edition.url}/api/${apiPath}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, body: (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'meetscribe-billing-wait-'));
  edition = await startLocalEdition({ dataDir, port: 0, waitScale: 0.0001 });
}, 120_000);
afterAll(async () => {
  await edition?.stop();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

it('keeps a live-room recording without minutes, says so on the row, and processes it after subscribing', async () => {
  const user = await signUpAndSignIn(edition.url, `waiting-${Date.now()}@example.com`);
  await createProcessingRepository(documentClient, MAIN_TABLE.localName).chargeMinutes('earlier', 'etag-earlier', user.userId, 70, new Date().toISOString());
  const id = (await api('POST', 'meetings/', user.access, { name: 'Meeting room' })).body.id as string;
  expect((await api('GET', `meetings/${id}/video_upload_url/`, user.access)).status).toBe(403);
  // As when the host opens the live room (only room meetings get webm upload links).
  await createRoomMeetings(documentClient, MAIN_TABLE.localName).markLiveRoom(id);
  const target = await api('GET', `meetings/${id}/video_upload_url/?content_type=video/webm`, user.access);
  expect(target.status).toBe(200);
  const form = new FormData();
  Object.entries(target.body.fields as Record<string, string>).forEach(([k, v]) => form.append(k, v));
  form.append('file', new Blob([new Uint8Array(Buffer.from('not really webm'))]), 'recording.webm');
  expect((await fetch(target.body.url, { method: 'POST', body: form })).status).toBeLessThan(300);

  await eventually(async () => {
    const processing = (await api('GET', `meetings/${id}/`, user.access)).body.processing;
    if (processing?.reason !== WAITING_FOR_MINUTES || processing.status !== 'queued') throw new Error(JSON.stringify(processing));
  }, 30_000);

  expect((await api('POST', 'users/create_payment_intent/', user.access, { price_id: 'price_pro_monthly', payment_method: 'pm_card_visa' })).status).toBe(200);
  // The next hourly check claims the kept recording and runs it (these bytes are no media, so it ends failed at ProbeMedia).
  await eventually(async () => {
    const processing = (await api('GET', `meetings/${id}/`, user.access)).body.processing;
    if (processing?.status !== 'failed' || processing.step !== 'ProbeMedia') throw new Error(JSON.stringify(processing));
  }, 60_000);
}, 150_000);
