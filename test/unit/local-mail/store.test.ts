import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { newMessageId, openFileMailbox } from '../../../local/mail/store.js';

const message = (id: string, subject: string) => ({ id, receivedAt: new Date().toISOString(), from: 'a@x.test', to: ['b@x.test'], cc: [], bcc: [], replyTo: [], subject, text: 't' });

describe('openFileMailbox', () => {
  let dir: string;
  beforeEach(async () => { dir = await mkdtemp(path.join(os.tmpdir(), 'mailbox-')); });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('lists messages saved in the same millisecond newest first', async () => {
    const box = await openFileMailbox(dir);
    const now = Date.now();
    for (const subject of ['one', 'two', 'three']) await box.save(message(newMessageId(now), subject));

    expect((await box.list()).map((m) => m.subject)).toEqual(['three', 'two', 'one']);
  });

  it('ignores a temp file left by an interrupted write and leaves none itself', async () => {
    const box = await openFileMailbox(dir);
    await writeFile(path.join(dir, '.half-written.tmp'), '{"id":');
    const id = newMessageId();
    await box.save(message(id, 'kept'));

    expect((await box.list()).map((m) => m.id)).toEqual([id]);
    expect((await readdir(dir)).filter((f) => f.endsWith('.json'))).toEqual([`${id}.json`]);
  });

  it('answers undefined for an unknown or path-like id', async () => {
    const box = await openFileMailbox(dir);

    expect(await box.get(newMessageId())).toBeUndefined();
    expect(await box.get('../../etc/passwd')).toBeUndefined();
  });
});
