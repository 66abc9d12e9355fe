/** The Zoom and Webex webhook use cases (core/integrations/webhooks.ts) over in-memory ports. */
import type { ConnectDeps } from '../../../functions/core/integrations/connect.js';
import type { ImportRequest } from '../../../functions/core/integrations/import-recording.js';
import type { Connection } from '../../../functions/core/integrations/ports.js';
import {
  MalformedWebhook, receiveWebexWebhook, receiveZoomWebhook, WebhookRefused, type WebexWebhookDeps, type ZoomWebhookDeps,
} from '../../../functions/core/integrations/webhooks.js';
import { webexSignature, zoomSignature, zoomUrlValidation } from '../../../functions/core/integrations/webhook-signatures.js';
import { clearCipher, memoryConnections, memoryFlags, memoryImports } from './memory-ports.js';

const ZOOM_SECRET = 'zoom-webhook-secret';
const NOW = 1_750_000_000;

function zoomWorld() {
  const connections = memoryConnections();
  const imports = memoryImports();
  const started: ImportRequest[] = [];
  const deleted: string[] = [];
  const removedAtProvider: string[] = [];
  const connect = {
    connections, cipher: clearCipher, flags: memoryFlags(), clock: () => NOW * 1000,
    oauth: () => { throw new Error('no OAuth in these tests'); },
    lifecycle: () => ({ removed: async (c: Connection) => { removedAtProvider.push(c.userId); } }),
  } as unknown as ConnectDeps;
  const deps: ZoomWebhookDeps = {
    connect, connections, imports,
    startImport: async (request) => { started.push(request); },
    webhookSecret: async () => ZOOM_SECRET,
    recordingOf: (object) => ({ service: 'zoom', recordingId: object.uuid, topic: String(object.topic), startTime: '', durationSeconds: 60, files: [] }),
    deleteMeeting: async (meetingId) => { deleted.push(meetingId); },
    nowSeconds: () => NOW,
  };
  const deliver = (body: unknown, at = NOW, secret = ZOOM_SECRET) => {
    const rawBody = JSON.stringify(body);
    return receiveZoomWebhook(deps, { rawBody, timestamp: String(at), signature: zoomSignature(secret, String(at), rawBody) });
  };
  return { deps, connections, imports, started, deleted, removedAtProvider, deliver };
}

async function connectZoomUser(w: ReturnType<typeof zoomWorld>, userId: string, zoomUserId: string) {
  await w.connections.put({
    userId, service: 'zoom', tokenVersion: 1, needsReauthorization: false, connectedAt: '2025-01-01T00:00:00Z',
    provider: { id: zoomUserId, email: `${userId}@example.com` }, settings: { autoShare: false, autoRecord: false },
  });
  await w.connections.link('zoom', zoomUserId, userId);
}

const imported = (userId: string, recordingId: string, meetingId: string) =>
  ({ service: 'zoom' as const, recordingId, userId, meetingId, status: 'imported' as const, updatedAt: '2025-01-02T00:00:00Z' });

describe('receiveZoomWebhook', () => {
  it('answers the URL validation challenge with the token encrypted by the webhook secret', async () => {
    const w = zoomWorld();
    expect(await w.deliver({ event: 'endpoint.url_validation', payload: { plainToken: 'abc' } })).toEqual(zoomUrlValidation(ZOOM_SECRET, 'abc'));
    await expect(w.deliver({ event: 'endpoint.url_validation', payload: {} })).rejects.toThrow(new MalformedWebhook('plainToken is missing.'));
  });

  it('refuses a delivery signed with another secret, an unsigned one and a stale one, before reading the body', async () => {
    const w = zoomWorld();
    await connectZoomUser(w, 'u-1', 'zu-1');
    const event = { event: 'recording.completed', payload: { object: { uuid: 'rec-1', host_id: 'zu-1' } } };
    await expect(w.deliver(event, NOW, 'forged')).rejects.toThrow(new WebhookRefused('bad_signature'));
    await expect(w.deliver(event, NOW - 301)).rejects.toThrow(new WebhookRefused('stale'));
    await expect(receiveZoomWebhook(w.deps, { rawBody: JSON.stringify(event) })).rejects.toThrow(new WebhookRefused('missing'));
    expect(w.started).toEqual([]);
    expect(new WebhookRefused('bad_signature')).toMatchObject({ statusCode: 401, message: 'Webhook signature bad signature.' });
  });

  it('starts the import of a completed recording of a connected host, with the recording as the hint', async () => {
    const w = zoomWorld();
    await connectZoomUser(w, 'u-1', 'zu-1');
    expect(await w.deliver({ event: 'recording.completed', payload: { object: { uuid: 'rec-1', host_id: 'zu-1', topic: 'Standup' } } }))
      .toEqual({ detail: 'Import started.' });
    expect(w.started).toEqual([{ service: 'zoom', userId: 'u-1', recordingId: 'rec-1', hint: expect.objectContaining({ topic: 'Standup' }) }]);
    expect(await w.deliver({ event: 'recording.completed', payload: { object: { uuid: 'rec-2', host_id: 'zu-other' } } }))
      .toEqual({ detail: 'No connected user for this host; ignored.' });
    await expect(w.deliver({ event: 'recording.completed', payload: { object: { uuid: 'rec-3' } } })).rejects.toBeInstanceOf(MalformedWebhook);
    expect(w.started).toHaveLength(1);
  });

  it('rejects a signed body that is not a Zoom event and ignores events it does not handle', async () => {
    const w = zoomWorld();
    await expect(w.deliver([1, 2])).rejects.toThrow(new MalformedWebhook('The webhook body is not a Zoom event.'));
    expect(await w.deliver({ event: 'meeting.started' })).toEqual({ detail: 'Event meeting.started ignored.' });
  });

  it('on app_deauthorized disconnects the user and deletes the imported meetings unless Zoom says the data may stay', async () => {
    const w = zoomWorld();
    await connectZoomUser(w, 'u-1', 'zu-1');
    await w.imports.claim(imported('u-1', 'rec-1', 'm-1'));
    await w.imports.claim(imported('u-1', 'rec-2', 'm-2'));
    expect(await w.deliver({ event: 'app_deauthorized', payload: { user_id: 'zu-1', user_data_retention: 'false' } })).toEqual({ detail: 'Deauthorized.' });
    expect(await w.connections.find('u-1', 'zoom')).toBeUndefined();
    expect(await w.connections.userFor('zoom', 'zu-1')).toBeUndefined();
    expect(w.removedAtProvider).toEqual(['u-1']);
    expect(w.deleted.sort()).toEqual(['m-1', 'm-2']);
    expect(await w.imports.listForUser('u-1', 'zoom')).toEqual([]);
    expect(await w.deliver({ event: 'app_deauthorized', payload: { user_id: 'zu-1' } })).toEqual({ detail: 'Unknown user; nothing stored.' });
  });

  it('keeps the meetings when the user allowed Zoom to retain their data', async () => {
    const w = zoomWorld();
    await connectZoomUser(w, 'u-1', 'zu-1');
    await w.imports.claim(imported('u-1', 'rec-1', 'm-1'));
    await w.deliver({ event: 'app_deauthorized', payload: { user_id: 'zu-1', user_data_retention: true } });
    expect(w.deleted).toEqual([]);
    expect(await w.connections.find('u-1', 'zoom')).toBeUndefined();
    await expect(w.deliver({ event: 'app_deauthorized', payload: {} })).rejects.toThrow('The deauthorization event has no user_id.');
  });
});

describe('receiveWebexWebhook', () => {
  const userSecret = (userId: string) => `webex-secret-of-${userId}`;
  function webexWorld() {
    const connections = memoryConnections();
    const started: ImportRequest[] = [];
    const deps: WebexWebhookDeps = {
      connections, startImport: async (r) => { started.push(r); }, webhookSecretFor: async (userId) => userSecret(userId),
    };
    const deliver = (body: unknown, secret?: string) => {
      const rawBody = JSON.stringify(body);
      return receiveWebexWebhook(deps, { rawBody, signature: secret === undefined ? undefined : webexSignature(secret, rawBody) });
    };
    return { connections, started, deliver };
  }
  const created = { id: 'wh-1', resource: 'recordings', event: 'created', data: { id: 'rec-9' } };

  it('starts the import of a recording the webhook of a connected user reports, signed with that user\'s secret', async () => {
    const w = webexWorld();
    await w.connections.link('webex', 'wh-1', 'u-1');
    expect(await w.deliver(created, userSecret('u-1'))).toEqual({ detail: 'Import started.' });
    expect(w.started).toEqual([{ service: 'webex', userId: 'u-1', recordingId: 'rec-9' }]);
    expect(await w.deliver({ ...created, resource: 'meetings' }, userSecret('u-1'))).toEqual({ detail: 'Event ignored.' });
    await expect(w.deliver({ ...created, data: {} }, userSecret('u-1'))).rejects.toThrow('The recording event has no data.id.');
  });

  it('refuses an unsigned delivery, one of an unknown webhook and one signed with another user\'s secret', async () => {
    const w = webexWorld();
    await w.connections.link('webex', 'wh-1', 'u-1');
    await expect(w.deliver(created)).rejects.toThrow(new WebhookRefused('missing'));
    await expect(w.deliver({ ...created, id: 'wh-unknown' }, userSecret('u-1'))).rejects.toThrow(new WebhookRefused('bad_signature'));
    await expect(w.deliver(created, userSecret('u-2'))).rejects.toThrow(new WebhookRefused('bad_signature'));
    await expect(w.deliver({ resource: 'recordings' }, userSecret('u-1'))).rejects.toThrow(new MalformedWebhook('The webhook body is not a Webex event.'));
    expect(w.started).toEqual([]);
  });
});
